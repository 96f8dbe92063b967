import {
  type PledgeBook,
  type PledgeBookRow,
  pledgeBookPage,
  RELEASE_RECEIVER_KINDS,
  type VaultRegister,
  type VaultRow,
} from '@pledge-desk/domain';
import { type SQL, sql } from 'drizzle-orm';
import { copyCsv, csvTextSql } from '../../db/copy-csv.ts';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

// The pledge book (Form E) and the vault register, each read in SQL a page at a time:
// - the pledge book's pledges of a range through pledges_company_date_idx (company, pledge_date); their
//   register serial is counted through an index on (company, id) (pledges_company_id_id_key): the pledges before
//   the page's first one once, then a row number over the pledges between the page's first and last
//   (not a window over the whole history); items through pledge_items_pledge_idx, payments through
//   pledge_payments_pledge_idx, customers and schemes by key;
// - the vault's pledges whose articles are held at the end of a day (until released, not
//   until closed): the unreleased ones through pledges_unreleased_idx (company, id where released_on is
//   null), those released after the day through pledges_released_on_idx; their items through
//   pledge_items_pledge_idx.
// registers.plans.test.ts checks the plans.

/** A page of a register: `limit` rows after `offset`; null reads the whole range (the CSV). */
export interface RegisterPage {
  offset: number;
  limit: number;
}

/** Weights are numeric(10,3) grams: three decimals, read exactly. */
const gramsFromNumeric = (value: string) => Math.round(Number(value) * 1000) / 1000;

const pageClause = (page: RegisterPage | null) =>
  page ? sql`offset ${page.offset} limit ${page.limit}` : sql``;

/** The pledge book's query for a page of the range (not yet run; the plan test EXPLAINs it). */
export function pledgeBookQuery(companyId: number, from: string, to: string, page: RegisterPage | null): SQL {
  return sql`
    with page as materialized (
      -- The range's pledges through pledges_company_date_idx (the fence keeps the planner from walking
      -- the primary key in id order and filtering the dates), then put in register order.
      select id from (
        select p.id from pledges p
         where p.company_id = ${companyId} and p.pledge_date between ${from} and ${to}
        offset 0
      ) in_range
       order by id
       ${pageClause(page)}
    ),
    bounds as materialized (
      select min(id) as lo, max(id) as hi,
             (select count(*) from pledges b
               where b.company_id = ${companyId} and b.id < (select min(id) from page)) as before
        from page
    ),
    ranked as materialized (
      select s.*, bounds.before + row_number() over (order by s.id) as serial
        from bounds
        join pledges s on s.company_id = ${companyId} and s.id between bounds.lo and bounds.hi
    ),
    articles as (
      select i.pledge_id,
             json_agg(json_build_object(
               'item_id', i.id, 'description', d.design_name, 'condition', i.jewell_condition,
               'gross_weight', i.gross_weight::text, 'net_weight', i.net_weight::text,
               'value', i.net_value::text) order by i.id) as articles
        from bounds
        join pledge_items i on i.company_id = ${companyId} and i.pledge_id between bounds.lo and bounds.hi
        join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
       group by i.pledge_id
    ),
    payments as (
      select pp.pledge_id,
             json_agg(json_build_object(
               'payment_id', pp.id,
               -- By key, one receipt a row: a join would hash every receipt of the company.
               'receipt_no', (select r.receipt_no from payment_receipts r
                               where r.company_id = pp.company_id and r.id = pp.receipt_id),
               'payment_date', pp.payment_date::text,
               'amount', pp.amount::text, 'interest_amount', pp.interest_amount::text,
               'principal_amount', pp.principal_amount::text,
               'reversed', pp.reversed_at is not null) order by pp.payment_date, pp.id) as payments
        from bounds
        join pledge_payments pp on pp.company_id = ${companyId} and pp.pledge_id between bounds.lo and bounds.hi
       group by pp.pledge_id
    )
    select p.id as pledge_id, p.serial::int as serial, p.pledge_no, p.pledge_date::text as pledge_date,
           c.id as customer_id, c.acc_code, c.customer_name, c.guardian_name,
           concat_ws(', ', nullif(c.door_no, ''), nullif(c.street, ''), nullif(c.location, ''),
                     nullif(c.district, ''), nullif(c.pincode, '')) as address,
           p.total_loan_amount::text as amount_lent, p.interest_rate::text as interest_rate,
           p.first_month_interest::text as first_month_interest, p.duration, p.due_date::text as due_date,
           p.item_count, p.gross_weight::text as gross_weight, p.net_weight::text as net_weight,
           p.total_valuation::text as value,
           -- Form E's redemption date: the closing day of a pledge paid in full; a renewal or a sale
           -- closes it otherwise.
           case when p.closed_by = 'payment' then p.closed_date::text end as closed_date,
           p.closed_by, p.released_on::text as released_on,
           sale.sale_date::text as auction_date,
           -- Form E's redeemer or buyer: whom the release handed the articles to, or the auction's buyer.
           coalesce(rel.receiver_kind, case when sale.buyer_name is not null then 'buyer' end) as redeemer_kind,
           coalesce(rel.receiver_name, sale.buyer_name) as redeemer_name,
           p.status,
           jt.jewel_name as jewel_type,
           coalesce(a.articles, '[]') as articles, coalesce(pay.payments, '[]') as payments
      from ranked p
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
      join schemes sc on sc.company_id = p.company_id and sc.id = p.scheme_id
      left join jewel_types jt on jt.company_id = sc.company_id and jt.id = sc.jewel_type_id
      left join articles a on a.pledge_id = p.id
      left join payments pay on pay.pledge_id = p.id
      -- One of each a pledge at most (pledge_releases_pledge_key, auction_sales_pledge_key), by key.
      left join pledge_releases rel on rel.company_id = p.company_id and rel.pledge_id = p.id
      left join auction_sales sale on sale.company_id = p.company_id and sale.pledge_id = p.id
     -- The pledges between the page's first and last that are in the range are the page's rows.
     where p.pledge_date between ${from} and ${to}
     order by p.id`;
}

