import { and, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { jewelRates, jewelTypes } from '../../db/schema/index.ts';
import { numericFromRupees } from '../../lib/numeric.ts';

export type JewelRateRow = typeof jewelRates.$inferSelect;
/** A jewel rate with its type's name, for display. */
export type JewelRateWithType = JewelRateRow & { jewelName: string };

export interface JewelRateValues {
  jewelTypeId: number;
  ratePerGram: number;
  marketPrice: number;
  sellingPrice: number;
  effectiveDate: string;
  status: boolean;
}

const columnsOf = (input: JewelRateValues) => ({
  jewelTypeId: input.jewelTypeId,
  ratePerGram: numericFromRupees(input.ratePerGram),
  marketPrice: numericFromRupees(input.marketPrice),
  sellingPrice: numericFromRupees(input.sellingPrice),
  effectiveDate: input.effectiveDate,
  status: input.status,
});

const byId = (companyId: number, id: number) =>
  and(eq(jewelRates.companyId, companyId), eq(jewelRates.id, id));

function selectWithType(db: DbOrTx) {
  return (
    db
      .select({ rate: jewelRates, jewelName: jewelTypes.jewelName })
      .from(jewelRates)
      // The composite key keeps the join inside the company (ARCHITECTURE §5).
      .innerJoin(
        jewelTypes,
        and(eq(jewelTypes.companyId, jewelRates.companyId), eq(jewelTypes.id, jewelRates.jewelTypeId)),
      )
  );
}

const flatten = (r: { rate: JewelRateRow; jewelName: string }): JewelRateWithType => ({
  ...r.rate,
  jewelName: r.jewelName,
});

/** Newest first (ARCHITECTURE §4). */
export async function listJewelRates(db: DbOrTx, companyId: number): Promise<JewelRateWithType[]> {
  const rows = await selectWithType(db)
    .where(eq(jewelRates.companyId, companyId))
    .orderBy(desc(jewelRates.createdAt), desc(jewelRates.id));
  return rows.map(flatten);
}

export async function findJewelRate(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<JewelRateWithType | undefined> {
  const rows = await selectWithType(db).where(byId(companyId, id)).limit(1);
  return rows[0] && flatten(rows[0]);
}

/** The row locked for the rest of the transaction, so the record before a change is the one it replaces. */
export async function lockJewelRate(
  db: Tx,
  companyId: number,
  id: number,
): Promise<JewelRateRow | undefined> {
  const rows = await db.select().from(jewelRates).where(byId(companyId, id)).for('update');
  return rows[0];
}

export async function insertJewelRate(
  db: Tx,
  input: JewelRateValues & { companyId: number; createdBy: number },
): Promise<JewelRateRow> {
  const [row] = await db
    .insert(jewelRates)
    .values({ ...columnsOf(input), companyId: input.companyId, createdBy: input.createdBy })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateJewelRate(
  db: Tx,
  companyId: number,
  id: number,
  input: JewelRateValues,
): Promise<JewelRateRow | undefined> {
  const [row] = await db
    .update(jewelRates)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(byId(companyId, id))
    .returning();
  return row;
}

export async function deleteJewelRate(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(jewelRates).where(byId(companyId, id)).returning({ id: jewelRates.id });
  return rows.length > 0;
}

/**
 * The active rates of a jewel type, latest first (effective date, then the later entry on the same
 * day): the pledge screen uses the first (docs/domain-rules.md §2.1). Served by jewel_rates_type_date_idx.
 */
export async function listActiveRatesOfType(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  limit: number,
): Promise<{ date: string; ratePerGram: string }[]> {
  return db
    .select({ date: jewelRates.effectiveDate, ratePerGram: jewelRates.ratePerGram })
    .from(jewelRates)
    .where(
      and(
        eq(jewelRates.companyId, companyId),
        eq(jewelRates.jewelTypeId, jewelTypeId),
        eq(jewelRates.status, true),
      ),
    )
    .orderBy(desc(jewelRates.effectiveDate), desc(jewelRates.id))
    .limit(limit);
}
