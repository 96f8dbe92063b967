import {
  addDays,
  addMonthsClamped,
  DASHBOARD_DUE_DAYS,
  DASHBOARD_DUE_LIMIT,
  type Dashboard,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

// The dashboard's figures, each computed in SQL, a few queries per call.
// One branch:
// - the books: the kept per-day totals of the income and cash accounts (account_day_totals, equal to
//   the voucher lines summed per account and day; migration 0018) through its primary key (company,
//   account, date), the accounts found by code in chart_accounts: the balance reads at most a row per
//   day of the branch's history instead of every cash line, the income a row per day and account;
// - the pledges of this month and last month (spend, sales, disbursed per day) through
//   pledges_company_date_idx (company, pledge_date);
// - the unreversed receipts of the month through payment_receipts_company_date_idx (company,
//   payment_date, net_amount where reversed_at is null: read from the index alone);
// - the due list through pledges_open_due_idx (company, due_date) where closed_date is null.
// All branches (an admin's `scope=all`, every company in the database): the kept per-branch daily
// figures (branch_day_figures, migration 0032, equal to what the branch's queries above sum per day),
// read by date across every branch through their primary key (day, company): the days from the
// start of last month to as_of, a row per branch and day, summed per day in one query; the balance
// from each branch's kept cash total (branch_cash_totals) less the days after as_of, plus the cash
// accounts' opening balances; the due list through pledges_open_due_all_idx (due_date, id) where
// closed_date is null, every branch's open pledges in due order until ten match, with the branch's name.

const INCOME = ['4000', '4100', '4200'];
const CASH = ['1000', '1190'];

/** The first day of `date`'s month. */
const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

/** The days the dashboard reads as of `asOf`. */
function daysOf(asOf: string) {
  const monthStart = monthStartOf(asOf);
  const weekStart = addDays(asOf, -6);
  return {
    monthStart,
    lastMonthStart: addMonthsClamped(monthStart, -1),
    // Last month to the same day (31 March compares with 28 or 29 February).
    lastMonthSameDay: addMonthsClamped(asOf, -1),
    weekStart,
    booksFrom: weekStart < monthStart ? weekStart : monthStart,
    dueUntil: addDays(asOf, DASHBOARD_DUE_DAYS),
  };
}

/** The due list's columns and conditions (`p` a pledge, `c` its customer). */
function dueParts(asOf: string) {
  const { dueUntil } = daysOf(asOf);
  return {
    columns: sql`
      p.id as pledge_id, p.pledge_no, c.customer_name, p.due_date::text as due_date,
      case when p.due_date < ${asOf}::date then 'overdue' else 'due_soon' end as status,
      case when p.due_date <= p.pledge_date then 100
           else least(100, greatest(0, floor(100.0 * (${asOf}::date - p.pledge_date) / (p.due_date - p.pledge_date))))::int
      end as progress`,
    where: sql`p.closed_date is null and p.status = 'active'
         and p.due_date <= ${dueUntil} and p.pledge_date <= ${asOf}`,
  };
}

/** The dashboard's five queries of one company as of `asOf`, not yet run; the plan check EXPLAINs them. */
export function dashboardQueries(companyId: number, asOf: string) {
  const { monthStart, lastMonthStart, lastMonthSameDay, weekStart, booksFrom } = daysOf(asOf);
  const due = dueParts(asOf);

  return {
    // Income per day, from the earlier of the month's start and the week's start, to as_of.
    books: sql`
      with lines as (
        select l.entry_date, a.account_code, sum(l.credit - l.debit) as net
          from chart_accounts a
          join account_day_totals l on l.company_id = a.company_id and l.account_id = a.id
         where a.company_id = ${companyId}
           and a.account_code in (${sql.join(
             INCOME.map((c) => sql`${c}`),
             sql`, `,
           )})
           and l.entry_date between ${booksFrom} and ${asOf}
         group by l.entry_date, a.account_code
      ),
      days as (
        select d::date as day from generate_series(${weekStart}::date, ${asOf}::date, interval '1 day') d
      )
      select null::text as date,
             coalesce(sum(net) filter (where entry_date >= ${monthStart}), 0)::text as interest,
             '0' as charges
        from lines
      union all
      select days.day::text,
             coalesce(sum(lines.net) filter (where lines.account_code = '4000'), 0)::text,
             coalesce(sum(lines.net) filter (where lines.account_code <> '4000'), 0)::text
        from days left join lines on lines.entry_date = days.day
       group by days.day
       order by 1 nulls first`,
    // Cash and bank clearing at the end of as_of: asset accounts, opening + debits − credits.
    balance: sql`
      select coalesce(sum(a.opening_balance + coalesce(
               (select sum(l.debit - l.credit) from account_day_totals l
                 where l.company_id = a.company_id and l.account_id = a.id and l.entry_date <= ${asOf}), 0)), 0)::text as balance
        from chart_accounts a
       where a.company_id = ${companyId}
         and a.account_code in (${sql.join(
           CASH.map((c) => sql`${c}`),
           sql`, `,
         )})`,
    // New pledges this month and last month to the same day; the loans paid out this month.
    pledgeTotals: sql`
      select count(*) filter (where pledge_date >= ${monthStart})::int as count,
             count(*) filter (where pledge_date < ${monthStart} and pledge_date <= ${lastMonthSameDay})::int as last_count,
             coalesce(sum(total_loan_amount) filter (where pledge_date >= ${monthStart}), 0)::text as spend
        from pledges
       where company_id = ${companyId} and status = 'active'
         and pledge_date between ${lastMonthStart} and ${asOf}`,
    // Every day of the month: loans paid out, receipts collected (net, unreversed).
    daily: sql`
      with days as (
        select d::date as day from generate_series(${monthStart}::date, ${asOf}::date, interval '1 day') d
      ),
      paid as (
        select pledge_date as day, sum(total_loan_amount) as amount
          from pledges
         where company_id = ${companyId} and status = 'active'
           and pledge_date between ${monthStart} and ${asOf}
         group by pledge_date
      ),
      got as (
        select r.payment_date as day, sum(r.net_amount) as amount
          from payment_receipts r
         where r.company_id = ${companyId} and r.reversed_at is null
           and r.payment_date between ${monthStart} and ${asOf}
         group by r.payment_date
      )
      select days.day::text as date,
             coalesce(paid.amount, 0)::text as disbursed,
             coalesce(got.amount, 0)::text as collected
        from days
        left join paid on paid.day = days.day
        left join got on got.day = days.day
       order by days.day`,
    // Open pledges due by as_of + 15 days (overdue ones included), most urgent first.
    due: sql`
      select ${due.columns}, null::int as company_id, null::text as company_name
        from pledges p
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where p.company_id = ${companyId} and ${due.where}
       order by p.due_date, p.id
       limit ${DASHBOARD_DUE_LIMIT}`,
  };
}

/**
 * The all-branches dashboard's three queries as of `asOf` (every company in the database), not yet
 * run: the per-day sums of the kept figures, the balance, the due list.
 */
export function allBranchesQueries(asOf: string) {
  const { monthStart, lastMonthStart, lastMonthSameDay } = daysOf(asOf);
  const due = dueParts(asOf);
  return {
    // Every day from the start of last month to as_of, the branches summed; then a first row (date
    // null) of the month's totals: income, new pledges this month and last month to the same day,
    // loans paid out. The week and the month are the last rows of the days.
    figures: sql`
      with f as (
        select entry_date, sum(interest) as interest, sum(charges) as charges, sum(pledges) as pledges,
               sum(disbursed) as disbursed, sum(collected) as collected
          from branch_day_figures
         where entry_date between ${lastMonthStart} and ${asOf}
         group by entry_date
      ),
      days as (
        select d::date as day from generate_series(${lastMonthStart}::date, ${asOf}::date, interval '1 day') d
      )
      select null::text as date,
             coalesce(sum(interest + charges) filter (where entry_date >= ${monthStart}), 0)::text as interest,
             '0' as charges,
             coalesce(sum(disbursed) filter (where entry_date >= ${monthStart}), 0)::text as disbursed,
             '0' as collected,
             coalesce(sum(pledges) filter (where entry_date >= ${monthStart}), 0)::int as count,
             coalesce(sum(pledges) filter (where entry_date < ${monthStart} and entry_date <= ${lastMonthSameDay}), 0)::int as last_count
        from f
      union all
      select days.day::text, coalesce(f.interest, 0)::text, coalesce(f.charges, 0)::text,
             coalesce(f.disbursed, 0)::text, coalesce(f.collected, 0)::text, 0, 0
        from days left join f on f.entry_date = days.day
       order by 1 nulls first`,
    // Cash and bank clearing at the end of as_of: the opening balances, each branch's cash over
    // every day, less the days after as_of.
    balance: sql`
      select (coalesce((select sum(opening_balance) from chart_accounts
                         where account_code in (${sql.join(
                           CASH.map((c) => sql`${c}`),
                           sql`, `,
                         )})), 0)
            + coalesce((select sum(cash) from branch_cash_totals), 0)
            - coalesce((select sum(cash) from branch_day_figures where entry_date > ${asOf}), 0))::text as balance`,
    // Every branch's open pledges due by as_of + 15 days, most urgent first, with the branch's name.
    due: sql`
      select ${due.columns}, p.company_id, co.company_name
        from pledges p
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
        join companies co on co.id = p.company_id
       where ${due.where}
       order by p.due_date, p.id
       limit ${DASHBOARD_DUE_LIMIT}`,
  };
}

type DueRow = Dashboard['due'][number] & { company_id: number | null; company_name: string | null };

/** New pledges this month against last month to the same day, in percent to one place; null: none then. */
function growthOf(count: number, lastCount: number): number | null {
  return lastCount === 0 ? null : Math.round(((count - lastCount) * 1000) / lastCount) / 10;
}

function dueOf(rows: DueRow[]): Dashboard['due'] {
  return rows.map((r) => ({
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    customer_name: r.customer_name,
    status: r.status,
    due_date: r.due_date,
    progress: Number(r.progress),
    ...(r.company_id === null ? {} : { company_id: Number(r.company_id), company_name: r.company_name! }),
  }));
}

/** The dashboard of one company, or of every branch summed (`all`: due rows name their branch). */
export async function readDashboard(db: DbOrTx, company: number | 'all', asOf: string): Promise<Dashboard> {
  if (company === 'all') return readAllBranches(db, asOf);
  const q = dashboardQueries(company, asOf);
  const [books, balance, pledgeTotals, daily, due] = await Promise.all([
    db.execute(q.books),
    db.execute(q.balance),
    db.execute(q.pledgeTotals),
    db.execute(q.daily),
    db.execute(q.due),
  ]);

  const bookRows = rowsOf<{ date: string | null; interest: string; charges: string }>(books);
  const totals = rowsOf<{ count: number; last_count: number; spend: string }>(pledgeTotals)[0]!;
  return {
    as_of: asOf,
    earnings: rupeesFromNumeric(bookRows[0]?.interest ?? '0'),
    spend_this_month: rupeesFromNumeric(totals.spend),
    sales: { count: totals.count, growth_percent: growthOf(totals.count, totals.last_count) },
    balance: rupeesFromNumeric(rowsOf<{ balance: string }>(balance)[0]?.balance ?? '0'),
    daily: rowsOf<{ date: string; disbursed: string; collected: string }>(daily).map((r) => ({
      date: r.date,
      disbursed: rupeesFromNumeric(r.disbursed),
      collected: rupeesFromNumeric(r.collected),
    })),
    weekly: bookRows
      .filter((r) => r.date !== null)
      .map((r) => ({
        date: r.date!,
        interest: rupeesFromNumeric(r.interest),
        charges: rupeesFromNumeric(r.charges),
      })),
    due: dueOf(rowsOf<DueRow>(due)),
  };
}

/** Every branch's dashboard summed, from the kept figures (allBranchesQueries). */
async function readAllBranches(db: DbOrTx, asOf: string): Promise<Dashboard> {
  const q = allBranchesQueries(asOf);
  const [figures, balance, due] = await Promise.all([
    db.execute(q.figures),
    db.execute(q.balance),
    db.execute(q.due),
  ]);
  const rows = rowsOf<{
    date: string | null;
    interest: string;
    charges: string;
    disbursed: string;
    collected: string;
    count: number;
    last_count: number;
  }>(figures);
  const [month, ...days] = rows;
  const { monthStart, weekStart } = daysOf(asOf);
  const count = Number(month!.count);
  return {
    as_of: asOf,
    earnings: rupeesFromNumeric(month!.interest),
    spend_this_month: rupeesFromNumeric(month!.disbursed),
    sales: { count, growth_percent: growthOf(count, Number(month!.last_count)) },
    balance: rupeesFromNumeric(rowsOf<{ balance: string }>(balance)[0]?.balance ?? '0'),
    daily: days
      .filter((r) => r.date! >= monthStart)
      .map((r) => ({
        date: r.date!,
        disbursed: rupeesFromNumeric(r.disbursed),
        collected: rupeesFromNumeric(r.collected),
      })),
    weekly: days
      .filter((r) => r.date! >= weekStart)
      .map((r) => ({
        date: r.date!,
        interest: rupeesFromNumeric(r.interest),
        charges: rupeesFromNumeric(r.charges),
      })),
    due: dueOf(rowsOf<DueRow>(due)),
  };
}