/**
 * The pledge book's totals over the whole range but 'paid' (not yet run), with the span of the
 * range's pledge ids for pledgeBookPaidQuery.
 */
export function pledgeBookTotalsQuery(companyId: number, from: string, to: string): SQL {
  return sql`
    select count(*)::int as pledges, min(p.id)::int as first_id, max(p.id)::int as last_id,
           coalesce(sum(p.total_loan_amount), 0)::text as amount_lent,
           coalesce(sum(p.gross_weight), 0)::text as gross_weight,
           coalesce(sum(p.net_weight), 0)::text as net_weight,
           coalesce(sum(p.total_valuation), 0)::text as value
      from pledges p
     where p.company_id = ${companyId} and p.pledge_date between ${from} and ${to}`;
}

/**
 * Σ of the payments (not reversed) of the range's pledges, whose ids lie from `firstId` to `lastId`:
 * one range scan of pledge_payments_pledge_idx over that span (ids follow entry, so a range of dates
 * is mostly one span of ids), kept to the range by a join with its pledges. The span goes in as
 * values, so the planner sizes it: probes for a month, a hash join for a year. A subquery per pledge
 * took 630 ms of a year's page at 100,000 pledges (docs/performance.md), and a join without the span
 * read a year's payments for a month's book.
 */
export function pledgeBookPaidQuery(
  companyId: number,
  from: string,
  to: string,
  firstId: number,
  lastId: number,
): SQL {
  return sql`
    select coalesce(sum(pp.amount), 0)::text as paid
      from pledge_payments pp
      join pledges q on q.company_id = pp.company_id and q.id = pp.pledge_id
     where pp.company_id = ${companyId} and pp.pledge_id between ${firstId}::int and ${lastId}::int
       and pp.reversed_at is null
       and q.pledge_date between ${from} and ${to}`;
}

