import { type SQL, sql } from 'drizzle-orm';
import { copyCsv, csvTextSql } from '../../db/copy-csv.ts';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';

// The overdue list, the daily collection and the loans paid out. SQL picks, orders
// and sums; Node only shapes a page (and, for the overdue list, asks the domain for the page's
// balances). Every query reads an index (operations-reports.plans.test.ts checks the plans):
// - overdue: pledges_open_due_idx (company, due_date) where closed_date is null, plus pledges_closed_date_idx
//   (company, closed_date) for the pledges closed after a past as_of; the principal paid back through
//   pledge_payments_principal_idx, a page's payments through pledge_payments_pledge_idx;
// - collections: payment_receipts_date_idx (company, payment_date, id) for the receipts, their rows
//   through pledge_payments_receipt_idx, and the summaries from pledge_payments_date_idx;
// - disbursements: pledges_company_date_idx (company, pledge_date).
// Numbers and dates are cast to text in SQL: both drivers then hand back the same strings.

export interface Page {
  offset: number;
  limit: number;
}

/**
 * The next batch after a row's key (date, id), for a CSV of a whole range: an OFFSET batch reads and
 * joins every row before it again, so a year's CSV in batches was quadratic (docs/performance.md: the
 * collections CSV of 269,841 receipts did not answer within 300 s).
 */
export interface After {
  after: { date: string; id: number } | null;
  limit: number;
}

/** `and (dateColumn, idColumn) > key` and the limit/offset clause of a Page or an After. */
function pageOrAfter(page: Page | After, dateColumn: string, idColumn: string) {
  if ('after' in page) {
    return {
      key: page.after
        ? sql`and (${sql.raw(dateColumn)}, ${sql.raw(idColumn)}) > (${page.after.date}::date, ${page.after.id}::int)`
        : sql``,
      limit: sql`limit ${page.limit}`,
    };
  }
  return { key: sql``, limit: sql`limit ${page.limit} offset ${page.offset}` };
}

async function all<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

// ---------------------------------------------------------------- overdue

/**
 * The pledges open on `asOf` whose due date is before it: still open today, or closed after asOf.
 * A pledge is open on a day from its pledge date until its closing date (a pledge closed on asOf
 * itself is no longer open that day). Moved-to-bank pledges are listed: the pawner still owes them.
 */
function overdueSet(companyId: number, asOf: string): SQL {
  return sql`(
    select p.id, p.due_date, p.total_loan_amount from pledges p
     where p.company_id = ${companyId} and p.closed_date is null and p.due_date < ${asOf}::date
    union all
    select p.id, p.due_date, p.total_loan_amount from pledges p
     where p.company_id = ${companyId} and p.closed_date is not null and p.closed_date > ${asOf}::date
       and p.due_date < ${asOf}::date
  )`;
}

/** The ids of the overdue pledges after the key (due_date, id), most overdue first, not yet run. */
export function overdueIdsQuery(
  companyId: number,
  asOf: string,
  page: Page | { after: { dueDate: string; id: number } | null; limit: number },
): SQL {
  const keyset =
    'after' in page && page.after
      ? sql`where (o.due_date, o.id) > (${page.after.dueDate}::date, ${page.after.id}::int)`
      : sql``;
  const offset = 'offset' in page ? sql`offset ${page.offset}` : sql``;
  return sql`select o.id::int as id, o.due_date::text as due_date from ${overdueSet(companyId, asOf)} o
    ${keyset} order by o.due_date, o.id limit ${page.limit} ${offset}`;
}

/**
 * Count and Σ remaining principal of the overdue pledges as of asOf: their loans less the principal of
 * their payments dated up to asOf that are not reversed (docs/domain-rules.md §3). The principal payments are
 * read once through pledge_payments_principal_idx and joined to the set, not looked up pledge by pledge
 * (at 60,000 overdue pledges the lookups took 680 ms on PostgreSQL, the join 250 ms).
 */
export function overdueTotalsQuery(companyId: number, asOf: string): SQL {
  return sql`with o as materialized ${overdueSet(companyId, asOf)}
    select (select count(*) from o)::int as count,
      ((select coalesce(sum(o.total_loan_amount), 0) from o)
       - (select coalesce(sum(pp.principal_amount), 0) from pledge_payments pp join o on o.id = pp.pledge_id
           where pp.company_id = ${companyId} and pp.principal_amount > 0 and pp.reversed_at is null
             and pp.payment_date <= ${asOf}::date))::text as principal`;
}

export interface OverdueIdRow {
  id: number;
  due_date: string;
}

