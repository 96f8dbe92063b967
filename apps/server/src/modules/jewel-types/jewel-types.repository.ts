import type { JewelTypeInput } from '@pledge-desk/domain';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { jewelRates, jewelTypes, schemes } from '../../db/schema/index.ts';

export type JewelTypeRow = typeof jewelTypes.$inferSelect;

const columnsOf = (input: JewelTypeInput) => ({
  jewelName: input.jewel_name,
  description: input.description ?? null,
  purity: input.purity,
  metal: input.metal,
  status: input.status,
});

const byId = (companyId: number, id: number) =>
  and(eq(jewelTypes.companyId, companyId), eq(jewelTypes.id, id));

/** Newest first (apps/server/README.md, "Lists"). */
export async function listJewelTypes(db: DbOrTx, companyId: number): Promise<JewelTypeRow[]> {
  return db
    .select()
    .from(jewelTypes)
    .where(eq(jewelTypes.companyId, companyId))
    .orderBy(desc(jewelTypes.createdAt), desc(jewelTypes.id));
}

export async function findJewelType(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<JewelTypeRow | undefined> {
  const rows = await db.select().from(jewelTypes).where(byId(companyId, id)).limit(1);
  return rows[0];
}

export async function insertJewelType(
  db: Tx,
  companyId: number,
  input: JewelTypeInput,
): Promise<JewelTypeRow> {
  const [row] = await db
    .insert(jewelTypes)
    .values({ ...columnsOf(input), companyId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateJewelType(
  db: Tx,
  companyId: number,
  id: number,
  input: JewelTypeInput,
): Promise<JewelTypeRow | undefined> {
  const [row] = await db
    .update(jewelTypes)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(byId(companyId, id))
    .returning();
  return row;
}

/**
 * The row locked for the rest of the transaction. A scheme or jewel rate that points at it takes a
 * key-share lock on it, so while we hold this, nobody can start using the type we are about to delete.
 */
export async function lockJewelType(
  db: Tx,
  companyId: number,
  id: number,
): Promise<JewelTypeRow | undefined> {
  const rows = await db.select().from(jewelTypes).where(byId(companyId, id)).for('update');
  return rows[0];
}

/** How many schemes and jewel rates use a jewel type. */
export async function countJewelTypeUses(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<{ schemes: number; jewelRates: number }> {
  const [s] = await db
    .select({ n: count() })
    .from(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.jewelTypeId, id)));
  const [r] = await db
    .select({ n: count() })
    .from(jewelRates)
    .where(and(eq(jewelRates.companyId, companyId), eq(jewelRates.jewelTypeId, id)));
  return { schemes: Number(s?.n ?? 0), jewelRates: Number(r?.n ?? 0) };
}

export async function deleteJewelType(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(jewelTypes).where(byId(companyId, id)).returning({ id: jewelTypes.id });
  return rows.length > 0;
}
