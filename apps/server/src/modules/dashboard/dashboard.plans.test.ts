import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { dashboardSummedFromBranches } from '../../test/dashboard-oracle.ts';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { explainText, insertPlanPledges } from '../../test/plans.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import { allBranchesQueries, dashboardQueries, readDashboard } from './dashboard.repository.ts';

// Every query of the dashboard goes through an index: with 20,000 pledges and
// 20,000 receipts spread over 1,000 days and 3,000 vouchers over 1,000 days, the plans name the index meant for each and never
// read pledges, voucher_lines or pledge_payments whole, on both databases. The books (balance and
// income) read the kept per-day totals (account_day_totals, migration 0018) by their primary key and
// no voucher line at all. All branches read the kept per-branch daily figures (branch_day_figures,
// migration 0032) by their primary key (day, company) and the due list through pledges_open_due_all_idx.

const ROWS = 20_000;
// Fewer vouchers: the balance triggers mark each voucher checked in a setting of its own, slow by the
// ten thousand in one transaction on PostgreSQL.
const VOUCHERS = 3_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function seed() {
  const company = await freshCompany(t);
  const made = await pledgeFor(t, company.id, { body: { pledge_date: '2024-01-01' } });
  const db = t.database.db;
  const c = company.id;
  // ROWS pledges of the fixture's customer, one a day per 20, a year's term, every fifth closed.
  await insertPlanPledges(db, c, made.pledge_id, ROWS);
  // VOUCHERS receipt vouchers, three a day: cash debit, interest credit.
  const accounts = rowsOf<{ code: string; id: number }>(
    await db.execute(
      sql`select account_code as code, id from chart_accounts where company_id = ${c} and account_code in ('1000', '4000')`,
    ),
  );
  const id = (code: string) => Number(accounts.find((a) => a.code === code)!.id);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into vouchers (company_id, voucher_type, voucher_number, financial_year, running_number, entry_date,
                            narration, total_amount, source_kind)
      select ${c}, 'Receipt', 'PLAN/' || g, 'PLAN', g, date '2024-01-01' + g / 3, 'Plan', 100, 'manual'
        from generate_series(1, ${VOUCHERS}) g`);
    await tx.execute(sql`
      insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
      select v.company_id, v.id, n, case n when 1 then ${id('1000')}::int else ${id('4000')}::int end, v.entry_date,
             case n when 1 then 100 else 0 end, case n when 1 then 0 else 100 end
        from vouchers v cross join generate_series(1, 2) n
       where v.company_id = ${c} and v.financial_year = 'PLAN'`);
  });
  // ROWS receipts, each with a payment row (on the fixture's pledge: the plans do not read it).
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  total_amount, net_amount, total_interest, total_principal, pledge_nos, voucher_id)
    select ${c}, 'PLAN/' || g, 'single', ${made.customer_id}, date '2024-01-01' + g / 20, 'cash', 100, 100, 100, 0,
           array[(select pledge_no from pledges where id = ${made.pledge_id})],
           (select voucher_id from pledges where id = ${made.pledge_id})
      from generate_series(1, ${ROWS}) g`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, balance_amount)
    select r.company_id, r.id, ${made.pledge_id}::int, r.payment_date, 'cash', 'interest', 100, 100, 0, 1000
      from payment_receipts r
     where r.company_id = ${c} and r.receipt_no like 'PLAN/%'`);
  if (testDbKind === 'postgres') {
    for (const table of ['pledges', 'vouchers', 'voucher_lines', 'pledge_payments', 'payment_receipts']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  return c;
}

// Seeding tens of thousands of rows takes most of a minute on a loaded 2-core machine.
describe('the plans of the dashboard', { timeout: 240_000 }, () => {
  it('reads every figure through an index, never a whole table', async () => {
    const c = await seed();
    const db = t.database.db;
    const asOf = '2025-06-20';
    const q = dashboardQueries(c, asOf);
    const cases: [keyof typeof q, RegExp][] = [
      ['books', /account_day_totals_pkey/],
      ['balance', /account_day_totals_pkey/],
      ['pledgeTotals', /pledges_company_date_idx/],
      [
        'daily',
        /pledges_company_date_idx[\s\S]*payment_receipts_company_date_idx|payment_receipts_company_date_idx[\s\S]*pledges_company_date_idx/,
      ],
      // The branch's due index, or every branch's (migration 0032), which a planner may rightly read
      // when one branch holds nearly every open pledge: the same rows, in due order.
      ['due', /pledges_open_due(_all)?_idx/],
    ];
    for (const [name, index] of cases) {
      const text = await explainText(db, q[name]);
      expect(text, name).toMatch(index);
      expect(text, name).not.toMatch(
        /Seq Scan on (pledges|voucher_lines|account_day_totals|pledge_payments|payment_receipts|vouchers)\b/,
      );
      if (name === 'books' || name === 'balance') expect(text, name).not.toMatch(/voucher_lines/);
    }
    // And the figures themselves on this book: 20 pledges and receipts a day, 3 vouchers of Rs. 100.
    const d = await readDashboard(db, c, asOf);
    expect(d.sales.count).toBe(20 * 20);
    expect(d.spend_this_month).toBe(20 * 20 * 50000);
    expect(d.weekly.every((w) => w.interest === 300)).toBe(true);
    expect(d.daily.at(-1)).toEqual({ date: asOf, disbursed: 20 * 50000, collected: 20 * 100 });
    expect(d.due).toHaveLength(10);
    expect(d.due.every((r) => r.status === 'overdue')).toBe(true);
  });

  it('reads all branches by date through the kept figures, and the due list through its index over every branch', async () => {
    await seed();
    await freshCompany(t);
    const db = t.database.db;
    if (testDbKind === 'postgres') {
      for (const table of ['branch_day_figures', 'branch_cash_totals', 'chart_accounts', 'companies']) {
        await db.execute(sql.raw(`vacuum analyze ${table}`));
      }
    } else {
      await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
    }
    const asOf = '2025-06-20';
    const q = allBranchesQueries(asOf);
    const cases: [keyof typeof q, RegExp][] = [
      ['figures', /branch_day_figures_pkey/],
      ['balance', /branch_cash_totals/],
      ['due', /pledges_open_due_all_idx/],
    ];
    for (const [name, index] of cases) {
      const text = await explainText(db, q[name]);
      expect(text, name).toMatch(index);
      expect(text, name).not.toMatch(
        /Seq Scan on (pledges|voucher_lines|account_day_totals|pledge_payments|payment_receipts|vouchers)\b/,
      );
      // No branch's own rows: the kept figures only (the due list reads its pledges, in due order).
      expect(text, name).not.toMatch(
        /voucher_lines|account_day_totals|payment_receipts|pledges_company_date_idx/,
      );
    }
    // The figures of every branch (this file's seeded ones and an empty one): the branches' own summed.
    expect(await readDashboard(db, 'all', asOf)).toEqual(await dashboardSummedFromBranches(db, asOf));
  });
});
