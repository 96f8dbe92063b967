import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { explainText, insertPlanPledges } from '../../test/plans.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import {
  pledgeBookPaidQuery,
  pledgeBookQuery,
  pledgeBookTotalsQuery,
  readPledgeBookRows,
  readVaultTotals,
  vaultCsvCopyQuery,
  vaultRowsQuery,
  vaultTotalsQuery,
} from './registers.repository.ts';

// Every query of the registers goes through an index: with 20,000 pledges over
// 1,000 days (every fifth closed), an article and a payment each, the plans name the index meant for
// each and never read pledges, pledge_items or pledge_payments whole, on both databases.

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
  await db.execute(sql`
    insert into pledge_items (company_id, pledge_id, jewell_design_id, gross_weight, net_weight, net_value)
    select p.company_id, p.id, ${made.designId}::int, 20, 18, 100000
      from pledges p where p.company_id = ${c} and p.pledge_no like 'PLAN%'`);
  // A receipt and its payment for each PLAN pledge (numbered by the pledge's id, joined back by key).
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  total_amount, net_amount, total_interest, total_principal, pledge_nos, voucher_id)
    select p.company_id, 'PLAN/' || p.id, 'single', p.customer_id, p.pledge_date + 31, 'cash', 100, 100, 100, 0,
           array[p.pledge_no],
           (select voucher_id from pledges where id = ${made.pledge_id})
      from pledges p where p.company_id = ${c} and p.pledge_no like 'PLAN%'`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, balance_amount)
    select r.company_id, r.id, substr(r.receipt_no, 6)::int, r.payment_date, 'cash', 'interest', 100, 100, 0, 1000
      from payment_receipts r
     where r.company_id = ${c} and r.receipt_no like 'PLAN/%'`);
  if (testDbKind === 'postgres') {
    for (const table of ['pledges', 'pledge_items', 'pledge_payments', 'payment_receipts']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  return c;
}

describe('the plans of the registers', () => {
  it('reads every register through an index, never a whole table', async () => {
    const c = await seed();
    const db = t.database.db;
    // A month of the book (20 pledges a day), its 10th page of 50; the vault as of a day in the middle.
    const from = '2024-07-01';
    const to = '2024-07-31';
    const asOf = '2024-09-15';
    const [span] = rowsOf<{ first_id: number; last_id: number }>(
      await db.execute(pledgeBookTotalsQuery(c, from, to)),
    );
    const cases: [string, SQL, RegExp[]][] = [
      [
        'pledge book page',
        pledgeBookQuery(c, from, to, { offset: 450, limit: 50 }),
        [/pledges_company_date_idx/, /pledges_company_newest_idx|pledges_company_id_id_key|pledges_pkey/],
      ],
      ['pledge book totals', pledgeBookTotalsQuery(c, from, to), [/pledges_company_date_idx/]],
      [
        'pledge book paid',
        pledgeBookPaidQuery(c, from, to, Number(span!.first_id), Number(span!.last_id)),
        [/pledge_payments_pledge_idx/],
      ],
      [
        'vault page',
        vaultRowsQuery(c, asOf, { offset: 1000, limit: 50 }),
        // The page's pledges are read in id order and the read stops at the page: through the company's
        // (company_id, id) indexes, or the primary key where the company is nearly the whole table.
        [/pledges_unreleased_idx|pledges_company_id_id_key|pledges_company_newest_idx|pledges_pkey/],
      ],
      [
        // The whole vault in one COPY.
        'vault CSV',
        vaultCsvCopyQuery(c, asOf),
        [/pledges_unreleased_idx|pledges_company_date_idx/, /pledges_released_on_idx/],
      ],
      [
        'vault totals',
        vaultTotalsQuery(c, asOf),
        [/pledges_unreleased_idx|pledges_company_date_idx/, /pledges_released_on_idx/],
      ],
    ];
    for (const [name, query, indexes] of cases) {
      const text = await explainText(db, query);
      for (const index of indexes) expect(text, name).toMatch(index);
      expect(text, name).not.toMatch(/Seq Scan on (pledges|pledge_items|pledge_payments|payment_receipts)\b/);
    }
    // And the answers on this book: the fixture's pledge is serial 1, PLAN<g> is serial g + 1.
    const rows = await readPledgeBookRows(db, c, from, to, { offset: 450, limit: 50 });
    expect(rows).toHaveLength(50);
    const first = rows[0]!;
    const g = Number(first.pledge_no.slice(4));
    expect(first.serial).toBe(g + 1);
    expect(rows.map((r) => r.serial)).toEqual(rows.map((_, i) => g + 1 + i));
    expect(first.articles).toHaveLength(1);
    expect(first.payments).toHaveLength(1);
    // In the vault at the end of 15/09/2024: made by then (g < 20 * 259 + 20), and not released by then.
    const made = Array.from({ length: ROWS }, (_, i) => i + 1).filter(
      (n) => Math.floor(n / 20) <= 258 && (n % 5 !== 0 || Math.floor(n / 20) + 152 > 258),
    );
    const totals = await readVaultTotals(db, c, asOf);
    // The fixture's pledge (open, made 01/01/2024) is in the vault too.
    expect(totals.overall.pledges).toBe(made.length + 1);
  }, 240_000);
});
