import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { customers, legacyCustomers } from '../../db/schema/index.ts';
import { containsPattern, startsWithPattern } from '../customers/customers.repository.ts';
import { type LegacyRecord, latin1Text } from './legacy-record.ts';

export type LegacyRow = typeof legacyCustomers.$inferSelect;
export type NewLegacyRow = typeof legacyCustomers.$inferInsert;

/** Text branches need this many characters; shorter terms only match a number exactly. */
export const MIN_TEXT_TERM = 2;

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
export async function insertLegacyRows(tx: DbOrTx, rows: NewLegacyRow[]): Promise<string[]> {
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
 * The Migrate screen's search: part of the name or address (Tamil or English, case-insensitively,
 * through the trigram indexes), part of the phone or mobile number, or the customer or reference
 * number exactly. Best first: the number itself, then names starting with the term, then the rest by
 * customer number.
 */
export function searchLegacyQuery(db: DbOrTx, q: string, limit: number) {
  const term = q.trim();
  const long = [...term].length >= MIN_TEXT_TERM;
  const branches: SQL[] = [eq(legacyCustomers.pno, term), eq(legacyCustomers.custRefno, term)];
  const namePrefix: SQL[] = [];
  if (long && /\D/.test(term)) {
    for (const spelling of searchSpellings(term)) {
      branches.push(sql`lower(${legacyCustomers.name}) like lower(${containsPattern(spelling)})`);
      branches.push(sql`lower(${legacyCustomers.address}) like lower(${containsPattern(spelling)})`);
      namePrefix.push(sql`lower(${legacyCustomers.name}) like lower(${startsWithPattern(spelling)})`);
    }
  }
  if (long && /\d/.test(term)) {
    branches.push(sql`${legacyCustomers.phoneno} like ${containsPattern(term)}`);
    branches.push(sql`${legacyCustomers.mobile} like ${containsPattern(term)}`);
  }
  const exact = sql`(${legacyCustomers.pno} = ${term} or ${legacyCustomers.custRefno} = ${term})`;
  // Only a real expression may rank: PostgreSQL refuses a constant such as `false` in ORDER BY.
  const startsWith = namePrefix.length > 0 ? [sql`(${sql.join(namePrefix, sql` or `)}) desc`] : [];
  return db
    .select()
    .from(legacyCustomers)
    .where(sql`(${sql.join(branches, sql` or `)})`)
    .orderBy(sql`${exact} desc`, ...startsWith, sql`length(${legacyCustomers.pno})`, legacyCustomers.pno)
    .limit(limit);
}

export async function searchLegacy(db: DbOrTx, q: string, limit: number): Promise<LegacyRecord[]> {
  return (await searchLegacyQuery(db, q, limit)).map(recordOf);
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
