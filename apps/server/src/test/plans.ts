import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open-db.ts';
import { rowsOf } from '../modules/accounts/accounts.repository.ts';

/**
 * Helpers of the plan tests (`*.plans.test.ts`), which show that a module's queries read the index
 * meant for them at a size where a planner would otherwise read a table whole.
 */

/** The query's plan as EXPLAIN prints it, one line per node. */
export async function explainText(db: DbOrTx, query: SQL): Promise<string> {
  return rowsOf<Record<string, string>>(await db.execute(sql`explain ${query}`))
    .map((r) => String(Object.values(r)[0]))
    .join('\n');
}

/**
 * `rows` pledges copied from one made through the fixtures (its customer and scheme): numbered
 * PLAN1…, 20 a day from 2024-01-01, a year's term, every fifth closed (by payment, its articles released
 * the same day) five months after 2024-01-01 plus its day offset.
 */
export async function insertPlanPledges(
  db: DbOrTx,
  companyId: number,
  templatePledgeId: number,
  rows: number,
): Promise<void> {
  await db.execute(sql`
    insert into pledges (company_id, pledge_no, customer_id, scheme_id, pledge_date, due_date, closed_date,
      closed_by, released_on, rate_per_gram, interest_rate, loan_allowed_percent, duration, total_valuation, eligible_loan,
      total_loan_amount, first_month_interest, document_charges, final_amount, gross_weight, net_weight, item_count)
    select p.company_id, 'PLAN' || g, p.customer_id, p.scheme_id, date '2024-01-01' + g / 20,
           date '2025-01-01' + g / 20, case when g % 5 = 0 then date '2024-06-01' + g / 20 end,
           case when g % 5 = 0 then 'payment' end, case when g % 5 = 0 then date '2024-06-01' + g / 20 end,
           6850, 1.5, 75, 12, 100000, 75000, 50000, 750, 100, 49150, 20, 18, 1
      from generate_series(1, ${rows}) g
      join pledges p on p.company_id = ${companyId} and p.id = ${templatePledgeId}`);
}

/**
 * Sets each pledge's item count and weights to the sums of its articles, as pledge create and edit
 * keep them (docs/domain-rules.md §2), after a test has inserted articles by SQL: the vault's totals read the
 * pledges' own sums.
 */
export async function syncPledgeTotalsWithItems(db: DbOrTx, companyId: number): Promise<void> {
  await db.execute(sql`
    update pledges p set item_count = s.items, gross_weight = s.gross, net_weight = s.net
      from (select i.pledge_id, count(*)::int as items, sum(i.gross_weight) as gross, sum(i.net_weight) as net
              from pledge_items i where i.company_id = ${companyId} group by i.pledge_id) s
     where p.company_id = ${companyId} and p.id = s.pledge_id`);
}
