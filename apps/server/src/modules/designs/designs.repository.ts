import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { jewelDesigns } from '../../db/schema/index.ts';

export type DesignRow = typeof jewelDesigns.$inferSelect;

/** `%` and `_` in what a clerk types are letters, not wildcards (backslash is LIKE's escape). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Designs newest first; `search` matches part of the name ignoring case, in the form the trigram
 * index jewel_designs_name_trgm_idx serves (`lower(design_name) like '%…%'`).
 */
export async function listDesigns(
  db: DbOrTx,
  companyId: number,
  query: { search?: string; skip: number; limit: number },
): Promise<DesignRow[]> {
  const where: SQL[] = [eq(jewelDesigns.companyId, companyId)];
  if (query.search) {
    where.push(sql`lower(${jewelDesigns.designName}) like '%' || lower(${escapeLike(query.search)}) || '%'`);
  }
  return db
    .select()
    .from(jewelDesigns)
    .where(and(...where))
    .orderBy(desc(jewelDesigns.createdAt), desc(jewelDesigns.id))
    .offset(query.skip)
    .limit(query.limit);
}

export async function findDesign(db: DbOrTx, companyId: number, id: number): Promise<DesignRow | undefined> {
  const rows = await db
    .select()
    .from(jewelDesigns)
    .where(and(eq(jewelDesigns.companyId, companyId), eq(jewelDesigns.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertDesign(
  db: Tx,
  input: { companyId: number; designName: string; isCoin: boolean; createdBy: number },
): Promise<DesignRow> {
  const [row] = await db.insert(jewelDesigns).values(input).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}
