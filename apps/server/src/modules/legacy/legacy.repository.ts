import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { customers, legacyCustomers } from '../../db/schema/index.ts';
import { containsPattern, startsWithPattern } from '../customers/customers.repository.ts';
import { type LegacyRecord, latin1Text } from './legacy-record.ts';

export type LegacyRow = typeof legacyCustomers.$inferSelect;
export type NewLegacyRow = typeof legacyCustomers.$inferInsert;

/**
 * Text branches need this many characters, the length of a trigram: a shorter term cannot use the
 * trigram indexes and reads all of them (760 ms at 100,000 rows on PGlite). Shorter terms only match
 * a customer or reference number exactly.
 */
export const MIN_TEXT_TERM = 3;

export function recordOf(row: LegacyRow): LegacyRecord {
  return {
    pno: row.pno,
    name: row.name,
    address: row.address,
    phoneno: row.phoneno,
    mobile: row.mobile,
    cust_refno: row.custRefno,
    name_original: latin1Text(row.nameRaw),
    address_original: latin1Text(row.addressRaw),
  };
}

/** Adds rows whose pno is not in the store yet; answers the pnos added. */
export async function insertLegacyRows(tx: Tx, rows: NewLegacyRow[]): Promise<string[]> {
  if (rows.length === 0) return [];
  const added = await tx
    .insert(legacyCustomers)
    .values(rows)
    .onConflictDoNothing({ target: legacyCustomers.pno })
    .returning({ pno: legacyCustomers.pno });
  return added.map((r) => r.pno);
}

/**
 * Legacy clerks typed ௌ as ெ + ள (README rule 7), and we keep it as written; a search for a name
 * with ௌ also looks for that spelling, so கௌசல்யா finds கெளசல்யா.
 */
export function searchSpellings(term: string): string[] {
  const nfc = term.normalize('NFC');
  const legacy = nfc.replace(/\u0bcc/g, '\u0bc6\u0bb3');
  return legacy === nfc ? [nfc] : [nfc, legacy];
}

/**
 * A broad term ("சாலை", road) matches a fifth of the file; ranking every match cost 350 ms at 100,000
 * rows on a busy PGlite. The ranking looks at no more than this many matches, in the order the index
 * finds them; a clerk who gets a hundred answers types more of the name anyway.
 */
export const RANKED_MATCHES_MAX = 1_000;

/** The customer or reference number exactly: always found, whatever else matches. */
export function exactLegacyQuery(db: DbOrTx, term: string, limit: number) {
  return db
    .select()
    .from(legacyCustomers)
    .where(sql`(${legacyCustomers.pno} = ${term} or ${legacyCustomers.custRefno} = ${term})`)
    .orderBy(legacyCustomers.pno)
    .limit(limit);
}

/**
 * Part of the name or address (Tamil or English, case-insensitively) and part of the phone or mobile
 * number, through the trigram indexes; names starting with the term first, then by customer number.
 * Null for a term too short for a trigram.
 */
export function partialLegacyQuery(db: DbOrTx, term: string, limit: number) {
  if ([...term].length < MIN_TEXT_TERM) return null;
  const branches: SQL[] = [];
  const namePrefix: SQL[] = [];
  if (/\D/.test(term)) {
    for (const spelling of searchSpellings(term)) {
      branches.push(sql`lower(${legacyCustomers.name}) like lower(${containsPattern(spelling)})`);
      branches.push(sql`lower(${legacyCustomers.address}) like lower(${containsPattern(spelling)})`);
      namePrefix.push(sql`lower(name) like lower(${startsWithPattern(spelling)})`);
    }
  }
  if (/\d/.test(term)) {
    branches.push(sql`${legacyCustomers.phoneno} like ${containsPattern(term)}`);
    branches.push(sql`${legacyCustomers.mobile} like ${containsPattern(term)}`);
  }
  const found = db
    .select()
    .from(legacyCustomers)
    .where(sql`(${sql.join(branches, sql` or `)})`)
    .limit(RANKED_MATCHES_MAX)
    .as('found');
  // Only a real expression may rank: PostgreSQL refuses a constant such as `false` in ORDER BY.
  const startsWith = namePrefix.length > 0 ? [sql`(${sql.join(namePrefix, sql` or `)}) desc`] : [];
  return db
    .select()
    .from(found)
    .orderBy(...startsWith, sql`length(${found.pno})`, found.pno)
    .limit(limit);
}

/**
 * The Migrate screen's search: the customer or reference number itself first, then the partial
 * matches. Runs with sequential scans off for its transaction: every branch has its index, but with
 * four OR-ed branches the planner prices a sequential scan lower, and that scan runs lower() and LIKE
 * on every row's Tamil text (measured on PGlite at 20,000 rows: 110-150 ms instead of 7-17 ms).
 * `set local` needs a transaction: the caller opens it (legacy-sources.ts).
 */
export async function searchLegacy(tx: Tx, q: string, limit: number): Promise<LegacyRecord[]> {
  const term = q.trim();
  await tx.execute(sql`set local enable_seqscan = off`);
  const exact = await exactLegacyQuery(tx, term, limit);
  const partial = partialLegacyQuery(tx, term, limit);
  const more = partial ? await partial : [];
  const seen = new Set(exact.map((r) => r.pno));
  return [...exact, ...more.filter((r) => !seen.has(r.pno))].slice(0, limit).map(recordOf);
}

export async function findLegacyByPnos(db: DbOrTx, pnos: string[]): Promise<LegacyRecord[]> {
  if (pnos.length === 0) return [];
  const rows = await db.select().from(legacyCustomers).where(inArray(legacyCustomers.pno, pnos));
  return rows.map(recordOf);
}

export interface MigratedCustomer {
  id: number;
  accCode: string;
  legacyPno: string;
}

/** The company's customers already made from these old numbers. */
export async function findMigrated(
  db: DbOrTx,
  companyId: number,
  pnos: string[],
): Promise<Map<string, MigratedCustomer>> {
  if (pnos.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, accCode: customers.accCode, legacyPno: customers.legacyPno })
    .from(customers)
    .where(
      and(
        eq(customers.companyId, companyId),
        isNotNull(customers.legacyPno),
        inArray(customers.legacyPno, pnos),
      ),
    );
  return new Map(rows.map((r) => [r.legacyPno as string, { ...r, legacyPno: r.legacyPno as string }]));
}

/** True while `npm run legacy:import` has loaded nothing (a fresh install). */
export async function isLegacyStoreEmpty(db: DbOrTx): Promise<boolean> {
  const [row] = await db.select({ pno: legacyCustomers.pno }).from(legacyCustomers).limit(1);
  return row === undefined;
}

export async function countLegacy(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(legacyCustomers);
  return Number(row?.n ?? 0);
}

/**
 * Fresh planner statistics after a bulk load; PGlite has no autovacuum, and without them its planner
 * scans the table instead of using the trigram indexes (see analyzeCustomers).
 */
export async function analyzeLegacy(db: DbOrTx): Promise<void> {
  await db.execute(sql`analyze legacy_customers`);
}
