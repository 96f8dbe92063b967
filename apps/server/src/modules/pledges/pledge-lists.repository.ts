import { and, type Column, count, desc, eq, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { counters, customers, pledges } from '../../db/schema/index.ts';
import { formatAccCode } from '../customers/customers.repository.ts';
import { type PledgeSummaryRow, selectPledgeSummaries } from './pledge-view.ts';

// The pledge lists and the header's Search box. Every search goes through
// an index: the pledge number through pledges_no_trgm_idx (lower(pledge_no)), the customer's name
// through customers_name_trgm_idx (lower(customer_name)), the mobile through customers_mobile_trgm_idx
// and the customer code through customers_company_acc_code_key. The pledges of the matching customers
// come through pledges_customer_idx. pledge-lists.plans.test.ts checks the plans.

/** A term shorter than this matches the start of a word; from this length on, any part. */
export const MIN_CONTAINS_LENGTH = 3;

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `expression` (already lower-cased where the index is) matches the term: any part of it for a
 * term of 3 characters or more; the start of a word for a shorter one, which gives pg_trgm a
 * word-start trigram ('  a', ' ab') to look up instead of reading the whole index.
 */
function textMatches(expression: SQL, term: string): SQL {
  const t = escapeLike(term.toLowerCase());
  if ([...term].length >= MIN_CONTAINS_LENGTH) return sql`${expression} like ${`%${t}%`}`;
  return sql`(${expression} like ${`${t}%`} or ${expression} like ${`% ${t}%`})`;
}

/** The customer code a term names ('C12', 'c000012' → C000012), or null when it is not one. */
export function codeOf(term: string): string | null {
  const m = /^c0*(\d{1,9})$/i.exec(term);
  return m ? formatAccCode(Number(m[1])) : null;
}

const searchTerm = (search: string | undefined) => {
  const term = search?.trim();
  return term ? term : undefined;
};

/**
 * Customers of the company that a term names: part of the name (a term that is not all digits),
 * part of the mobile number (a term of digits only), or the customer code. Each branch is only asked where it can
 * match, so the planner ORs index scans (BitmapOr) and never reads every customer.
 */
function customerMatches(
  table: { companyId: Column; customerName: Column; mobileNumber: Column; accCode: Column },
  companyId: number,
  term: string,
): SQL {
  const branches: SQL[] = [];
  if (/\D/.test(term)) branches.push(textMatches(sql`lower(${table.customerName})`, term));
  if (/^\d+$/.test(term)) branches.push(textMatches(sql`${table.mobileNumber}`, term));
  const code = codeOf(term);
  if (code) branches.push(sql`${table.accCode} = ${code}`);
  return sql`${table.companyId} = ${companyId} and (${sql.join(branches, sql` or `)})`;
}

const byNumber = alias(pledges, 'by_number');
const byCustomer = alias(pledges, 'by_customer');
const matchedCustomer = alias(customers, 'matched_customer');

/**
 * The ids of the company's pledges a search names: by the pledge number, or by the customer's name,
 * mobile or code. A union of two index-backed queries rather than one OR across two tables, which
 * the planner can only answer by reading every pledge.
 */
function matchingPledgeIds(db: DbOrTx, companyId: number, term: string) {
  const numbered = db
    .select({ id: byNumber.id })
    .from(byNumber)
    .where(and(eq(byNumber.companyId, companyId), textMatches(sql`lower(${byNumber.pledgeNo})`, term)));
  const ofCustomers = db
    .select({ id: byCustomer.id })
    .from(matchedCustomer)
    .innerJoin(
      byCustomer,
      and(eq(byCustomer.companyId, matchedCustomer.companyId), eq(byCustomer.customerId, matchedCustomer.id)),
    )
    .where(customerMatches(matchedCustomer, companyId, term));
  return sql`(${numbered} union ${ofCustomers})`;
}

function listFilter(db: DbOrTx, companyId: number, search: string | undefined): SQL | undefined {
  const term = searchTerm(search);
  const scope = eq(pledges.companyId, companyId);
  if (!term) return scope;
  return and(scope, sql`${pledges.id} in ${matchingPledgeIds(db, companyId, term)}`);
}

/**
 * How a search's page is read. 'union': gather every matching pledge through the indexes (by number,
 * and through the matching customers' pledges), sort them newest first and take the page: fast when
 * few match. 'newest-first': walk the company's pledges newest first and keep those whose number
 * matches or whose customer is among the matching ones (a hashed set), stopping when the page is
 * full: fast when many match (a common name part matches thousands of customers and tens of thousands
 * of pledges, which the union must all sort), slow when few do (it would walk every pledge).
 */
export type ListShape = 'union' | 'newest-first';

/** A term naming at least this many customers is common: its page is read newest first. */
export const COMMON_TERM_CUSTOMERS = 100;

/** The shape for a term: 'newest-first' when it names COMMON_TERM_CUSTOMERS customers or more. */
export async function listShapeFor(db: DbOrTx, companyId: number, term: string): Promise<ListShape> {
  const named = await db
    .select({ id: customers.id })
    .from(customers)
    .where(customerMatches(customers, companyId, term))
    .limit(COMMON_TERM_CUSTOMERS);
  return named.length >= COMMON_TERM_CUSTOMERS ? 'newest-first' : 'union';
}

function newestFirstFilter(db: DbOrTx, companyId: number, term: string): SQL | undefined {
  const named = db
    .select({ id: matchedCustomer.id })
    .from(matchedCustomer)
    .where(customerMatches(matchedCustomer, companyId, term));
  return and(
    eq(pledges.companyId, companyId),
    sql`(${pledges.customerId} in ${named} or ${textMatches(sql`lower(${pledges.pledgeNo})`, term)})`,
  );
}

/** The query of one page of the list, not yet run (the plan test EXPLAINs it). */
export function listPledgesQuery(
  db: DbOrTx,
  companyId: number,
  query: { skip: number; limit: number; search?: string | undefined },
  shape: ListShape = 'union',
  /** Pledges already shown ahead of the rest (the exact matches). */
  except: readonly number[] = [],
) {
  const term = searchTerm(query.search);
  const filter =
    term && shape === 'newest-first'
      ? newestFirstFilter(db, companyId, term)
      : listFilter(db, companyId, query.search);
  return selectPledgeSummaries(db)
    .where(except.length > 0 ? and(filter, notInArray(pledges.id, [...except])) : filter)
    .orderBy(desc(pledges.id))
    .offset(query.skip)
    .limit(query.limit);
}

/** At most this many exact matches go ahead of the rest (a customer's pledges by code or mobile). */
export const EXACT_MATCHES_CAP = 500;

/** The customer a term names exactly: its code, or (a term of digits) its mobile number. */
function exactCustomer(
  table: { companyId: Column; mobileNumber: Column; accCode: Column },
  companyId: number,
  term: string,
): SQL | null {
  const branches: SQL[] = [];
  const code = codeOf(term);
  if (code) branches.push(sql`${table.accCode} = ${code}`);
  if (/^\d{6,}$/.test(term)) branches.push(sql`${table.mobileNumber} = ${term}`);
  if (branches.length === 0) return null;
  return sql`${table.companyId} = ${companyId} and (${sql.join(branches, sql` or `)})`;
}

/**
 * The pledges a term names exactly, as a query not yet run: the pledge of that number (through
 * pledges_company_no_key), then the pledges of the customer of that code or mobile number (through
 * customers_company_acc_code_key or customers_mobile_trgm_idx, then pledges_customer_idx), newest
 * first. 'GLB1' must find GLB1 first, not GLB19…GLB10 with GLB1 off the page.
 */
export function exactPledgesQuery(db: DbOrTx, companyId: number, term: string, limit = EXACT_MATCHES_CAP) {
  const numbered = db
    .select({ id: byNumber.id, rank: sql<number>`0`.as('rank') })
    .from(byNumber)
    .where(and(eq(byNumber.companyId, companyId), sql`lower(${byNumber.pledgeNo}) = ${term.toLowerCase()}`));
  const customer = exactCustomer(matchedCustomer, companyId, term);
  const ofCustomer = customer
    ? sql` union all (${db
        .select({ id: byCustomer.id, rank: sql<number>`1`.as('rank') })
        .from(matchedCustomer)
        .innerJoin(
          byCustomer,
          and(
            eq(byCustomer.companyId, matchedCustomer.companyId),
            eq(byCustomer.customerId, matchedCustomer.id),
          ),
        )
        .where(customer)
        .orderBy(desc(byCustomer.id))
        .limit(limit)})`
    : sql``;
  return sql`select id from ((${numbered})${ofCustomer}) as exact order by rank, id desc limit ${limit}`;
}

/** The ids of the exact matches of a term, in the order they head the list. */
async function exactPledgeIds(db: DbOrTx, companyId: number, term: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(await db.execute(exactPledgesQuery(db, companyId, term)));
  return [...new Set(rows.map((r) => Number(r.id)))];
}

/**
 * One page of a search: the exact matches first (exactPledgesQuery), then the other matches newest
 * first. Each half is index-backed; the second leaves out the ids of the first.
 */
async function searchPage(
  db: DbOrTx,
  companyId: number,
  query: { skip: number; limit: number; search: string },
  shape: ListShape,
): Promise<PledgeSummaryRow[]> {
  const exact = await exactPledgeIds(db, companyId, query.search);
  if (exact.length === 0) return listPledgesQuery(db, companyId, query, shape);
  const headIds = exact.slice(query.skip, query.skip + query.limit);
  const head =
    headIds.length === 0
      ? []
      : await selectPledgeSummaries(db).where(
          and(eq(pledges.companyId, companyId), inArray(pledges.id, headIds)),
        );
  head.sort((a, b) => headIds.indexOf(a.pledge.id) - headIds.indexOf(b.pledge.id));
  const room = query.limit - head.length;
  if (room <= 0) return head;
  const rest = await listPledgesQuery(
    db,
    companyId,
    { skip: Math.max(0, query.skip - exact.length), limit: room, search: query.search },
    shape,
    exact,
  );
  return [...head, ...rest];
}

/** The query that counts a search's matches, not yet run. */
export function countPledgesQuery(db: DbOrTx, companyId: number, search: string | undefined) {
  return db
    .select({ total: count() })
    .from(pledges)
    .where(listFilter(db, companyId, search));
}

/** The list's X-Total-Count stops counting past this many matches of a search (shown as '1,000+'). */
export const LIST_COUNT_CAP = 1000;

/**
 * How many pledges a search matches, counted up to `cap + 1`: each of the two index-backed halves (by
 * number, through the customers) stops at cap + 1 rows, so a common name part costs milliseconds
 * instead of counting all its tens of thousands of pledges. Exact when at most `cap`; more than `cap`
 * otherwise (the union of the two capped halves passes `cap` exactly when the whole does).
 */
export async function countPledgesCapped(
  db: DbOrTx,
  companyId: number,
  term: string,
  cap = LIST_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const numbered = db
    .select({ id: byNumber.id })
    .from(byNumber)
    .where(and(eq(byNumber.companyId, companyId), textMatches(sql`lower(${byNumber.pledgeNo})`, term)))
    .limit(cap + 1);
  const ofCustomers = db
    .select({ id: byCustomer.id })
    .from(matchedCustomer)
    .innerJoin(
      byCustomer,
      and(eq(byCustomer.companyId, matchedCustomer.companyId), eq(byCustomer.customerId, matchedCustomer.id)),
    )
    .where(customerMatches(matchedCustomer, companyId, term))
    .limit(cap + 1);
  const rows = await db.execute(
    sql`select count(*)::int as total from ((${numbered}) union (${ofCustomers})) as matched`,
  );
  const total = Number((rowsOf<{ total: number }>(rows)[0] ?? { total: 0 }).total);
  return total > cap ? { total: cap + 1, capped: true } : { total, capped: false };
}

/**
 * One page of the company's pledges, newest first, and how many match: every pledge without a search
 * (exact, from the counters); with one, counted up to LIST_COUNT_CAP (`capped` past it).
 */
export async function listPledges(
  db: DbOrTx,
  companyId: number,
  query: { skip: number; limit: number; search?: string | undefined },
): Promise<{ rows: PledgeSummaryRow[]; total: number; capped: boolean }> {
  const term = searchTerm(query.search);
  if (!term) {
    const rows = await listPledgesQuery(db, companyId, query);
    return { rows, total: await countAllPledges(db, companyId), capped: false };
  }
  const shape = await listShapeFor(db, companyId, term);
  const rows = await searchPage(db, companyId, { ...query, search: term }, shape);
  return { rows, ...(await countPledgesCapped(db, companyId, term)) };
}

/**
 * Every pledge of the company, without reading the pledges: each create takes its number from a
 * `pledge:<PREFIX>` counter in its own transaction, gapless, and no pledge is ever deleted (only the
 * company, with its counters), so the counters add up to the pledges. Counting a million pledges
 * through the index took 100 to 200 ms (docs/performance.md); this reads a handful of counter rows.
 */
async function countAllPledges(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${counters.value})` })
    .from(counters)
    .where(and(eq(counters.companyId, companyId), sql`${counters.name} like 'pledge:%'`));
  return Number(row?.total ?? 0);
}

export async function countPledges(db: DbOrTx, companyId: number, search: string | undefined) {
  if (!searchTerm(search)) return countAllPledges(db, companyId);
  const [counted] = await countPledgesQuery(db, companyId, search);
  return Number(counted?.total ?? 0);
}

const activeOf = (companyId: number, customerId: number) =>
  and(
    eq(pledges.companyId, companyId),
    eq(pledges.customerId, customerId),
    eq(pledges.status, 'active'),
    isNull(pledges.closedDate),
  );

/** A page of a customer's open pledges, newest first, not yet run: through pledges_customer_idx. */
export function listActivePledgesOfCustomerQuery(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  page: { skip: number; limit: number },
) {
  return selectPledgeSummaries(db)
    .where(activeOf(companyId, customerId))
    .orderBy(desc(pledges.id))
    .offset(page.skip)
    .limit(page.limit);
}

/** A customer's open pledges (status active, not closed), newest first, and how many there are. */
export async function listActivePledgesOfCustomer(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  page: { skip: number; limit: number },
): Promise<{ rows: PledgeSummaryRow[]; total: number }> {
  const rows = await listActivePledgesOfCustomerQuery(db, companyId, customerId, page);
  const [counted] = await db.select({ total: count() }).from(pledges).where(activeOf(companyId, customerId));
  return { rows, total: Number(counted?.total ?? 0) };
}

/** How many answers of each kind the Search box shows. */
export const QUICK_SEARCH_LIMIT = 8;

/**
 * The Search box's pledges: those whose number matches, the exact number first, then numbers that
 * start with the term, then the newest.
 */
export function quickPledgesQuery(db: DbOrTx, companyId: number, term: string, limit = QUICK_SEARCH_LIMIT) {
  const lowered = term.toLowerCase();
  return db
    .select({
      pledgeId: pledges.id,
      pledgeNo: pledges.pledgeNo,
      customerName: customers.customerName,
      status: pledges.status,
      closedDate: pledges.closedDate,
    })
    .from(pledges)
    .innerJoin(
      customers,
      and(eq(customers.companyId, pledges.companyId), eq(customers.id, pledges.customerId)),
    )
    .where(and(eq(pledges.companyId, companyId), textMatches(sql`lower(${pledges.pledgeNo})`, term)))
    .orderBy(
      sql`lower(${pledges.pledgeNo}) = ${lowered} desc`,
      sql`lower(${pledges.pledgeNo}) like ${`${escapeLike(lowered)}%`} desc`,
      desc(pledges.id),
    )
    .limit(limit);
}

/**
 * The Search box's customers: by part of the name, of the mobile, or the code; the code itself
 * first, then the exact mobile number, then names or numbers that start with the term, then the newest.
 */
export function quickCustomersQuery(db: DbOrTx, companyId: number, term: string, limit = QUICK_SEARCH_LIMIT) {
  const start = `${escapeLike(term.toLowerCase())}%`;
  const code = codeOf(term);
  return db
    .select({
      id: customers.id,
      accCode: customers.accCode,
      customerName: customers.customerName,
      mobileNumber: customers.mobileNumber,
    })
    .from(customers)
    .where(customerMatches(customers, companyId, term))
    .orderBy(
      sql`${customers.accCode} = ${code ?? ''} desc`,
      sql`${customers.mobileNumber} = ${term} desc`,
      sql`(lower(${customers.customerName}) like ${start} or ${customers.mobileNumber} like ${start}) desc`,
      desc(customers.id),
    )
    .limit(limit);
}

export async function quickSearch(db: DbOrTx, companyId: number, q: string) {
  const term = q.trim();
  if (!term) return { pledges: [], customers: [] };
  const [found, people] = [
    await quickPledgesQuery(db, companyId, term),
    await quickCustomersQuery(db, companyId, term),
  ];
  return { pledges: found, customers: people };
}
