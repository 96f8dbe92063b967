import { businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  type Actor,
  adminFor,
  capitalVoucherFor,
  freshCompany,
  paymentFor,
  pledgeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readDashboard } from '../dashboard/dashboard.repository.ts';
import { postVoucher } from './vouchers.service.ts';

// The kept per-day account totals (account_day_totals, migration 0018) equal the voucher lines summed
// per account and day after every way a line is written: manual vouchers posted, revised (amount and
// date) and deleted in the daybook, a pledge, its edit, a payment and its reversal, lines updated in
// place; a rolled-back transaction leaves nothing behind. On PGlite and PostgreSQL (the concurrent
// case is in account-day-totals.postgres.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = () => businessToday(t.config.businessTimeZone);

/** Every account-day of the company where the kept totals and the lines differ (none when kept). */
async function differences(db: DbOrTx, companyId: number) {
  return rowsOf<{ account_id: number; entry_date: string; kept: string; lines: string }>(
    await db.execute(sql`
      select coalesce(t.account_id, l.account_id) as account_id,
             coalesce(t.entry_date, l.entry_date)::text as entry_date,
             coalesce(t.debit, 0) || '/' || coalesce(t.credit, 0) as kept,
             coalesce(l.debit, 0) || '/' || coalesce(l.credit, 0) as lines
        from (select * from account_day_totals where company_id = ${companyId}) t
        full join (select account_id, entry_date, sum(debit) as debit, sum(credit) as credit
                     from voucher_lines where company_id = ${companyId}
                    group by account_id, entry_date) l
          on l.account_id = t.account_id and l.entry_date = t.entry_date
       where coalesce(t.debit, 0) <> coalesce(l.debit, 0) or coalesce(t.credit, 0) <> coalesce(l.credit, 0)`),
  );
}

/** The company's kept total rows as `code date debit/credit`, zero rows left out. */
async function kept(db: DbOrTx, companyId: number): Promise<string[]> {
  return rowsOf<{ row: string }>(
    await db.execute(sql`
      select a.account_code || ' ' || t.entry_date || ' ' || t.debit || '/' || t.credit as row
        from account_day_totals t
        join chart_accounts a on a.company_id = t.company_id and a.id = t.account_id
       where t.company_id = ${companyId} and (t.debit <> 0 or t.credit <> 0)
       order by a.account_code, t.entry_date`),
  ).map((r) => r.row);
}