interface ArticleJson {
  item_id: number;
  description: string;
  condition: string | null;
  gross_weight: string;
  net_weight: string;
  value: string;
}
interface PaymentJson {
  payment_id: number;
  receipt_no: string;
  payment_date: string;
  amount: string;
  interest_amount: string;
  principal_amount: string;
  reversed: boolean;
}
interface PledgeBookDbRow {
  pledge_id: number;
  serial: number;
  pledge_no: string;
  pledge_date: string;
  customer_id: number;
  acc_code: string;
  customer_name: string;
  guardian_name: string;
  address: string;
  amount_lent: string;
  interest_rate: string;
  first_month_interest: string;
  duration: number;
  due_date: string;
  item_count: number;
  gross_weight: string;
  net_weight: string;
  value: string;
  closed_date: string | null;
  closed_by: string | null;
  released_on: string | null;
  auction_date: string | null;
  redeemer_kind: string | null;
  redeemer_name: string | null;
  status: string;
  jewel_type: string | null;
  articles: ArticleJson[] | string;
  payments: PaymentJson[] | string;
}

const REDEEMER_KINDS: readonly string[] = [...RELEASE_RECEIVER_KINDS, 'buyer'];

/** A release's receiver kind (pledge_releases_receiver_kind_check keeps it to the list) or 'buyer'. */
function redeemerKind(kind: string): NonNullable<PledgeBookRow['redeemer']>['kind'] {
  if (!REDEEMER_KINDS.includes(kind)) throw new Error(`unknown redeemer kind ${kind}`);
  return kind as NonNullable<PledgeBookRow['redeemer']>['kind'];
}

/** json columns come back parsed from one driver and as text from the other. */
const parsed = <T>(value: T[] | string): T[] => (typeof value === 'string' ? JSON.parse(value) : value);

function toPledgeBookRow(r: PledgeBookDbRow): PledgeBookRow {
  const serial = Number(r.serial);
  return {
    serial,
    page: pledgeBookPage(serial),
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    pledge_date: r.pledge_date,
    customer_id: Number(r.customer_id),
    customer_code: r.acc_code,
    customer_name: r.customer_name,
    customer_name_ta: null,
    guardian_name: r.guardian_name,
    address: r.address,
    amount_lent: rupeesFromNumeric(r.amount_lent),
    interest_rate: rupeesFromNumeric(r.interest_rate),
    first_month_interest: rupeesFromNumeric(r.first_month_interest),
    duration_months: Number(r.duration),
    due_date: r.due_date,
    item_count: Number(r.item_count),
    gross_weight: gramsFromNumeric(r.gross_weight),
    net_weight: gramsFromNumeric(r.net_weight),
    value: rupeesFromNumeric(r.value),
    articles: parsed(r.articles).map((a) => ({
      item_id: Number(a.item_id),
      // An article's jewel type is its pledge's scheme's (items carry a design, not a type).
      jewel_type: r.jewel_type,
      description: a.description,
      condition: a.condition,
      // Each item row is one article: the product keeps no count per item (docs/decisions.md).
      count: 1,
      gross_weight: gramsFromNumeric(a.gross_weight),
      net_weight: gramsFromNumeric(a.net_weight),
      value: rupeesFromNumeric(a.value),
    })),
    payments: parsed(r.payments).map((p) => ({
      payment_id: Number(p.payment_id),
      receipt_no: p.receipt_no,
      payment_date: p.payment_date,
      amount: rupeesFromNumeric(p.amount),
      interest_amount: rupeesFromNumeric(p.interest_amount),
      principal_amount: rupeesFromNumeric(p.principal_amount),
      reversed: Boolean(p.reversed),
    })),
    closed_date: r.closed_date,
    closed_by: r.closed_by,
    released_on: r.released_on,
    auction_date: r.auction_date,
    redeemer:
      r.redeemer_kind !== null && r.redeemer_name !== null
        ? { kind: redeemerKind(r.redeemer_kind), name: r.redeemer_name }
        : null,
    status: r.status,
  };
}

