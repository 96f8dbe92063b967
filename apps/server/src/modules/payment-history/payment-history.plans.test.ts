import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import {
  countPaymentsSql,
  type PaymentListFilter,
  pagePaymentIdsQuery,
} from './payment-history.repository.ts';

// Every filter of Payment History goes through an index: with 20,000 payments over 400
// pledges and the upkeep autovacuum does (open-db's on PGlite), the plan of a page and of its count
// names the index meant for it and never reads pledge_payments whole, on both databases.

const PLEDGES = 400;
const PAYMENTS = 20_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function seed() {
  const company = await freshCompany(t);
  const made = await pledgeFor(t, company.id);
  const db = t.database.db;
  const c = company.id;
  // PLEDGES pledges, each of its own customer, like the one the fixture made.
  await db.execute(sql`
    insert into customers (company_id, acc_code, customer_name, guardian_name, mobile_number, door_no, street,
                           location, district, pincode)
    select ${c}, 'C9' || lpad(g::text, 5, '0'), 'Plan ' || g, 'Guardian', (9000000000 + g)::text, '1', 'Street',
           'Town', 'District', '600001'
      from generate_series(1, ${PLEDGES}) g`);
  await db.execute(sql`
    insert into pledges (company_id, pledge_no, customer_id, scheme_id, pledge_date, due_date, rate_per_gram,
      interest_rate, loan_allowed_percent, duration, total_valuation, eligible_loan, total_loan_amount,
      first_month_interest, document_charges, final_amount, gross_weight, net_weight, item_count)
    select cu.company_id, 'PLAN' || cu.id, cu.id, p.scheme_id, date '2024-01-01', date '2025-01-01', 6850, 1.5, 75,
           12, 100000, 75000, 50000, 750, 100, 49150, 20, 18, 1
      from customers cu join pledges p on p.company_id = cu.company_id and p.id = ${made.pledge_id}
     where cu.company_id = ${c} and cu.acc_code like 'C9%'`);
  const pledgeIds = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from pledges where company_id = ${c} and pledge_no like 'PLAN%' order by id`,
    ),
  ).map((r) => Number(r.id));
  // One receipt and one payment row for each of PAYMENTS payments, spread over 1,000 days; every
  // receipt names the fixture pledge's voucher (the plans do not read vouchers).
  await db.execute(sql`
    insert into payment_receipts (company_id, receipt_no, kind, customer_id, payment_date, payment_method,
                                  bank_reference, total_amount, net_amount, total_interest, total_principal,
                                  pledge_nos, voucher_id)
    select ${c}, 'PLAN/' || g, 'single', p.customer_id, date '2024-01-01' + g / 20,
           (array['cash', 'bank', 'online', 'cheque'])[1 + g % 4], case when g % 4 <> 0 then 'REF' end, 100, 100,
           100, 0, array[p.pledge_no],
           (select voucher_id from pledges where id = ${made.pledge_id})
      from generate_series(1, ${PAYMENTS}) g
      join pledges p on p.company_id = ${c} and p.id = (${sql.raw(`array[${pledgeIds.join(',')}]`)})[1 + g % ${PLEDGES}]`);
  await db.execute(sql`
    insert into pledge_payments (company_id, receipt_id, pledge_id, payment_date, payment_method, payment_type,
                                 amount, interest_amount, principal_amount, balance_amount)
    select r.company_id, r.id, p.id, r.payment_date, r.payment_method,
           (array['interest', 'partial_principal', 'full_payment'])[1 + r.id % 3], 100, 100, 0, 1000
      from payment_receipts r
      join pledges p on p.company_id = r.company_id and p.customer_id = r.customer_id
     where r.company_id = ${c} and r.receipt_no like 'PLAN/%'`);
  if (testDbKind === 'postgres') {
    await db.execute(sql`vacuum analyze payment_receipts`);
    await db.execute(sql`vacuum analyze pledge_payments`);
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  const [some] = rowsOf<{ pledge_id: number; customer_id: number }>(
    await db.execute(sql`select id as pledge_id, customer_id from pledges where id = ${pledgeIds[17]!}`),
  );
  return { companyId: c, pledgeId: Number(some!.pledge_id), customerId: Number(some!.customer_id) };
}

async function plan(db: DbOrTx, query: SQL | { getSQL(): SQL }): Promise<string> {
  return rowsOf<Record<string, string>>(await db.execute(sql`explain ${query}`))
    .map((r) => String(Object.values(r)[0]))
    .join('\n');
}

// Seeding tens of thousands of rows takes most of a minute on a loaded 2-core machine.
describe('the plans of Payment History', { timeout: 240_000 }, () => {
  it('uses an index for every filter, on the page and on its count', async () => {
    const s = await seed();
    const db = t.database.db;
    const month = { from_date: '2024-06-01', to_date: '2024-06-30' };
    const cases: [PaymentListFilter, RegExp][] = [
      [{}, /pledge_payments_date_idx/],
      [month, /pledge_payments_date_idx/],
      [{ ...month, payment_type: 'interest' }, /pledge_payments_date_idx/],
      [{ ...month, payment_method: 'cheque' }, /pledge_payments_date_idx/],
      [{ ...month, payment_type: 'interest', payment_method: 'cheque' }, /pledge_payments_date_idx/],
      [{ pledge_id: s.pledgeId }, /pledge_payments_pledge_idx/],
      [{ ...month, pledge_id: s.pledgeId }, /pledge_payments_(pledge|date)_idx/],
      [{ customer_id: s.customerId }, /payment_receipts_customer_idx/],
    ];
    for (const [filter, index] of cases) {
      const page = await plan(db, pagePaymentIdsQuery(db, s.companyId, { ...filter, skip: 0, limit: 10 }));
      expect(page, JSON.stringify(filter)).toMatch(index);
      expect(page, JSON.stringify(filter)).not.toMatch(/Seq Scan on pledge_payments/);
      // The first page is read in the index's order: no sort of the matching rows.
      if (!('pledge_id' in filter) && !('customer_id' in filter)) expect(page).not.toMatch(/Sort/);
      const count = await plan(db, countPaymentsSql(s.companyId, filter));
      // Counting every payment of the company stops at 1,001 rows: any scan will do, under the Limit.
      if (Object.keys(filter).length === 0) expect(count).toMatch(/Limit/);
      else expect(count, JSON.stringify(filter)).toMatch(index);
    }
  });
});