async function pendingRows(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from account_day_pending`),
  );
  return row!.n;
}

/** Cash and bank clearing at the end of `asOf` summed from the lines themselves (the old query). */
async function cashFromLines(db: DbOrTx, companyId: number, asOf: string): Promise<number> {
  const [row] = rowsOf<{ balance: string }>(
    await db.execute(sql`
      select coalesce(sum(a.opening_balance + coalesce(
               (select sum(l.debit - l.credit) from voucher_lines l
                 where l.company_id = a.company_id and l.account_id = a.id and l.entry_date <= ${asOf}), 0)), 0)::text as balance
        from chart_accounts a
       where a.company_id = ${companyId} and a.account_code in ('1000', '1190')`),
  );
  return Number(row!.balance);
}

async function accountIds(actor: Actor): Promise<(code: string) => number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: actor.headers() });
  const options = res.json() as { account_id: number; account_code: string }[];
  return (code) => options.find((o) => o.account_code === code)!.account_id;
}

describe('the kept per-day account totals', () => {
  it('follow manual vouchers posted, revised to another amount and date, and deleted', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const db = t.database.db;
    const id = await accountIds(admin);
    const first = await capitalVoucherFor(t, admin, '2026-10-01', 5000);
    await capitalVoucherFor(t, admin, '2026-10-01', 250.5);
    expect(await kept(db, company.id)).toEqual([
      '1000 2026-10-01 5250.50/0.00',
      '3000 2026-10-01 0.00/5250.50',
    ]);

    const revised = await t.app.inject({
      method: 'PUT',
      url: `/api/daybook-entries/${first.entry_id}`,
      headers: admin.headers(),
      payload: {
        entry_date: '2026-10-03',
        voucher_type: 'Receipt',
        narration: 'Capital brought in, corrected',
        details: [
          { account_id: id('1190'), debit_amount: 7000, credit_amount: 0 },
          { account_id: id('3000'), debit_amount: 0, credit_amount: 7000 },
        ],
      },
    });
    expect(revised.statusCode, revised.body).toBe(200);
    expect(await kept(db, company.id)).toEqual([
      '1000 2026-10-01 250.50/0.00',
      '1190 2026-10-03 7000.00/0.00',
      '3000 2026-10-01 0.00/250.50',
      '3000 2026-10-03 0.00/7000.00',
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/daybook-entries/${first.entry_id}`,
      headers: admin.headers(),
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await kept(db, company.id)).toEqual([
      '1000 2026-10-01 250.50/0.00',
      '3000 2026-10-01 0.00/250.50',
    ]);
    expect(await differences(db, company.id)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
  });

  it('follow a pledge, its edit, payments and a reversal, and give the dashboard the balance of the lines', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const db = t.database.db;
    await capitalVoucherFor(t, admin, '2026-04-01', 500000);
    const pledge = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2026-04-10' } });
    await paymentFor(t, company.id, pledge, { payment_date: '2026-05-12', payment_type: 'interest' });
    const paid = await paymentFor(t, company.id, pledge, {
      payment_date: '2026-06-15',
      payment_type: 'interest',
      payment_method: 'online',
      bank_reference: 'UTR1',
    });
    const reversed = await t.app.inject({
      method: 'POST',
      url: `/api/pledge-payments/${paid.id}/reverse`,
      headers: admin.headers(),
      payload: { reason: 'Entered on the wrong pledge' },
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const second = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2026-04-20' } });
    // The second pledge's amounts change: its payout is reversed and a new one posted, in one transaction.
    const view = (
      await t.app.inject({ method: 'GET', url: `/api/pledges/${second.pledge_id}`, headers: admin.headers() })
    ).json();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/pledges/${second.pledge_id}/with-items`,
      headers: admin.headers(),
      payload: {
        customer_id: view.customer_id,
        scheme_id: view.scheme_id,
        pledge_date: view.pledge_date,
        total_loan_amount: view.total_loan_amount - 1000,
        cash_limit_confirmed: true,
        document_charges: view.document_charges,
        status: view.status,
        is_move_to_bank: view.is_move_to_bank,
        remarks: view.remarks,
        items: view.items.map((i: Record<string, unknown>) => ({
          pledge_item_id: i.pledge_item_id,
          action: 'keep',
          jewell_design_id: i.jewell_design_id,
          gross_weight: i.gross_weight,
          net_weight: i.net_weight,
          jewell_condition: i.jewell_condition,
          remarks: i.remarks,
        })),
        delete_item_ids: [],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    expect(await differences(db, company.id)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
    const [counted] = rowsOf<{ days: number; lines: number }>(
      await db.execute(sql`
        select (select count(*)::int from account_day_totals where company_id = ${company.id}) as days,
               (select count(*)::int from voucher_lines where company_id = ${company.id}) as lines`),
    );
    expect(counted!.days).toBeGreaterThan(5);
    expect(counted!.lines).toBeGreaterThan(counted!.days);
    for (const asOf of ['2026-04-09', '2026-04-10', '2026-05-12', '2026-06-15', today()]) {
      expect((await readDashboard(db, company.id, asOf)).balance, asOf).toBe(
        await cashFromLines(db, company.id, asOf),
      );
    }
  });

  it('follow lines updated in place: amount, account and date', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const db = t.database.db;
    const id = await accountIds(admin);
    const v = await capitalVoucherFor(t, admin, '2026-10-01', 1000);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update vouchers set entry_date = '2026-10-02', total_amount = 1200
                            where company_id = ${company.id} and id = ${v.entry_id}`);
      await tx.execute(sql`update voucher_lines
                              set entry_date = '2026-10-02',
                                  debit = case when debit > 0 then 1200 else 0 end,
                                  credit = case when credit > 0 then 1200 else 0 end
                            where company_id = ${company.id} and voucher_id = ${v.entry_id}`);
      await tx.execute(sql`update voucher_lines set account_id = ${id('1190')}
                            where company_id = ${company.id} and voucher_id = ${v.entry_id} and debit > 0`);
      // A narration alone moves no total.
      await tx.execute(sql`update voucher_lines set narration = 'noted'
                            where company_id = ${company.id} and voucher_id = ${v.entry_id}`);
    });
    expect(await kept(db, company.id)).toEqual([
      '1190 2026-10-02 1200.00/0.00',
      '3000 2026-10-02 0.00/1200.00',
    ]);
    expect(await differences(db, company.id)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
  });

  it('take the writes made after they were brought up to date mid-transaction (SET CONSTRAINTS … IMMEDIATE)', async () => {
    const company = await freshCompany(t);
    const db = t.database.db;
    const capital = (day: string, paise: number) => ({
      companyId: company.id,
      voucherType: 'Receipt' as const,
      entryDate: day,
      narration: 'Capital brought in',
      lines: [
        { accountCode: '1000', debitPaise: paise, creditPaise: 0 },
        { accountCode: '3000', debitPaise: 0, creditPaise: paise },
      ],
      source: { kind: 'manual' as const },
      createdBy: null,
    });
    let inside: string[] = [];
    await db.transaction(async (tx) => {
      await postVoucher(tx, capital('2026-08-01', 10_000));
      await tx.execute(sql`set constraints all immediate`);
      await tx.execute(sql`set constraints all deferred`);
      inside = await kept(tx, company.id);
      await postVoucher(tx, capital('2026-08-01', 5_000));
      await postVoucher(tx, capital('2026-08-02', 2_500));
    });
    expect(inside).toEqual(['1000 2026-08-01 100.00/0.00', '3000 2026-08-01 0.00/100.00']);
    expect(await kept(db, company.id)).toEqual([
      '1000 2026-08-01 150.00/0.00',
      '1000 2026-08-02 25.00/0.00',
      '3000 2026-08-01 0.00/150.00',
      '3000 2026-08-02 0.00/25.00',
    ]);
    expect(await differences(db, company.id)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
  });

  it('are left untouched by a transaction rolled back, and the pending deltas never outlive their transaction', async () => {
    const company = await freshCompany(t);
    const db = t.database.db;
    let pendingInside = 0;
    await expect(
      db.transaction(async (tx) => {
        for (const day of ['2026-09-01', '2026-09-02']) {
          await postVoucher(tx, {
            companyId: company.id,
            voucherType: 'Receipt',
            entryDate: day,
            narration: 'Capital brought in',
            lines: [
              { accountCode: '1000', debitPaise: 10_000, creditPaise: 0 },
              { accountCode: '3000', debitPaise: 0, creditPaise: 10_000 },
            ],
            source: { kind: 'manual' },
            createdBy: null,
          });
        }
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(
            sql`select count(*)::int as n from account_day_pending where company_id = ${company.id}`,
          ),
        );
        pendingInside = row!.n;
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // Two vouchers of two lines on two days: four deltas waited for the commit.
    expect(pendingInside).toBe(4);
    expect(await kept(db, company.id)).toEqual([]);
    const [rows] = rowsOf<{ n: number }>(
      await db.execute(
        sql`select count(*)::int as n from account_day_totals where company_id = ${company.id}`,
      ),
    );
    expect(rows!.n).toBe(0);
    expect(await pendingRows(db)).toBe(0);

    // The same work committed: the totals, and still no pending row.
    await db.transaction(async (tx) => {
      await postVoucher(tx, {
        companyId: company.id,
        voucherType: 'Receipt',
        entryDate: '2026-09-01',
        narration: 'Capital brought in',
        lines: [
          { accountCode: '1000', debitPaise: 10_000, creditPaise: 0 },
          { accountCode: '3000', debitPaise: 0, creditPaise: 10_000 },
        ],
        source: { kind: 'manual' },
        createdBy: null,
      });
    });
    expect(await kept(db, company.id)).toEqual([
      '1000 2026-09-01 100.00/0.00',
      '3000 2026-09-01 0.00/100.00',
    ]);
    expect(await pendingRows(db)).toBe(0);
  });
});