/** The pledge book's rows of a page of the range (every row when `page` is null), in register order. */
export async function readPledgeBookRows(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  page: RegisterPage | null,
): Promise<PledgeBookRow[]> {
  const rows = rowsOf<PledgeBookDbRow>(await db.execute(pledgeBookQuery(companyId, from, to, page)));
  return rows.map(toPledgeBookRow);
}

export async function readPledgeBookTotals(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
): Promise<PledgeBook['totals']> {
  const [t] = rowsOf<Record<string, string | number | null>>(
    await db.execute(pledgeBookTotalsQuery(companyId, from, to)),
  );
  if (!t) throw new Error('the pledge book totals query answered no row');
  let paid = '0';
  if (Number(t.pledges) > 0) {
    const [p] = rowsOf<{ paid: string }>(
      await db.execute(pledgeBookPaidQuery(companyId, from, to, Number(t.first_id), Number(t.last_id))),
    );
    paid = p?.paid ?? '0';
  }
  return {
    pledges: Number(t.pledges),
    amount_lent: rupeesFromNumeric(String(t.amount_lent)),
    gross_weight: gramsFromNumeric(String(t.gross_weight)),
    net_weight: gramsFromNumeric(String(t.net_weight)),
    value: rupeesFromNumeric(String(t.value)),
    paid: rupeesFromNumeric(paid),
  };
}

/**
 * The pledges whose articles are in the vault at the end of `asOf`: made on or before it and
 * not released by then (released_on null, or after asOf). A pledge closed by payment keeps its articles
 * in the vault until their release. Two index-backed halves (pledges_unreleased_idx and
 * pledges_released_on_idx) rather than one OR the planner could only answer by reading every pledge of
 * the company.
 */
const OPEN_COLUMNS = sql.raw(
  'o.id, o.company_id, o.scheme_id, o.customer_id, o.pledge_no, o.packet_no, o.pledge_date',
);

function openPledges(companyId: number, asOf: string): SQL {
  return sql`(
    select ${OPEN_COLUMNS} from pledges o
     where o.company_id = ${companyId} and o.released_on is null and o.pledge_date <= ${asOf}
    union all
    select ${OPEN_COLUMNS} from pledges o
     where o.company_id = ${companyId} and o.released_on > ${asOf} and o.pledge_date <= ${asOf}
  )`;
}

/**
 * The items of the open pledge `o`, one pledge at a time through pledge_items_pledge_idx: a lateral
 * join kept apart by `offset 0` (the planner would otherwise flatten it and hash the company's whole
 * pledge_items for a vault that holds a part of it).
 */
function itemsOf(o: SQL): SQL {
  return sql`select i.id, i.company_id, i.jewell_design_id, i.jewell_condition, i.gross_weight, i.net_weight
    from pledge_items i where i.company_id = ${o}.company_id and i.pledge_id = ${o}.id
    offset 0`;
}

/**
 * The open pledges a page of the vault can draw its rows from: the first `offset + limit` open pledges
 * with articles, in pledge order (each gives at least one row, so they cover the page), each half read
 * in index order and stopped there. Without it the page joined every open pledge's articles and sorted
 * them all to keep 50: 2.3 s on PGlite for 200,000 articles, 22 ms this way (docs/performance.md).
 * Ordered by (company, id) so each half walks its company's part of an index on (company_id, id), not
 * the primary key filtered by company.
 */
