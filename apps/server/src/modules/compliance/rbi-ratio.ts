import {
  type ComplianceRegime,
  gramsToMg,
  itemValuePaise,
  ltvLimitPaise,
  ltvTierFor,
  mulDivRoundHalfUp,
  paiseToRupees,
  percentToBp,
  pledgeBalance,
  type RatioBreachRow,
  type RatioReport,
  type RbiRules,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';

// The RBI ratio report (Directions para 20: the ratio is kept through the loan): every
// open pledge whose outstanding with accrued interest passes its borrower's loan-to-value tier of the
// articles' value at the day's rate, for the manager to call the customer.
//
// SQL picks the candidates: for each open pledge an upper bound of what is owed (the remaining principal
// plus the interest the whole loan would owe for the months charged, less the interest paid; principal
// paid back only lowers the true figure) against the smallest ratio of any tier. Only those can breach;
// their exact balance (docs/domain-rules.md §3, the payments dated up to as_of) and their tier are worked out
// here, from the domain.

interface CandidateRow {
  id: number;
  pledge_no: string;
  pledge_date: string;
  due_date: string;
  customer_id: number;
  customer_name: string;
  mobile_number: string;
  jewel_type: string | null;
  net_weight: string;
  rate: string;
  loan: string;
  first_month_interest: string;
  interest_rate: string;
  borrower_principal: string;
}

/** Candidates a page of at most this many pledges a query reads their payments for. */
const PAYMENTS_BATCH = 5000;

export async function ratioReport(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  regime: ComplianceRegime,
  rules: RbiRules,
  page: { page: number; pageSize: number },
): Promise<RatioReport> {
  const minLtvBp = Math.min(...rules.ltvTiers.map((t) => t.ltvBp));
  const [counts] = rowsOf<{ open: number; without_rate: number }>(
    await db.execute(sql`
      with rates as (
        select distinct on (r.jewel_type_id) r.jewel_type_id
          from jewel_rates r
         where r.company_id = ${companyId} and r.status and r.effective_date <= ${asOf}::date
         order by r.jewel_type_id, r.effective_date desc, r.id desc
      )
      select count(*)::int as open,
             count(*) filter (where rates.jewel_type_id is null)::int as without_rate
        from pledges p
        join schemes sc on sc.company_id = p.company_id and sc.id = p.scheme_id
        left join rates on rates.jewel_type_id = sc.jewel_type_id
       where p.company_id = ${companyId} and p.closed_date is null and p.pledge_date <= ${asOf}::date`),
  );
  const candidates = rowsOf<CandidateRow>(
    await db.execute(sql`
      with rates as (
        select distinct on (r.jewel_type_id) r.jewel_type_id, r.rate_per_gram
          from jewel_rates r
         where r.company_id = ${companyId} and r.status and r.effective_date <= ${asOf}::date
         order by r.jewel_type_id, r.effective_date desc, r.id desc
      ),
      paid as (
        select pp.pledge_id, sum(pp.principal_amount) as principal, sum(pp.interest_amount) as interest
          from pledge_payments pp
          join pledges p on p.company_id = pp.company_id and p.id = pp.pledge_id
         where pp.company_id = ${companyId} and pp.reversed_at is null and pp.payment_date <= ${asOf}::date
           and p.closed_date is null
         group by pp.pledge_id
      ),
      open as (
        select p.id, p.pledge_no, p.pledge_date, p.due_date, p.customer_id, p.net_weight, p.total_loan_amount,
               p.first_month_interest, p.interest_rate, sc.jewel_type_id, rates.rate_per_gram,
               p.total_loan_amount - coalesce(paid.principal, 0) as principal,
               coalesce(paid.interest, 0) as interest_paid,
               -- Months charged (docs/domain-rules.md §3): 1 up to 30 days, then whole months and a half or a whole
               -- one for the days left over.
               case when (${asOf}::date - p.pledge_date) <= 30 then 1
                    else floor((${asOf}::date - p.pledge_date) / 30.0)
                         + case when (${asOf}::date - p.pledge_date) % 30 = 0 then 0
                                when (${asOf}::date - p.pledge_date) % 30 <= 15 then 0.5 else 1 end
               end as months
          from pledges p
          join schemes sc on sc.company_id = p.company_id and sc.id = p.scheme_id
          join rates on rates.jewel_type_id = sc.jewel_type_id
          left join paid on paid.pledge_id = p.id
         where p.company_id = ${companyId} and p.closed_date is null and p.pledge_date <= ${asOf}::date
      ),
      judged as (
        select o.*, sum(o.principal) over (partition by o.customer_id) as borrower_principal
          from open o
      )
      select j.id, j.pledge_no, j.pledge_date::text as pledge_date, j.due_date::text as due_date,
             j.customer_id, c.customer_name, c.mobile_number, jt.jewel_name as jewel_type,
             j.net_weight::text as net_weight, j.rate_per_gram::text as rate, j.total_loan_amount::text as loan,
             j.first_month_interest::text as first_month_interest, j.interest_rate::text as interest_rate,
             j.borrower_principal::text as borrower_principal
        from judged j
        join customers c on c.company_id = ${companyId} and c.id = j.customer_id
        left join jewel_types jt on jt.company_id = ${companyId} and jt.id = j.jewel_type_id
       where j.principal
             + greatest(0, j.total_loan_amount * j.interest_rate / 100 * j.months - j.first_month_interest - j.interest_paid)
             > j.net_weight * j.rate_per_gram * ${minLtvBp}::numeric / 10000
       order by j.id`),
  );

  const breaches: RatioBreachRow[] = [];
  for (let i = 0; i < candidates.length; i += PAYMENTS_BATCH) {
    const batch = candidates.slice(i, i + PAYMENTS_BATCH);
    const stored = await loadStoredPayments(
      db,
      companyId,
      batch.map((c) => Number(c.id)),
    );
    for (const c of batch) {
      const parts = (stored.get(Number(c.id))?.parts ?? []).filter((p) => p.date <= asOf);
      const balance = pledgeBalance(
        {
          loanPaise: rupeesToPaise(c.loan),
          rateBp: percentToBp(c.interest_rate),
          pledgeDate: c.pledge_date,
          firstMonthInterestPaise: rupeesToPaise(c.first_month_interest),
          payments: parts,
        },
        asOf,
      );
      const ratePaise = rupeesToPaise(c.rate);
      const valuePaise = itemValuePaise(gramsToMg(c.net_weight), ratePaise);
      const borrowerPaise = rupeesToPaise(c.borrower_principal);
      const tier = ltvTierFor(borrowerPaise, rules.ltvTiers);
      const limitPaise = ltvLimitPaise(valuePaise, tier.ltvBp);
      const outstanding = balance.totalOutstandingPaise;
      if (outstanding <= limitPaise) continue;
      breaches.push({
        pledge_id: Number(c.id),
        pledge_no: c.pledge_no,
        pledge_date: c.pledge_date,
        due_date: c.due_date,
        customer_id: Number(c.customer_id),
        customer_name: c.customer_name,
        mobile_number: c.mobile_number,
        jewel_type: c.jewel_type,
        net_weight: Number(c.net_weight),
        rate_per_gram: paiseToRupees(ratePaise),
        value: paiseToRupees(valuePaise),
        borrower_total: paiseToRupees(borrowerPaise),
        tier_percent: tier.ltvBp / 100,
        limit: paiseToRupees(limitPaise),
        principal: paiseToRupees(balance.remainingPrincipalPaise),
        interest: paiseToRupees(balance.remainingInterestPaise),
        outstanding: paiseToRupees(outstanding),
        excess: paiseToRupees(outstanding - limitPaise),
        ratio_percent: valuePaise > 0 ? mulDivRoundHalfUp([outstanding, 10_000], valuePaise) / 100 : 0,
      });
    }
  }
  breaches.sort((a, b) => b.excess - a.excess || a.pledge_id - b.pledge_id);
  const start = (page.page - 1) * page.pageSize;
  return {
    as_of: asOf,
    regime,
    page: page.page,
    page_size: page.pageSize,
    total_count: breaches.length,
    open_pledges: counts?.open ?? 0,
    without_rate: counts?.without_rate ?? 0,
    rows: breaches.slice(start, start + page.pageSize),
  };
}