export async function findOverdueIds(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: Parameters<typeof overdueIdsQuery>[2],
): Promise<OverdueIdRow[]> {
  return all<OverdueIdRow>(db, overdueIdsQuery(companyId, asOf, page));
}

export async function findOverdueTotals(db: DbOrTx, companyId: number, asOf: string) {
  const [row] = await all<{ count: number; principal: string }>(db, overdueTotalsQuery(companyId, asOf));
  return { count: Number(row?.count ?? 0), principal: row?.principal ?? '0' };
}

/** What an overdue row shows besides its balance, for the given pledge ids (primary key and customer). */
export interface OverduePledgeRow {
  id: number;
  pledge_no: string;
  pledge_date: string;
  due_date: string;
  customer_id: number;
  customer_name: string;
  mobile_number: string;
  total_loan_amount: string;
  first_month_interest: string;
  interest_rate: string;
}

export async function findOverduePledges(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
): Promise<OverduePledgeRow[]> {
  if (ids.length === 0) return [];
  return all<OverduePledgeRow>(
    db,
    sql`select p.id::int as id, p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
        p.customer_id::int as customer_id, c.customer_name, c.mobile_number,
        p.total_loan_amount::text as total_loan_amount, p.first_month_interest::text as first_month_interest,
        p.interest_rate::text as interest_rate
      from pledges p
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
     where p.company_id = ${companyId} and p.id in (${sql.join(
       ids.map((id) => sql`${id}::int`),
       sql`, `,
     )})`,
  );
}

// ---------------------------------------------------------------- collections

const receiptsInRange = (companyId: number, from: string, to: string) =>
  sql`r.company_id = ${companyId} and r.payment_date between ${from}::date and ${to}::date`;

/** One page of the range's receipts in date and entry order, with their payment rows summed. */
export function collectionRowsQuery(companyId: number, from: string, to: string, page: Page | After): SQL {
  const batch = pageOrAfter(page, 'r.payment_date', 'r.id');
  return sql`select r.id::int as receipt_id, r.receipt_no, r.payment_date::text as payment_date,
      r.customer_id::int as customer_id, c.customer_name, r.payment_method, u.username,
      x.interest::text as interest, x.principal::text as principal,
      r.total_penalty::text as penalty, r.total_discount::text as discount, r.net_amount::text as net,
      r.reversed_at is not null as reversed, x.pledge_nos
    from payment_receipts r
    join customers c on c.company_id = r.company_id and c.id = r.customer_id
    left join users u on u.id = r.created_by
    cross join lateral (
      select coalesce(sum(pp.interest_amount), 0) as interest, coalesce(sum(pp.principal_amount), 0) as principal,
             coalesce(array_agg(p.pledge_no order by pp.id) filter (where p.pledge_no is not null), '{}') as pledge_nos
        from pledge_payments pp
        join pledges p on p.company_id = pp.company_id and p.id = pp.pledge_id
       where pp.company_id = r.company_id and pp.receipt_id = r.id
    ) x
   where ${receiptsInRange(companyId, from, to)} ${batch.key}
   order by r.payment_date, r.id
   ${batch.limit}`;
}

/** Receipts of the range (all of them, reversed too) and the reversed ones' count and net. */
export function collectionCountQuery(companyId: number, from: string, to: string): SQL {
  return sql`select count(*)::int as count,
      count(*) filter (where r.reversed_at is not null)::int as reversed,
      coalesce(sum(r.net_amount) filter (where r.reversed_at is not null), 0)::text as reversed_net
    from payment_receipts r where ${receiptsInRange(companyId, from, to)}`;
}

/**
 * The range's payment rows that are not reversed, summed by type, method, user and day and in all.
 * `receipts` counts receipts (a multiple payment is one receipt with a row per pledge); net = amount
 * + penalty − discount, the cash the rows brought in.
 *
 * Three small passes instead of count(distinct receipt_id) under five grouping sets, which sorted the
 * year's rows once a set (1.3 s of the page at 270,000 payments, docs/performance.md):
 * - the sums: the rows grouped by (day, type, method, user) first, a few thousand groups, then the sets;
 * - receipts by method, user, day and in all: the receipts themselves (a receipt's rows carry its day,
 *   method and user, and a reversal reverses the whole receipt), counted, not made distinct;
 * - receipts by type: the rows of the type, less the rows that repeat a type within one receipt, which
 *   only a multiple receipt has (read through payment_receipts_multiple_idx).
 */