function pledgesOfPage(companyId: number, asOf: string, page: RegisterPage): SQL {
  const n = page.offset + page.limit;
  return sql`(
    select u.* from (
      (select ${OPEN_COLUMNS} from pledges o
        where o.company_id = ${companyId} and o.released_on is null and o.pledge_date <= ${asOf}
          and o.item_count > 0
        order by o.company_id, o.id limit ${n})
      union all
      (select ${OPEN_COLUMNS} from pledges o
        where o.company_id = ${companyId} and o.released_on > ${asOf} and o.pledge_date <= ${asOf}
          and o.item_count > 0
        order by o.company_id, o.id limit ${n})
    ) u
    order by u.id limit ${n}
  )`;
}

/** The vault register's rows of a page (every row when `page` is null), in register order. */
export function vaultRowsQuery(companyId: number, asOf: string, page: RegisterPage | null): SQL {
  return sql`
    select o.id as pledge_id, o.pledge_no, coalesce(o.packet_no, o.pledge_no) as packet_no,
           o.pledge_date::text as pledge_date, c.customer_name, i.id as item_id, jt.jewel_name as jewel_type,
           d.design_name as description, i.jewell_condition as condition,
           i.gross_weight::text as gross_weight, i.net_weight::text as net_weight
      from ${page ? pledgesOfPage(companyId, asOf, page) : openPledges(companyId, asOf)} o
      cross join lateral (${itemsOf(sql`o`)}) i
      join customers c on c.company_id = o.company_id and c.id = o.customer_id
      join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
      join schemes sc on sc.company_id = o.company_id and sc.id = o.scheme_id
      left join jewel_types jt on jt.company_id = sc.company_id and jt.id = sc.jewel_type_id
     order by o.id, i.id
     ${pageClause(page)}`;
}

/**
 * The vault CSV's lines as the database writes them (COPY, db/copy-csv.ts): every article of the
 * pledges open at the end of asOf, in register order (pledge, article), each cell as toCsv writes it
 * (dates DD/MM/YYYY, weights with their 3 decimals, text neutralised).
 */
export function vaultCsvCopyQuery(companyId: number, asOf: string): SQL {
  const t = (expr: string) => sql.raw(csvTextSql(expr));
  // The company a constant in every join, not o.company_id: the planner then estimates the joins by
  // id alone (with both it took company and id as independent and planned for a handful of rows:
  // nested loops over every design, 19 s for the bench's vault instead of 1.7 s at load 9).
  return sql`
    select ${t('o.pledge_no')}, ${t('coalesce(o.packet_no, o.pledge_no)')}, to_char(o.pledge_date, 'DD/MM/YYYY'),
           ${t('c.customer_name')}, ${t('jt.jewel_name')}, ${t('d.design_name')}, ${t('i.jewell_condition')}, 1,
           i.gross_weight::text, i.net_weight::text
      from ${openPledges(companyId, asOf)} o
      join pledge_items i on i.company_id = ${companyId} and i.pledge_id = o.id
      join jewel_designs d on d.company_id = ${companyId} and d.id = i.jewell_design_id
      join customers c on c.company_id = ${companyId} and c.id = o.customer_id
      join schemes sc on sc.company_id = ${companyId} and sc.id = o.scheme_id
      left join jewel_types jt on jt.company_id = ${companyId} and jt.id = sc.jewel_type_id
     order by o.id, i.id`;
}

/** The vault CSV's lines, written by the database. */
export const copyVaultCsv = (db: Db, companyId: number, asOf: string) =>
  copyCsv(db, vaultCsvCopyQuery(companyId, asOf));

/**
 * The vault's totals by jewel type (the scheme's), and overall as the last row (jewel type grouping
 * null), from the open pledges' own totals: a pledge's item count and weights are the sums of its
 * articles, kept by every create and edit (docs/domain-rules.md §2), so the articles need not be read. Reading
 * them (a probe per open pledge) took 550 ms of the vault's page at 95,000 open pledges
 * (docs/performance.md); the pledges alone 100 ms.
 */
