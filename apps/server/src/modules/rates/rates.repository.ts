import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { goldSilverRates } from '../../db/schema/index.ts';
import { numericFromRupees } from '../../lib/numeric.ts';

export type RateRow = typeof goldSilverRates.$inferSelect;

export interface RateValues {
  date: string;
  goldRatePerGram: number;
  silverRatePerGram: number;
}

const columnsOf = (input: RateValues) => ({
  date: input.date,
  goldRatePerGram: numericFromRupees(input.goldRatePerGram),
  silverRatePerGram: numericFromRupees(input.silverRatePerGram),
});

/** A company's rates, by date descending (shell-and-masters §2, the one exception to newest first). */
export async function listRates(db: DbOrTx, companyId: number, page: { skip: number; limit: number }) {
  return db
    .select()
    .from(goldSilverRates)
    .where(eq(goldSilverRates.companyId, companyId))
    .orderBy(desc(goldSilverRates.date), desc(goldSilverRates.id))
    .offset(page.skip)
    .limit(page.limit);
}

export async function findRate(db: DbOrTx, companyId: number, id: number): Promise<RateRow | undefined> {
  const rows = await db
    .select()
    .from(goldSilverRates)
    .where(and(eq(goldSilverRates.companyId, companyId), eq(goldSilverRates.id, id)))
    .limit(1);
  return rows[0];
}

/** The row locked for the rest of the transaction, so the record before a change is the one it replaces. */
export async function lockRate(db: Tx, companyId: number, id: number): Promise<RateRow | undefined> {
  const rows = await db
    .select()
    .from(goldSilverRates)
    .where(and(eq(goldSilverRates.companyId, companyId), eq(goldSilverRates.id, id)))
    .for('update');
  return rows[0];
}

export async function insertRate(
  db: Tx,
  input: RateValues & { companyId: number; createdBy: number },
): Promise<RateRow> {
  const [row] = await db
    .insert(goldSilverRates)
    .values({ ...columnsOf(input), companyId: input.companyId, createdBy: input.createdBy })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateRate(
  db: Tx,
  companyId: number,
  id: number,
  input: RateValues,
): Promise<RateRow | undefined> {
  const [row] = await db
    .update(goldSilverRates)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(and(eq(goldSilverRates.companyId, companyId), eq(goldSilverRates.id, id)))
    .returning();
  return row;
}

export async function deleteRate(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(goldSilverRates)
    .where(and(eq(goldSilverRates.companyId, companyId), eq(goldSilverRates.id, id)))
    .returning({ id: goldSilverRates.id });
  return rows.length > 0;
}