export function collectionSummaryQuery(companyId: number, from: string, to: string): SQL {
  const rowsInRange = sql`pp.company_id = ${companyId} and pp.payment_date between ${from}::date and ${to}::date
     and pp.reversed_at is null`;
  const receiptsLive = sql`${receiptsInRange(companyId, from, to)} and r.reversed_at is null`;
  const groupedBy = (type: SQL | null, method: SQL, user: SQL, day: SQL) => sql`case
      ${type ? sql`when grouping(${type}) = 0 then 'type'` : sql``}
      when grouping(${method}) = 0 then 'method' when grouping(${user}) = 0 then 'user'
      when grouping(${day}) = 0 then 'day' else 'all' end`;
  return sql`with g as materialized (
      select pp.payment_date, pp.payment_type, pp.payment_method, pp.created_by, count(*) as payments,
             sum(pp.interest_amount) as interest, sum(pp.principal_amount) as principal,
             sum(pp.penalty_amount) as penalty, sum(pp.discount_amount) as discount,
             sum(pp.amount + pp.penalty_amount - pp.discount_amount) as net
        from pledge_payments pp
       where ${rowsInRange}
       group by pp.payment_date, pp.payment_type, pp.payment_method, pp.created_by
    ),
    sums as (
      select ${groupedBy(sql`g.payment_type`, sql`g.payment_method`, sql`g.created_by`, sql`g.payment_date`)} as grouped_by,
             g.payment_type, g.payment_method, g.created_by, g.payment_date, coalesce(sum(g.payments), 0) as payments,
             sum(g.interest) as interest, sum(g.principal) as principal, sum(g.penalty) as penalty,
             sum(g.discount) as discount, sum(g.net) as net
        from g
       group by grouping sets ((g.payment_type), (g.payment_method), (g.created_by), (g.payment_date), ())
    ),
    receipts as materialized (
      select ${groupedBy(null, sql`b.payment_method`, sql`b.created_by`, sql`b.payment_date`)} as grouped_by,
             b.payment_method, b.created_by, b.payment_date, sum(b.receipts) as receipts
        from (select r.payment_date, r.payment_method, r.created_by, count(*) as receipts
                from payment_receipts r where ${receiptsLive}
               group by r.payment_date, r.payment_method, r.created_by) b
       group by grouping sets ((b.payment_method), (b.created_by), (b.payment_date), ())
    ),
    repeats as materialized (
      select t.payment_type, sum(t.n - 1) as extra
        from (select pp.receipt_id, pp.payment_type, count(*) as n
                from payment_receipts r
                join pledge_payments pp on pp.company_id = r.company_id and pp.receipt_id = r.id
               where ${receiptsLive} and r.kind = 'multiple'
               group by pp.receipt_id, pp.payment_type) t
       group by t.payment_type
    )
    select s.grouped_by, s.payment_type, s.payment_method, s.created_by::int as user_id,
           s.payment_date::text as payment_date,
           coalesce(case when s.grouped_by = 'type'
             then s.payments - coalesce((select t.extra from repeats t where t.payment_type = s.payment_type), 0)
             else (select r.receipts from receipts r
                    where r.grouped_by = s.grouped_by and r.payment_method is not distinct from s.payment_method
                      and r.created_by is not distinct from s.created_by
                      and r.payment_date is not distinct from s.payment_date) end, 0)::int as receipts,
           s.payments::int as payments, s.interest::text as interest, s.principal::text as principal,
           s.penalty::text as penalty, s.discount::text as discount, s.net::text as net
      from sums s`;
}

/**
 * The collections CSV's lines as the database writes them (COPY, db/copy-csv.ts): each receipt of the
 * range with the figures kept on it (interest, principal, pledge numbers: no payment row is read), its
 * customer's name and its user's, every cell as toCsv writes it (dates DD/MM/YYYY, amounts with their
 * 2 decimals, text neutralised), in date and entry order through payment_receipts_date_idx.
 */
export function collectionCsvCopyQuery(companyId: number, from: string, to: string): SQL {
  const t = (expr: string) => sql.raw(csvTextSql(expr));
  return sql`select to_char(r.payment_date, 'DD/MM/YYYY'), ${t('r.receipt_no')}, ${t('c.customer_name')},
           ${t("array_to_string(r.pledge_nos, ' ')")}, ${t('r.payment_method')}, ${t('u.username')},
           r.total_interest::text, r.total_principal::text, r.total_penalty::text, r.total_discount::text,
           r.net_amount::text, case when r.reversed_at is not null then 'Reversed' end
      from payment_receipts r
      join customers c on c.company_id = r.company_id and c.id = r.customer_id
      left join users u on u.id = r.created_by
     where ${receiptsInRange(companyId, from, to)}
     order by r.payment_date, r.id`;
}

