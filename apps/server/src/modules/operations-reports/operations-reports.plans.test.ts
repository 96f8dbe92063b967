import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { explainText, insertPlanPledges } from '../../test/plans.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import {
  collectionCountQuery,
  collectionCsvCopyQuery,
  collectionRowsQuery,
  collectionSummaryQuery,
  collectionTotalsQuery,
  disbursementRowsQuery,
  disbursementSummaryQuery,
  overdueIdsQuery,
  overdueTotalsQuery,
} from './operations-reports.repository.ts';
import { collectionReport, disbursementReport, overdueList } from './operations-reports.service.ts';

// Every query of the overdue list, the daily collection and the loans paid out reads an index: with 20,000
// pledges over 1,000 days (every fifth closed) and 20,000 receipts with their payment rows, the plans name
// the index meant for each and never read pledges, payment_receipts or pledge_payments whole, on both
// databases.

const ROWS = 20_000;

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
  await insertPlanPledges(db, c, made.pledge_id, ROWS);
  // A receipt per seeded pledge, dated its pledge date, numbered after the pledge's id, with its row.
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  total_amount, net_amount, total_interest, total_principal, pledge_nos, voucher_id)
    select ${c}, 'PLAN/' || p.id, 'single', p.customer_id, p.pledge_date, 'cash', 100, 100, 0, 100, array[p.pledge_no],
           (select voucher_id from pledges where id = ${made.pledge_id})
      from pledges p where p.company_id = ${c} and p.pledge_no like 'PLAN%'`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, balance_amount)
    select r.company_id, r.id, substr(r.receipt_no, 6)::int, r.payment_date, 'cash', 'partial_principal', 100, 0, 100, 1000
      from payment_receipts r
     where r.company_id = ${c} and r.receipt_no like 'PLAN/%'`);
  if (testDbKind === 'postgres') {
    for (const table of ['pledges', 'pledge_payments', 'payment_receipts', 'customers', 'users', 'schemes']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  return c;
}

// The open pledges by due date: the branch's index, or every branch's (pledges_open_due_all_idx,
// migration 0032), which a planner may rightly read when one branch holds nearly every open pledge,
// as the one seeded here does: the same rows, in due order.
const DUE_INDEX = /pledges_open_due(_all)?_idx/;

describe('the plans of the overdue list, the daily collection and the loans paid out', () => {
  it('reads every query through an index, never a whole table', async () => {
    const c = await seed();
    const db = t.database.db;
    const asOf = '2025-03-01';
    // Two months of the 1,000 days: a year would be a third of this table, which a planner rightly
    // reads whole; a real branch's table holds many years and many branches.
    const from = '2025-01-01';
    const to = '2025-02-28';
    const page = { offset: 100, limit: 50 };
    const cases: [string, SQL, RegExp[]][] = [
      ['overdue ids', overdueIdsQuery(c, asOf, page), [DUE_INDEX, /pledges_closed_date_idx/]],
      [
        'overdue keyset',
        overdueIdsQuery(c, asOf, { after: { dueDate: '2025-02-01', id: 1 }, limit: 500 }),
        [DUE_INDEX, /pledges_closed_date_idx/],
      ],
      [
        'overdue totals',
        overdueTotalsQuery(c, asOf),
        [DUE_INDEX, /pledges_closed_date_idx/, /pledge_payments_(principal|pledge)_idx/],
      ],
      ['collection rows', collectionRowsQuery(c, from, to, page), [/payment_receipts_date_idx/]],
      ['collection count', collectionCountQuery(c, from, to), [/payment_receipts_date_idx/]],
      ['collection summary', collectionSummaryQuery(c, from, to), [/pledge_payments_date_idx/]],
      // The CSV's lines read the receipts alone (the figures kept on them), no payment row.
      ['collection CSV', collectionCsvCopyQuery(c, from, to), [/payment_receipts_date_idx/]],
      ['collection totals', collectionTotalsQuery(c, from, to), [/payment_receipts_date_idx/]],
      ['disbursement rows', disbursementRowsQuery(c, from, to, page), [/pledges_company_date_idx/]],
      [
        'disbursement CSV batch',
        disbursementRowsQuery(c, from, to, { after: { date: '2025-01-15', id: 1 }, limit: 5000 }),
        [/pledges_company_date_idx/],
      ],
      ['disbursement summary', disbursementSummaryQuery(c, from, to), [/pledges_company_date_idx/]],
    ];
    for (const [name, query, indexes] of cases) {
      const text = await explainText(db, query);
      for (const index of indexes) expect(text, `${name}\n${text}`).toMatch(index);
      expect(text, `${name}\n${text}`).not.toMatch(
        /Seq Scan on (pledges|payment_receipts|pledge_payments)\b/,
      );
    }

    // And the figures on this book: 20 pledges a day; one in five closed on 2024-06-01 + n/20.
    const overdue = await overdueList(db, c, asOf, 1, 50);
    // Due before 2025-03-01: g/20 < 59, g = 1..1179 (the fixture's own pledge is due 2025-01-01 too);
    // closed ones (g % 5 = 0) closed 2024-06-01 + g/20, before as_of: not listed.
    const seeded = Array.from({ length: 1179 }, (_, i) => i + 1).filter((g) => g % 5 !== 0).length;
    expect(overdue.totals.count).toBe(seeded + 1);
    // Each seeded pledge paid Rs. 100 of its Rs. 50,000 back; the fixture's own Rs. 40,000 is untouched.
    expect(overdue.totals.principal_outstanding).toBe(seeded * (50000 - 100) + 40000);
    expect(overdue.rows).toHaveLength(50);
    const collections = await collectionReport(db, c, from, to, 1, 50);
    expect(collections.total_count).toBe(ROWS > 0 ? countDays(from, to, '2024-01-01', ROWS) : 0);
    expect(collections.totals.net).toBe(collections.total_count * 100);
    const disbursed = await disbursementReport(db, c, from, to, 1, 50);
    expect(disbursed.totals.count).toBe(collections.total_count);
    // The CSV's totals query gives the summary's totals.
    const [totals] = rowsOf<{ receipts: number }>(await db.execute(collectionTotalsQuery(c, from, to)));
    expect(Number(totals?.receipts)).toBe(collections.totals.receipts);
  }, 240_000);
});

/** Rows dated start + g/20 (g = 1..n) that fall within from..to. */
function countDays(from: string, to: string, start: string, n: number): number {
  const day = (d: string) => Math.round(Date.parse(`${d}T00:00:00Z`) / 86_400_000);
  let count = 0;
  for (let g = 1; g <= n; g++) {
    const d = day(start) + Math.floor(g / 20);
    if (d >= day(from) && d <= day(to)) count++;
  }
  return count;
}
