import { DASHBOARD_DUE_LIMIT, type Dashboard } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open-db.ts';
import { rowsOf } from '../db/rows.ts';
import { dashboardQueries, readDashboard } from '../modules/dashboard/dashboard.repository.ts';

/**
 * The all-branches dashboard as it was computed before the kept figures (migration 0032), from the
 * rows: every company's own dashboard (pledges, receipts and account totals read per branch), the
 * cards and charts summed in paise, the growth from the summed counts of this month and last, the due
 * list the ten most urgent of every branch's ten, each with its branch. The oracle of the tests of
 * `readDashboard(db, 'all', …)`.
 */
export async function dashboardSummedFromBranches(db: DbOrTx, asOf: string): Promise<Dashboard> {
  const companies = rowsOf<{ id: number; company_name: string }>(
    await db.execute(sql`select id, company_name from companies order by id`),
  );
  const paise = (rupees: number) => Math.round(rupees * 100);
  const rupees = (p: number) => p / 100;
  let earnings = 0;
  let spend = 0;
  let balance = 0;
  let count = 0;
  let lastCount = 0;
  const daily = new Map<string, { disbursed: number; collected: number }>();
  const weekly = new Map<string, { interest: number; charges: number }>();
  const due: Dashboard['due'] = [];
  for (const c of companies) {
    const id = Number(c.id);
    const d = await readDashboard(db, id, asOf);
    const [totals] = rowsOf<{ last_count: number }>(
      await db.execute(dashboardQueries(id, asOf).pledgeTotals),
    );
    earnings += paise(d.earnings);
    spend += paise(d.spend_this_month);
    balance += paise(d.balance);
    count += d.sales.count;
    lastCount += Number(totals!.last_count);
    for (const r of d.daily) {
      const sum = daily.get(r.date) ?? { disbursed: 0, collected: 0 };
      daily.set(r.date, {
        disbursed: sum.disbursed + paise(r.disbursed),
        collected: sum.collected + paise(r.collected),
      });
    }
    for (const r of d.weekly) {
      const sum = weekly.get(r.date) ?? { interest: 0, charges: 0 };
      weekly.set(r.date, {
        interest: sum.interest + paise(r.interest),
        charges: sum.charges + paise(r.charges),
      });
    }
    due.push(...d.due.map((r) => ({ ...r, company_id: id, company_name: c.company_name })));
  }
  due.sort((a, b) =>
    a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.pledge_id - b.pledge_id,
  );
  return {
    as_of: asOf,
    earnings: rupees(earnings),
    spend_this_month: rupees(spend),
    sales: {
      count,
      growth_percent: lastCount === 0 ? null : Math.round(((count - lastCount) * 1000) / lastCount) / 10,
    },
    balance: rupees(balance),
    daily: [...daily].map(([date, s]) => ({
      date,
      disbursed: rupees(s.disbursed),
      collected: rupees(s.collected),
    })),
    weekly: [...weekly].map(([date, s]) => ({
      date,
      interest: rupees(s.interest),
      charges: rupees(s.charges),
    })),
    due: due.slice(0, DASHBOARD_DUE_LIMIT),
  };
}

/**
 * Every company-day where the kept figures (branch_day_figures) differ from the rows they count, and
 * every company whose kept cash total (branch_cash_totals) differs from its cash lines; a missing row
 * counts as zeros. Computed from the voucher lines themselves, not the account totals.
 */
export async function figureDifferences(db: DbOrTx): Promise<string[]> {
  const days = rowsOf<{ row: string }>(
    await db.execute(sql`
      with rows as (
        select l.company_id, l.entry_date,
               coalesce(sum(l.credit - l.debit) filter (where a.account_code = '4000'), 0) as interest,
               coalesce(sum(l.credit - l.debit) filter (where a.account_code in ('4100', '4200')), 0) as charges,
               coalesce(sum(l.debit - l.credit) filter (where a.account_code in ('1000', '1190')), 0) as cash,
               0 as pledges, 0 as disbursed, 0 as collected
          from voucher_lines l
          join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
         group by l.company_id, l.entry_date
        union all
        select company_id, pledge_date, 0, 0, 0, count(*), sum(total_loan_amount), 0
          from pledges where status = 'active'
         group by company_id, pledge_date
        union all
        select company_id, payment_date, 0, 0, 0, 0, 0, sum(net_amount)
          from payment_receipts where reversed_at is null
         group by company_id, payment_date
      ),
      expected as (
        select company_id, entry_date, sum(interest) as interest, sum(charges) as charges, sum(cash) as cash,
               sum(pledges) as pledges, sum(disbursed) as disbursed, sum(collected) as collected
          from rows group by company_id, entry_date
      ),
      zero as (select 0::numeric as z)
      select coalesce(e.company_id, k.company_id) || ' ' || coalesce(e.entry_date, k.entry_date)::text
             || ': kept ' || concat_ws('/', k.interest, k.charges, k.cash, k.pledges, k.disbursed, k.collected)
             || ', rows ' || concat_ws('/', e.interest, e.charges, e.cash, e.pledges, e.disbursed, e.collected) as row
        from expected e
        full join branch_day_figures k on k.company_id = e.company_id and k.entry_date = e.entry_date
       cross join zero
       where coalesce(k.interest, z) <> coalesce(e.interest, z) or coalesce(k.charges, z) <> coalesce(e.charges, z)
          or coalesce(k.cash, z) <> coalesce(e.cash, z) or coalesce(k.pledges, z) <> coalesce(e.pledges, z)
          or coalesce(k.disbursed, z) <> coalesce(e.disbursed, z)
          or coalesce(k.collected, z) <> coalesce(e.collected, z)
       order by 1`),
  );
  const cash = rowsOf<{ row: string }>(
    await db.execute(sql`
      select 'cash total of ' || c.id || ': kept ' || coalesce(k.cash, 0) || ', lines ' || coalesce(l.cash, 0) as row
        from companies c
        left join branch_cash_totals k on k.company_id = c.id
        left join (select l.company_id, sum(l.debit - l.credit) as cash
                     from voucher_lines l
                     join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
                    where a.account_code in ('1000', '1190')
                    group by l.company_id) l on l.company_id = c.id
       where coalesce(k.cash, 0) <> coalesce(l.cash, 0)
       order by c.id`),
  );
  return [...days, ...cash].map((r) => r.row);
}