export function vaultTotalsQuery(companyId: number, asOf: string, withArticlesOnly = false): SQL {
  // The CSV's totals count the pledges it lists, those with articles (every pledge has some).
  const articles = withArticlesOnly ? sql`and o.item_count > 0` : sql``;
  // Summed per scheme first (a handful of groups), then joined to the schemes and jewel types: joining
  // each of 100,000 pledges to its scheme before grouping took 125–450 ms on PGlite, this 60–90 ms.
  return sql`
    with s as (
      select o.scheme_id, count(*) as pledges, sum(o.item_count) as items,
             sum(o.gross_weight) as gross, sum(o.net_weight) as net
        from (
          select o.scheme_id, o.item_count, o.gross_weight, o.net_weight from pledges o
           where o.company_id = ${companyId} and o.released_on is null and o.pledge_date <= ${asOf} ${articles}
          union all
          select o.scheme_id, o.item_count, o.gross_weight, o.net_weight from pledges o
           where o.company_id = ${companyId} and o.released_on > ${asOf} and o.pledge_date <= ${asOf} ${articles}
        ) o
       group by o.scheme_id
    )
    select jt.jewel_name as jewel_type, grouping(jt.jewel_name) as is_overall,
           coalesce(sum(s.pledges), 0)::int as pledges, coalesce(sum(s.items), 0)::int as items,
           coalesce(sum(s.gross), 0)::text as gross_weight,
           coalesce(sum(s.net), 0)::text as net_weight
      from s
      join schemes sc on sc.company_id = ${companyId} and sc.id = s.scheme_id
      left join jewel_types jt on jt.company_id = sc.company_id and jt.id = sc.jewel_type_id
     group by rollup (jt.jewel_name)
     order by grouping(jt.jewel_name), jt.jewel_name`;
}

interface VaultDbRow {
  pledge_id: number;
  pledge_no: string;
  packet_no: string;
  pledge_date: string;
  customer_name: string;
  item_id: number;
  jewel_type: string | null;
  description: string;
  condition: string | null;
  gross_weight: string;
  net_weight: string;
}

export async function readVaultRows(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: RegisterPage | null,
): Promise<VaultRow[]> {
  const rows = rowsOf<VaultDbRow>(await db.execute(vaultRowsQuery(companyId, asOf, page)));
  return rows.map((r) => ({
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    packet_no: r.packet_no,
    pledge_date: r.pledge_date,
    customer_name: r.customer_name,
    item_id: Number(r.item_id),
    jewel_type: r.jewel_type,
    description: r.description,
    condition: r.condition,
    count: 1,
    gross_weight: gramsFromNumeric(r.gross_weight),
    net_weight: gramsFromNumeric(r.net_weight),
  }));
}

/** The vault's totals (vaultTotalsQuery); `withArticlesOnly`: of the pledges that have articles. */
export async function readVaultTotals(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  withArticlesOnly = false,
): Promise<VaultRegister['totals']> {
  const rows = rowsOf<{
    jewel_type: string | null;
    is_overall: number | string;
    pledges: number;
    items: number;
    gross_weight: string;
    net_weight: string;
  }>(await db.execute(vaultTotalsQuery(companyId, asOf, withArticlesOnly)));
  const totalsOf = (r: (typeof rows)[number]) => ({
    pledges: Number(r.pledges),
    items: Number(r.items),
    gross_weight: gramsFromNumeric(r.gross_weight),
    net_weight: gramsFromNumeric(r.net_weight),
  });
  const overall = rows.find((r) => Number(r.is_overall) === 1);
  return {
    by_jewel_type: rows
      .filter((r) => Number(r.is_overall) !== 1)
      .map((r) => ({ jewel_type: r.jewel_type, ...totalsOf(r) })),
    overall: overall ? totalsOf(overall) : { pledges: 0, items: 0, gross_weight: 0, net_weight: 0 },
  };
}
