import { addDays, businessToday, daysBetween } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import { type Actor, adminFor, freshCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { DEMO_DESIGNS, seedBranchMasters } from './demo-masters.ts';
import { DEMO_BACKDATED_RATE_MONTHS, DEMO_PLEDGE_DAYS, seedDemoPledges } from './demo-pledges.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLEDGES = 60;

/** A fresh branch with the demo's masters (customers made by seed `masterSeed`) and its admin. */
async function demoBranch(masterSeed: number): Promise<{ companyId: number; admin: Actor }> {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  await t.database.db.transaction((tx) =>
    seedBranchMasters(
      tx,
      {
        companyId: company.id,
        home: 'Madurai',
        customers: 40,
        seed: masterSeed,
        accountHolder: 'Demo Branch',
        banks: [
          {
            bankName: 'Canara Bank',
            accountNumber: `11872${company.id}`,
            ifscCode: 'CNRB0001187',
            branchName: 'West Masi Street',
            accountType: 'Current',
          },
        ],
      },
      admin.userId,
    ),
  );
  return { companyId: company.id, admin };
}

type Row = Record<string, unknown>;
const query = async <T extends Row>(q: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(q));

describe('seedDemoPledges', () => {
  it('books the pledges through the create service, back-dated over 18 months at the rate then, and the books hold', async () => {
    const { companyId, admin } = await demoBranch(625_001);
    // The masters' weekly rates end on the real business day; the pledges are dated up to it.
    const today = businessToday(t.config.businessTimeZone);
    const ids = await seedDemoPledges(
      t.database.db,
      { companyId, pledges: PLEDGES, seed: 12 },
      admin.userId,
      today,
    );
    expect(ids).toHaveLength(PLEDGES);

    const pledges = await query<{
      id: number;
      pledge_no: string;
      pledge_date: string;
      status: string;
      is_move_to_bank: boolean;
      item_count: number;
      n_items: number;
      rate: string;
      rate_then: string;
      voucher_date: string | null;
      voucher_total: string | null;
      loan: string;
      prefix: string;
    }>(sql`
      select p.id, p.pledge_no, p.pledge_date::text as pledge_date, p.status, p.is_move_to_bank, p.item_count,
             (select count(*)::int from pledge_items i where i.company_id = p.company_id and i.pledge_id = p.id) as n_items,
             p.rate_per_gram::text as rate,
             (select r.rate_per_gram::text from jewel_rates r
               where r.company_id = p.company_id and r.jewel_type_id = s.jewel_type_id and r.status
                 and r.effective_date <= p.pledge_date
               order by r.effective_date desc, r.id desc limit 1) as rate_then,
             v.entry_date::text as voucher_date, v.total_amount::text as voucher_total,
             p.total_loan_amount::text as loan, s.prefix
        from pledges p
        join schemes s on s.company_id = p.company_id and s.id = p.scheme_id
        left join vouchers v on v.company_id = p.company_id and v.id = p.voucher_id
       where p.company_id = ${companyId}
       order by p.id`);
    expect(pledges.map((p) => p.id)).toEqual([...ids].sort((a, b) => a - b));
    // Over the last 18 months, oldest first, none in the future.
    const dates = pledges.map((p) => p.pledge_date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.at(-1)! <= today).toBe(true);
    expect(dates[0]! >= addDays(today, -DEMO_PLEDGE_DAYS)).toBe(true);
    expect(daysBetween(dates[0]!, dates.at(-1)!)).toBeGreaterThan(360);
    for (const p of pledges) {
      // The rate in force on its date (the back-dated monthly ones for old pledges), 1-3 items, and
      // its Payment voucher dated the pledge date for the loan.
      expect(p.rate).toBe(p.rate_then);
      expect(p.n_items).toBe(p.item_count);
      expect(p.item_count).toBeGreaterThanOrEqual(1);
      expect(p.item_count).toBeLessThanOrEqual(3);
      expect(p.voucher_date).toBe(p.pledge_date);
      expect(p.voucher_total).toBe(p.loan);
    }
    // Every scheme is used, numbered per prefix from 1 without gaps.
    for (const prefix of ['GL', 'GP', 'SL']) {
      const numbers = pledges.filter((p) => p.prefix === prefix).map((p) => Number(p.pledge_no.slice(2)));
      expect(numbers.length).toBeGreaterThan(0);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    expect(pledges.some((p) => p.status === 'inactive')).toBe(true);
    expect(pledges.some((p) => p.is_move_to_bank)).toBe(true);
    expect(pledges.filter((p) => p.status === 'active').length).toBeGreaterThan(PLEDGES / 2);

    // Old pledges found a back-dated rate: 18 monthly rates per jewel type were added.
    const [rates] = await query<{ n: number }>(
      sql`select count(*)::int as n from jewel_rates where company_id = ${companyId}`,
    );
    expect(rates!.n).toBe(15 + 3 * DEMO_BACKDATED_RATE_MONTHS);

    // The books check passes, and Cash in Hand never went below 0 (the capital came first).
    const check = await t.app.inject({ method: 'GET', url: '/api/books/check', headers: admin.headers() });
    expect(check.statusCode).toBe(200);
    expect(check.json().ok).toBe(true);
    const [lowest] = await query<{ lowest: string }>(sql`
      select min(balance)::text as lowest from (
        select sum(l.debit - l.credit) over (order by l.entry_date, l.voucher_id, l.line_no) as balance
          from voucher_lines l join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
         where l.company_id = ${companyId} and a.account_code = '1000') b`);
    expect(Number(lowest!.lowest)).toBeGreaterThanOrEqual(0);
    // Pledge Loans Receivable holds exactly the loans (no payments yet).
    const [loans] = await query<{ receivable: string; loans: string }>(sql`
      select (select sum(l.debit - l.credit) from voucher_lines l
                join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
               where l.company_id = ${companyId} and a.account_code = '1200')::text as receivable,
             (select sum(total_loan_amount) from pledges where company_id = ${companyId})::text as loans`);
    expect(loans!.receivable).toBe(loans!.loans);
  });

  it('is deterministic: the same seed on the same day books the same pledges', async () => {
    const shape = async (companyId: number) =>
      query(sql`
        select p.pledge_no, p.pledge_date::text, c.acc_code, p.total_loan_amount::text, p.status, p.is_move_to_bank,
               (select string_agg(d.design_name || ':' || i.gross_weight || '/' || i.net_weight, ',' order by i.id)
                  from pledge_items i join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
                 where i.company_id = p.company_id and i.pledge_id = p.id) as items
          from pledges p join customers c on c.company_id = p.company_id and c.id = p.customer_id
         where p.company_id = ${companyId} order by p.id`);
    const a = await demoBranch(7);
    const b = await demoBranch(7);
    const today = businessToday(t.config.businessTimeZone);
    for (const branch of [a, b]) {
      await seedDemoPledges(
        t.database.db,
        { companyId: branch.companyId, pledges: 12, seed: 99 },
        branch.admin.userId,
        today,
      );
    }
    const first = await shape(a.companyId);
    expect(first).toHaveLength(12);
    expect(await shape(b.companyId)).toEqual(first);
    // Designs of the demo only.
    const designs = new Set(
      (first as { items: string }[]).flatMap((r) => r.items.split(',').map((i) => i.split(':')[0])),
    );
    for (const d of designs) expect(DEMO_DESIGNS as readonly string[]).toContain(d);
  });
});