/** The collections CSV's lines of the range, written by the database. */
export const copyCollectionCsv = (db: Db, c: number, from: string, to: string) =>
  copyCsv(db, collectionCsvCopyQuery(c, from, to));

/**
 * The collections' totals alone (the CSV's last line: the summary's 'all' set) and the reversed
 * receipts' count, from the range's receipts and the figures each keeps (their interest, principal,
 * penalty, discount and net are their payment rows' sums, and a reversal reverses a whole receipt and
 * its rows): one pass of payment_receipts_date_idx instead of the year's payment rows grouped by
 * receipt (3.8 to 5.5 s on PGlite at load 9, as long as the COPY of the lines).
 */
export function collectionTotalsQuery(companyId: number, from: string, to: string): SQL {
  const live = sql`filter (where r.reversed_at is null)`;
  return sql`select (count(*) ${live})::int as receipts,
      coalesce(sum(r.total_interest) ${live}, 0)::text as interest,
      coalesce(sum(r.total_principal) ${live}, 0)::text as principal,
      coalesce(sum(r.total_penalty) ${live}, 0)::text as penalty,
      coalesce(sum(r.total_discount) ${live}, 0)::text as discount,
      coalesce(sum(r.net_amount) ${live}, 0)::text as net,
      (count(*) filter (where r.reversed_at is not null))::int as reversed
    from payment_receipts r
   where ${receiptsInRange(companyId, from, to)}`;
}

export async function findCollectionTotals(db: DbOrTx, c: number, from: string, to: string) {
  const [row] = await all<{
    receipts: number;
    interest: string;
    principal: string;
    penalty: string;
    discount: string;
    net: string;
    reversed: number;
  }>(db, collectionTotalsQuery(c, from, to));
  return row;
}

/**
 * The auction shortfalls collected in the range, in date and entry order, through
 * auction_shortfall_settlements_date_idx: cash taken in that is not a pledge payment, each with its own
 * receipt. Write-offs bring nothing in and are left out.
 */
export function shortfallCollectionsQuery(companyId: number, from: string, to: string): SQL {
  return sql`select st.id::int as settlement_id, st.receipt_no, st.settled_on::text as collected_on,
      a.customer_id::int as customer_id, c.customer_name, p.pledge_no, st.method as payment_method,
      u.username, st.amount::text as amount
    from auction_shortfall_settlements st
    join auction_shortfalls a on a.company_id = st.company_id and a.id = st.shortfall_id
    join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
    join customers c on c.company_id = a.company_id and c.id = a.customer_id
    left join users u on u.id = st.created_by
   where st.company_id = ${companyId} and st.settled_on between ${from}::date and ${to}::date
     and st.kind = 'collected'
   order by st.settled_on, st.id`;
}

export interface ShortfallCollectionDb {
  settlement_id: number;
  receipt_no: string | null;
  collected_on: string;
  customer_id: number;
  customer_name: string;
  pledge_no: string;
  payment_method: string;
  username: string | null;
  amount: string;
}

export const findShortfallCollections = (db: DbOrTx, c: number, from: string, to: string) =>
  all<ShortfallCollectionDb>(db, shortfallCollectionsQuery(c, from, to));

export interface CollectionRowDb {
  receipt_id: number;
  receipt_no: string;
  payment_date: string;
  customer_id: number;
  customer_name: string;
  payment_method: string;
  username: string | null;
  interest: string;
  principal: string;
  penalty: string;
  discount: string;
  net: string;
  reversed: boolean;
  pledge_nos: string[] | string;
}

export interface SummaryRowDb {
  grouped_by: 'type' | 'method' | 'user' | 'day' | 'all';
  payment_type: string | null;
  payment_method: string | null;
  user_id: number | null;
  payment_date: string | null;
  receipts: number;
  payments: number;
  interest: string;
  principal: string;
  penalty: string;
  discount: string;
  net: string;
}

export const findCollectionRows = (db: DbOrTx, c: number, from: string, to: string, page: Page | After) =>
  all<CollectionRowDb>(db, collectionRowsQuery(c, from, to, page));

export async function findCollectionCount(db: DbOrTx, c: number, from: string, to: string) {
  const [row] = await all<{ count: number; reversed: number; reversed_net: string }>(
    db,
    collectionCountQuery(c, from, to),
  );
  return {
    count: Number(row?.count ?? 0),
    reversed: Number(row?.reversed ?? 0),
    reversedNet: row?.reversed_net ?? '0',
  };
}

