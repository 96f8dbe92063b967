import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { adminFor, capitalVoucherFor, freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';
import { postVoucher } from './vouchers.service.ts';

// The kept per-day account totals under concurrent writers (PostgreSQL: PGlite has one connection).
// Every transaction adds its deltas to the total rows at commit, in one statement ordered by (company,
// account, day), so writers that post to the same accounts and days in different orders queue on the
// total rows instead of deadlocking (40P01), and the totals still equal the lines.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function expectTotalsKept(companyId: number) {
  const [books] = await checkBooks(t.database.db, [companyId]);
  const check = books!.checks.find((c) => c.name === 'The kept daily totals of each account equal its lines');
  expect(check, JSON.stringify(books)).toMatchObject({ status: 'ok' });
  // And the branch's kept daily figures (migration 0032), moved by the same commit-time apply.
  const figures = books!.checks.find((c) => c.name.startsWith('The kept daily figures of the branch'));
  expect(figures, JSON.stringify(books)).toMatchObject({ status: 'ok' });
  const [pending] = rowsOf<{ n: number }>(
    await t.database.db.execute(
      sql`select ((select count(*) from account_day_pending) + (select count(*) from branch_day_pending))::int as n`,
    ),
  );
  expect(pending!.n).toBe(0);
}

describe('the kept per-day account totals under concurrent writers', () => {
  it('many payments, pledges and manual vouchers of one branch at once: no deadlock, totals equal the lines', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const date = '2026-06-10';
    await capitalVoucherFor(t, admin, '2026-04-01', 5_000_000);
    const first = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2026-04-10' } });
    const same = {
      actor: admin,
      schemeId: first.scheme_id,
      skipRate: true,
      customerId: first.customer_id,
      designId: first.designId,
    };
    const pledges = [first];
    for (let i = 0; i < 11; i++) {
      pledges.push(await pledgeFor(t, company.id, { ...same, body: { pledge_date: '2026-04-10' } }));
    }

    const answers = await Promise.all([
      // An interest payment on each pledge (Dr 1000 or 1190, Cr 4000).
      ...pledges.map((p, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/pledge-payments/',
          headers: admin.headers(),
          payload: {
            pledge_id: p.pledge_id,
            payment_date: date,
            payment_type: 'interest',
            amount: 250,
            payment_method: i % 3 === 0 ? 'online' : 'cash',
            ...(i % 3 === 0 ? { bank_reference: `UTR${i}` } : {}),
            cash_limit_confirmed: true,
          },
        }),
      ),
      // Capital brought in (Dr 1000, Cr 3000).
      ...Array.from({ length: 8 }, (_, i) =>
        capitalVoucherFor(t, admin, date, 1000 + i).then(() => ({ statusCode: 201, body: '' })),
      ),
      // New pledges paid out (Dr 1200, Cr 1000, 4000, 4100).
      ...Array.from({ length: 6 }, () =>
        pledgeFor(t, company.id, { ...same, body: { pledge_date: date } }).then(() => ({
          statusCode: 201,
          body: '',
        })),
      ),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    await expectTotalsKept(company.id);
    const [cash] = rowsOf<{ kept: string; lines: string }>(
      await t.database.db.execute(sql`
        select (select sum(t.debit - t.credit) from account_day_totals t
                  join chart_accounts a on a.company_id = t.company_id and a.id = t.account_id
                 where t.company_id = ${company.id} and a.account_code = '1000' and t.entry_date = ${date})::text as kept,
               (select sum(l.debit - l.credit) from voucher_lines l
                  join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
                 where l.company_id = ${company.id} and a.account_code = '1000' and l.entry_date = ${date})::text as lines`),
    );
    expect(cash!.kept).toBe(cash!.lines);
  }, 120_000);

  it('transactions posting two vouchers to the same accounts and days in opposite orders never deadlock', async () => {
    const company = await freshCompany(t);
    const db = t.database.db;
    const voucher = (voucherType: 'Receipt' | 'Payment' | 'Journal' | 'Contra', debit: string) => ({
      companyId: company.id,
      voucherType,
      entryDate: '2026-07-01',
      narration: 'Capital brought in',
      lines: [
        { accountCode: debit, debitPaise: 10_000, creditPaise: 0 },
        { accountCode: '3000', debitPaise: 0, creditPaise: 10_000 },
      ],
      source: { kind: 'manual' as const },
      createdBy: null,
    });
    // Each transaction posts one voucher, waits so that the others post theirs, then posts the second.
    // A posts to 1000 then 1190, B to 1190 then 1000, each numbering from counters of its own (Receipt
    // and Journal, Payment and Contra), so only the total rows could make them wait for each other:
    // were those rows locked as each voucher is posted, A would hold 1000's row waiting for 1190's and
    // B the reverse (40P01).
    const run = (first: Parameters<typeof voucher>, second: Parameters<typeof voucher>) =>
      db.transaction(async (tx) => {
        await postVoucher(tx, voucher(...first));
        await tx.execute(sql`select pg_sleep(0.05)`);
        await postVoucher(tx, voucher(...second));
      });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => [
        run(['Receipt', '1000'], ['Journal', '1190']),
        run(['Payment', '1190'], ['Contra', '1000']),
      ]).flat(),
    );
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    await expectTotalsKept(company.id);
    const totals = rowsOf<{ code: string; debit: string; credit: string }>(
      await db.execute(sql`
        select a.account_code as code, t.debit::text as debit, t.credit::text as credit
          from account_day_totals t
          join chart_accounts a on a.company_id = t.company_id and a.id = t.account_id
         where t.company_id = ${company.id} order by a.account_code`),
    );
    expect(totals).toEqual([
      { code: '1000', debit: '1600.00', credit: '0.00' },
      { code: '1190', debit: '1600.00', credit: '0.00' },
      { code: '3000', debit: '0.00', credit: '3200.00' },
    ]);
  }, 120_000);
});
