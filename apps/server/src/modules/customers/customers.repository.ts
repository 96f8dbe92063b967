import type { CustomerInput } from '@pledge-desk/domain';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { customers, pledges } from '../../db/schema/index.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';

export type CustomerRow = typeof customers.$inferSelect;

/** The counter row that numbers customers, one per company (docs/domain-rules.md §5: no gaps). */
export const CUSTOMER_COUNTER = 'customer' as const;

/** `C000123`: 'C' and at least 6 digits. */
export function formatAccCode(n: number): string {
  return `C${String(n).padStart(6, '0')}`;
}

/**
 * The next `howMany` customer codes of the company, from the one counter (`takeNumbers`): the counter
 * row stays locked until the caller's transaction ends, so concurrent creations queue and a rolled-back
 * insert gives its number back: no gaps and no repeats. `howMany = 0` only takes the lock.
 */
export async function takeAccCodes(tx: Tx, companyId: number, howMany = 1): Promise<string[]> {
  return (await takeNumbers(tx, companyId, CUSTOMER_COUNTER, '', howMany)).map(formatAccCode);
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** LIKE pattern for "contains": the user's %, _ and \ are matched as themselves. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** LIKE pattern for "starts with", escaped the same way. */
export function startsWithPattern(term: string): string {
  return `${escapeLike(term)}%`;
}

/**
 * Part of a name, case-insensitively, written exactly as the trigram index customers_name_trgm_idx
 * is built (lower(customer_name)), so the planner can use it; Tamil text has no case and passes through.
 */
const nameContains = (term: string) =>
  sql`lower(${customers.customerName}) like lower(${containsPattern(term)})`;
/** Part of a mobile number, through customers_mobile_trgm_idx. */
const mobileContains = (term: string) => sql`${customers.mobileNumber} like ${containsPattern(term)}`;

/**
 * The list's search box: part of a name, of a mobile number or of a customer code. Each branch is only
 * asked where it can match (letters are never in a mobile number, a code is 'C' and digits), so a name
 * search stays on the name's trigram index instead of scanning every customer for the code.
 */
export function listFilter(
  companyId: number,
  search: string | undefined,
  needsCompletion?: boolean | undefined,
): SQL | undefined {
  const scope = and(
    eq(customers.companyId, companyId),
    needsCompletion === undefined ? undefined : eq(customers.needsCompletion, needsCompletion),
  );
  const term = search?.trim();
  if (!term) return scope;
  const branches: SQL[] = [];
  if (/\D/.test(term)) branches.push(nameContains(term));
  if (/\d/.test(term)) branches.push(mobileContains(term));
  if (/^c?\d+$/i.test(term))
    branches.push(sql`${customers.accCode} like ${containsPattern(term.toUpperCase())}`);
  return and(scope, sql`(${sql.join(branches, sql` or `)})`);
}

/** One page, newest first (apps/server/README.md, "Lists"), with the count of all matches for the pager. */
export async function listCustomers(
  db: DbOrTx,
  companyId: number,
  query: {
    skip: number;
    limit: number;
    search?: string | undefined;
    /** Only the (migrated) customers still to complete, or only the complete ones. */
    needsCompletion?: boolean | undefined;
  },
): Promise<{ rows: CustomerRow[]; total: number }> {
  const where = listFilter(companyId, query.search, query.needsCompletion);
  // NULLS LAST as in customers_company_created_idx: plain DESC means NULLS FIRST, and that mismatch
  // made PostgreSQL sort all 50,000 customers of a branch for each page (57 ms instead of 0.1 ms).
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(sql`${customers.createdAt} desc nulls last`, sql`${customers.id} desc nulls last`)
    .offset(query.skip)
    .limit(query.limit);
  const [counted] = await db.select({ total: count() }).from(customers).where(where);
  return { rows, total: Number(counted?.total ?? 0) };
}

export interface CustomerMatch {
  id: number;
  name: string;
  phone: string;
}

/**
 * The search behind the pledge screens' customer picker: part of a name and/or part of a mobile
 * number, at most `limit` answers. Best first: a name or number that starts with the term, then the
 * closest by trigram similarity, then the newest.
 */
export async function searchCustomers(
  db: DbOrTx,
  companyId: number,
  terms: { name?: string | undefined; phone?: string | undefined },
  limit = 20,
): Promise<CustomerMatch[]> {
  const query = searchCustomersQuery(db, companyId, terms, limit);
  return query ? await query : [];
}

/** The query behind `searchCustomers`, not yet run (the benchmark EXPLAINs it); null without a term. */
export function searchCustomersQuery(
  db: DbOrTx,
  companyId: number,
  terms: { name?: string | undefined; phone?: string | undefined },
  limit = 20,
) {
  const conditions: SQL[] = [];
  if (terms.name) conditions.push(nameContains(terms.name));
  if (terms.phone) conditions.push(mobileContains(terms.phone));
  if (conditions.length === 0) return null;
  const namePrefix = terms.name
    ? sql`lower(${customers.customerName}) like lower(${startsWithPattern(terms.name)})`
    : sql`false`;
  const phonePrefix = terms.phone
    ? sql`${customers.mobileNumber} like ${startsWithPattern(terms.phone)}`
    : sql`false`;
  // Similarity only ranks names; a bare 0 would be read by ORDER BY as a column position.
  const closeness = terms.name
    ? [sql`similarity(lower(${customers.customerName}), lower(${terms.name})) desc`]
    : [];
  return db
    .select({ id: customers.id, name: customers.customerName, phone: customers.mobileNumber })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), sql`(${sql.join(conditions, sql` or `)})`))
    .orderBy(
      sql`(${namePrefix} or ${phonePrefix}) desc`,
      ...closeness,
      desc(customers.createdAt),
      desc(customers.id),
    )
    .limit(limit);
}