export const findCollectionSummary = (db: DbOrTx, c: number, from: string, to: string) =>
  all<SummaryRowDb>(db, collectionSummaryQuery(c, from, to));

/** Usernames of the given user ids (users are not company-scoped; ids come from the company's rows). */
export async function findUsernames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await all<{ id: number; username: string }>(
    db,
    sql`select id::int as id, username from users where id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}

// ---------------------------------------------------------------- disbursements

const pledgesInRange = (companyId: number, from: string, to: string) =>
  sql`p.company_id = ${companyId} and p.pledge_date between ${from}::date and ${to}::date`;

/** One page of the pledges paid out in the range, by pledge date and entry. */
export function disbursementRowsQuery(companyId: number, from: string, to: string, page: Page | After): SQL {
  const batch = pageOrAfter(page, 'p.pledge_date', 'p.id');
  return sql`select p.id::int as pledge_id, p.pledge_no, p.pledge_date::text as pledge_date,
      p.customer_id::int as customer_id, c.customer_name, p.scheme_id::int as scheme_id, s.scheme_name,
      u.username, p.total_loan_amount::text as loan, p.first_month_interest::text as first_month_interest,
      p.document_charges::text as document_charges, p.final_amount::text as final_amount,
      p.payout_method, p.payout_reference
    from pledges p
    join customers c on c.company_id = p.company_id and c.id = p.customer_id
    join schemes s on s.company_id = p.company_id and s.id = p.scheme_id
    left join users u on u.id = p.created_by
   where ${pledgesInRange(companyId, from, to)} ${batch.key}
   order by p.pledge_date, p.id
   ${batch.limit}`;
}

/** The range's pledges summed by day, scheme, user and payout method and in all, in one pass. */
export function disbursementSummaryQuery(companyId: number, from: string, to: string): SQL {
  return sql`select
      case when grouping(p.pledge_date) = 0 then 'day'
           when grouping(p.scheme_id) = 0 then 'scheme'
           when grouping(p.created_by) = 0 then 'user'
           when grouping(p.payout_method) = 0 then 'method' else 'all' end as grouped_by,
      p.pledge_date::text as pledge_date, p.scheme_id::int as scheme_id, p.created_by::int as user_id,
      p.payout_method, count(*)::int as count,
      sum(p.total_loan_amount)::text as loan, sum(p.first_month_interest)::text as first_month_interest,
      sum(p.document_charges)::text as document_charges, sum(p.final_amount)::text as final_amount
    from pledges p
   where ${pledgesInRange(companyId, from, to)}
   group by grouping sets ((p.pledge_date), (p.scheme_id), (p.created_by), (p.payout_method), ())`;
}

export const findDisbursementCsvBatch = (
  db: DbOrTx,
  c: number,
  from: string,
  to: string,
  after: { date: string; id: number } | null,
  limit: number,
) => all<DisbursementRowDb>(db, disbursementRowsQuery(c, from, to, { after, limit }));

export interface DisbursementRowDb {
  pledge_id: number;
  pledge_no: string;
  pledge_date: string;
  customer_id: number;
  customer_name: string;
  scheme_id: number;
  scheme_name: string;
  username: string | null;
  loan: string;
  first_month_interest: string;
  document_charges: string;
  final_amount: string;
  payout_method: string;
  payout_reference: string | null;
}

export interface DisbursementSummaryDb {
  grouped_by: 'day' | 'scheme' | 'user' | 'method' | 'all';
  pledge_date: string | null;
  scheme_id: number | null;
  user_id: number | null;
  payout_method: string | null;
  count: number;
  loan: string | null;
  first_month_interest: string | null;
  document_charges: string | null;
  final_amount: string | null;
}

export const findDisbursementRows = (db: DbOrTx, c: number, from: string, to: string, page: Page | After) =>
  all<DisbursementRowDb>(db, disbursementRowsQuery(c, from, to, page));

export const findDisbursementSummary = (db: DbOrTx, c: number, from: string, to: string) =>
  all<DisbursementSummaryDb>(db, disbursementSummaryQuery(c, from, to));

/** Scheme names of the company's given scheme ids. */
export async function findSchemeNames(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await all<{ id: number; scheme_name: string }>(
    db,
    sql`select id::int as id, scheme_name from schemes where company_id = ${companyId} and id in (${sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    )})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.scheme_name]));
}
