import {
  addDays,
  addMonthsClamped,
  DASHBOARD_DUE_DAYS,
  DASHBOARD_DUE_LIMIT,
  type Dashboard,
} from '@pledge-desk/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';

// The dashboard's figures, each computed in SQL, a few queries per call:
// - the books: the kept per-day totals of the income and cash accounts (account_day_totals, equal to
//   the voucher lines summed per account and day; migration 0018) through its primary key (company,
//   account, date), the accounts found by code in chart_accounts: the balance reads at most a row per
//   day of the branch's history instead of every cash line, the income a row per day and account;
// - the pledges of this month and last month (spend, sales, disbursed per day) through
//   pledges_company_date_idx (company, pledge_date);
// - the unreversed receipts of the month through payment_receipts_company_date_idx (company,
//   payment_date, net_amount where reversed_at is null: read from the index alone);
// - the due list through pledges_open_due_idx (company, due_date) where closed_date is null.
// All branches (an admin's `scope=all`): the same queries over a list of companies (company_id in
// (…), each index read once per company), the cards summed, the charts summed per date, and the due
// list read per company (a lateral join, each company's ten most urgent through its index) then the
// ten most urgent of those, each row with its branch's name.

const INCOME = ['4000', '4100', '4200'];
const CASH = ['1000', '1190'];

/** The first day of `date`'s month. */
const monthStartOf = (date: string) => `${date.slice(0, 7)}-01`;

/** `column = id` for one company, `column in (ids…)` for several (ids are whole numbers from the database). */
function companyIs(column: string, companyIds: readonly number[]): SQL {
  if (companyIds.length === 0) throw new RangeError('no company');
  const col = sql.raw(column);
  if (companyIds.length === 1) return sql`${col} = ${companyIds[0]}`;
  return sql`${col} in (${sql.join(
    companyIds.map((id) => sql`${id}::int`),
    sql`, `,
  )})`;
}

/**
 * The dashboard's five queries as of `asOf` over one company or several (all branches), not yet
 * run; the plan check EXPLAINs them.
 */
export function dashboardQueries(company: number | readonly number[], asOf: string) {
  const companyIds = typeof company === 'number' ? [company] : company;
  const monthStart = monthStartOf(asOf);
  const lastMonthStart = addMonthsClamped(monthStart, -1);
  // Last month to the same day (31 March compares with 28 or 29 February).
  const lastMonthSameDay = addMonthsClamped(asOf, -1);
  const weekStart = addDays(asOf, -6);
  const booksFrom = weekStart < monthStart ? weekStart : monthStart;
  const dueUntil = addDays(asOf, DASHBOARD_DUE_DAYS);
  const dueColumns = sql`
      p.id as pledge_id, p.pledge_no, c.customer_name, p.due_date::text as due_date,
      case when p.due_date < ${asOf}::date then 'overdue' else 'due_soon' end as status,
      case when p.due_date <= p.pledge_date then 100
           else least(100, greatest(0, floor(100.0 * (${asOf}::date - p.pledge_date) / (p.due_date - p.pledge_date))))::int
      end as progress`;
  const dueWhere = sql`p.closed_date is null and p.status = 'active'
         and p.due_date <= ${dueUntil} and p.pledge_date <= ${asOf}`;

  return {
    // Income per day, from the earlier of the month's start and the week's start, to as_of.
    books: sql`
      with lines as (
        select l.entry_date, a.account_code, sum(l.credit - l.debit) as net
          from chart_accounts a
          join account_day_totals l on l.company_id = a.company_id and l.account_id = a.id
         where ${companyIs('a.company_id', companyIds)}
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
       where ${companyIs('a.company_id', companyIds)}
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
       where ${companyIs('company_id', companyIds)} and status = 'active'
         and pledge_date between ${lastMonthStart} and ${asOf}`,
    // Every day of the month: loans paid out, receipts collected (net, unreversed).
    daily: sql`
      with days as (
        select d::date as day from generate_series(${monthStart}::date, ${asOf}::date, interval '1 day') d
      ),
      paid as (
        select pledge_date as day, sum(total_loan_amount) as amount
          from pledges
         where ${companyIs('company_id', companyIds)} and status = 'active'
           and pledge_date between ${monthStart} and ${asOf}
         group by pledge_date
      ),
      got as (
        select r.payment_date as day, sum(r.net_amount) as amount
          from payment_receipts r
         where ${companyIs('r.company_id', companyIds)} and r.reversed_at is null
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
    // Open pledges due by as_of + 15 days (overdue ones included), most urgent first; over several
    // companies each company's most urgent first (its index, a lateral join), then the most urgent of
    // those, with the branch's name.
    due:
      companyIds.length === 1
        ? sql`
      select ${dueColumns}, null::int as company_id, null::text as company_name
        from pledges p
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where p.company_id = ${companyIds[0]} and ${dueWhere}
       order by p.due_date, p.id
       limit ${DASHBOARD_DUE_LIMIT}`
        : sql`
      select d.*
        from companies co
       cross join lateral (
         select ${dueColumns}, co.id as company_id, co.company_name
           from pledges p
           join customers c on c.company_id = p.company_id and c.id = p.customer_id
          where p.company_id = co.id and ${dueWhere}
          order by p.due_date, p.id
          limit ${DASHBOARD_DUE_LIMIT}) d
       where ${companyIs('co.id', companyIds)}
       order by d.due_date, d.pledge_id
       limit ${DASHBOARD_DUE_LIMIT}`,
  };
}

/** Every company an admin may use (all of them, docs/domain-rules.md §7), for the all-branches dashboard. */
export async function allCompanyIds(db: DbOrTx): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from companies order by id`)).map((r) =>
    Number(r.id),
  );
}

/** The dashboard of one company, or of several summed (all branches: due rows name their branch). */
export async function readDashboard(
  db: DbOrTx,
  company: number | readonly number[],
  asOf: string,
): Promise<Dashboard> {
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
  const growth =
    totals.last_count === 0
      ? null
      : Math.round(((totals.count - totals.last_count) * 1000) / totals.last_count) / 10;
  return {
    as_of: asOf,
    earnings: rupeesFromNumeric(bookRows[0]?.interest ?? '0'),
    spend_this_month: rupeesFromNumeric(totals.spend),
    sales: { count: totals.count, growth_percent: growth },
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
    due: rowsOf<Dashboard['due'][number] & { company_id: number | null; company_name: string | null }>(
      due,
    ).map((r) => ({
      pledge_id: Number(r.pledge_id),
      pledge_no: r.pledge_no,
      customer_name: r.customer_name,
      status: r.status,
      due_date: r.due_date,
      progress: Number(r.progress),
      ...(r.company_id === null ? {} : { company_id: Number(r.company_id), company_name: r.company_name! }),
    })),
  };
}