export async function findCustomer(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
    .limit(1);
  return rows[0];
}

/** The customer locked for the rest of the transaction (edits, ID proof, delete do not interleave). */
export async function lockCustomer(db: Tx, companyId: number, id: number): Promise<CustomerRow | undefined> {
  const rows = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
    .for('update');
  return rows[0];
}

export function customerColumns(input: CustomerInput) {
  return {
    customerName: input.customer_name,
    guardianName: input.guardian_name,
    mobileNumber: input.mobile_number,
    altMobileNumber: input.alt_mobile_number || null,
    doorNo: input.door_no,
    street: input.street,
    location: input.location,
    district: input.district,
    pincode: input.pincode,
    status: input.status,
    // Input that passed the customer form's schema is complete, whatever it was migrated with.
    needsCompletion: false,
  };
}

/** How alike two names must be (pg_trgm similarity, 0 to 1) to count as the same person. */
export const SAME_NAME_SIMILARITY = 0.45;

/**
 * A customer whose name is like `name`: trigram similarity, or equal ignoring case and spaces (which
 * also covers scripts such as Tamil that pg_trgm may not split into trigrams).
 */
export function sameNameCondition(name: string): SQL {
  return sql`(similarity(lower(${customers.customerName}), lower(${name})) >= ${SAME_NAME_SIMILARITY}
    or regexp_replace(lower(${customers.customerName}), '[[:space:]]+', '', 'g') = regexp_replace(lower(${name}), '[[:space:]]+', '', 'g'))`;
}

/**
 * The company's customer most likely to be this person again: the same mobile number and a similar
 * name (trigram similarity, or equal ignoring case and spaces, which also covers scripts such as Tamil
 * that pg_trgm may not split into trigrams). Run inside the transaction that would insert.
 */
export async function findProbableDuplicate(
  db: DbOrTx,
  companyId: number,
  candidate: { customerName: string; mobileNumber: string; exceptId?: number | undefined },
): Promise<{ id: number; accCode: string; customerName: string } | undefined> {
  const sameName = sameNameCondition(candidate.customerName);
  const [row] = await db
    .select({ id: customers.id, accCode: customers.accCode, customerName: customers.customerName })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        eq(customers.mobileNumber, candidate.mobileNumber),
        candidate.exceptId === undefined ? undefined : sql`${customers.id} <> ${candidate.exceptId}`,
        sameName,
      ),
    )
    .orderBy(
      sql`similarity(lower(${customers.customerName}), lower(${candidate.customerName})) desc`,
      customers.id,
    )
    .limit(1);
  return row;
}

export async function insertCustomer(
  db: Tx,
  companyId: number,
  accCode: string,
  input: CustomerInput,
  createdBy: number | null,
): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({ companyId, accCode, ...customerColumns(input), createdBy })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Several customers at once with their codes (migration), each remembering its old number. */
export async function insertCustomers(
  tx: Tx,
  companyId: number,
  rows: { accCode: string; input: CustomerInput; legacyPno: string | null; needsCompletion?: boolean }[],
  createdBy: number | null,
): Promise<CustomerRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(customers)
    .values(
      rows.map((r) => ({
        companyId,
        accCode: r.accCode,
        ...customerColumns(r.input),
        needsCompletion: r.needsCompletion ?? false,
        legacyPno: r.legacyPno,
        createdBy,
      })),
    )
    .returning();
}

/** The company's customer made from this old-system number, if any. */
export async function findCustomerByLegacyPno(
  db: DbOrTx,
  companyId: number,
  pno: string,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.legacyPno, pno)));
  return row;
}

export async function updateCustomer(
  db: Tx,
  companyId: number,
  id: number,
  input: CustomerInput,
  clearIdProof: boolean,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    .set({
      ...customerColumns(input),
      ...(clearIdProof ? { idProofFileId: null, idProofNeedsReview: false } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
    .returning();
  return row;
}

export async function setCustomerIdProof(
  db: Tx,
  companyId: number,
  id: number,
  fileId: number | null,
): Promise<CustomerRow | undefined> {
  const [row] = await db
    .update(customers)
    // An ID proof uploaded now has been through the masking dialog: nothing left to review.
    .set({ idProofFileId: fileId, idProofNeedsReview: false, updatedAt: new Date().toISOString() })
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
    .returning();
  return row;
}

export async function deleteCustomerRow(db: Tx, companyId: number, id: number): Promise<void> {
  await db.delete(customers).where(and(eq(customers.companyId, companyId), eq(customers.id, id)));
}

/**
 * The customer's pledges, open or closed (pledges_customer_idx): a customer with any is kept. The
 * pledges' composite foreign key (company_id, customer_id) keeps a pledge from ever pointing at a
 * deleted customer.
 */
export async function countPledgesOfCustomer(db: Tx, companyId: number, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.customerId, customerId)));
  return row?.n ?? 0;
}

/**
 * Refreshes the planner's statistics of the customers table. PostgreSQL's autovacuum does this on
 * its own; PGlite has no autovacuum, and without statistics its planner scans every customer instead
 * of using the trigram indexes (measured: 150 ms instead of 15 ms per search at 50,000 customers).
 */
export async function analyzeCustomers(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze customers`);
}
