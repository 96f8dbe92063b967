import type { SchemeInput } from '@pledge-desk/domain';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { jewelTypes, schemes } from '../../db/schema/index.ts';
import { numericFromRupees } from '../../lib/numeric.ts';

export type SchemeRow = typeof schemes.$inferSelect;
/** A scheme with the name of its jewel type, for display. */
export type SchemeWithType = SchemeRow & { jewelName: string | null };

const withTypeColumns = {
  scheme: schemes,
  jewelName: jewelTypes.jewelName,
};

function flatten(row: { scheme: SchemeRow; jewelName: string | null }): SchemeWithType {
  return { ...row.scheme, jewelName: row.jewelName };
}

/** Newest first (apps/server/README.md, "Lists"). */
export async function listSchemes(db: DbOrTx, companyId: number): Promise<SchemeWithType[]> {
  const rows = await db
    .select(withTypeColumns)
    .from(schemes)
    .leftJoin(
      jewelTypes,
      and(eq(jewelTypes.companyId, schemes.companyId), eq(jewelTypes.id, schemes.jewelTypeId)),
    )
    .where(eq(schemes.companyId, companyId))
    .orderBy(desc(schemes.createdAt), desc(schemes.id));
  return rows.map(flatten);
}

export async function findScheme(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<SchemeWithType | undefined> {
  const rows = await db
    .select(withTypeColumns)
    .from(schemes)
    .leftJoin(
      jewelTypes,
      and(eq(jewelTypes.companyId, schemes.companyId), eq(jewelTypes.id, schemes.jewelTypeId)),
    )
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)))
    .limit(1);
  return rows[0] ? flatten(rows[0]) : undefined;
}

/** The scheme locked for the rest of the transaction. */
export async function lockScheme(db: Tx, companyId: number, id: number): Promise<SchemeRow | undefined> {
  const rows = await db
    .select()
    .from(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)))
    .for('update');
  return rows[0];
}

/**
 * Which of the name and prefix another scheme of the company already uses, compared the way the
 * unique indexes compare them (lower, trimmed on input), leaving out the scheme being edited.
 */
export async function findSchemeClashes(
  db: DbOrTx,
  companyId: number,
  input: { scheme_name: string; prefix: string },
  excludeId?: number,
): Promise<{ name: boolean; prefix: boolean }> {
  const rows = await db
    .select({
      name: sql<boolean>`lower(${schemes.schemeName}) = lower(${input.scheme_name})`,
      prefix: sql<boolean>`lower(${schemes.prefix}) = lower(${input.prefix})`,
    })
    .from(schemes)
    .where(
      and(
        eq(schemes.companyId, companyId),
        excludeId === undefined ? undefined : ne(schemes.id, excludeId),
        sql`(lower(${schemes.schemeName}) = lower(${input.scheme_name}) or lower(${schemes.prefix}) = lower(${input.prefix}))`,
      ),
    );
  return { name: rows.some((r) => r.name), prefix: rows.some((r) => r.prefix) };
}

export async function jewelTypeExists(db: DbOrTx, companyId: number, jewelTypeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: jewelTypes.id })
    .from(jewelTypes)
    .where(and(eq(jewelTypes.companyId, companyId), eq(jewelTypes.id, jewelTypeId)))
    .limit(1);
  return rows.length > 0;
}

function columnsOf(input: SchemeInput) {
  return {
    jewelTypeId: input.jewel_type_id,
    schemeName: input.scheme_name,
    shortName: input.short_name,
    prefix: input.prefix,
    durationMonths: input.duration_in_months,
    interestRatePerMonth: numericFromRupees(input.interest_rate_per_month),
    loanEligibilityPercentage: numericFromRupees(input.loan_eligibility_percentage),
    slippagePercent: numericFromRupees(input.slippage_percent),
    bulletRepayment: input.bullet_repayment,
    status: input.status,
  };
}

export async function insertScheme(db: Tx, companyId: number, input: SchemeInput): Promise<number> {
  const [row] = await db
    .insert(schemes)
    .values({ companyId, ...columnsOf(input) })
    .returning({ id: schemes.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateScheme(db: Tx, companyId: number, id: number, input: SchemeInput): Promise<void> {
  await db
    .update(schemes)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)));
}

export async function deleteScheme(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)))
    .returning({ id: schemes.id });
  return rows.length > 0;
}
