import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  customers,
  jewelDesigns,
  jewelRates,
  jewelTypes,
  pledgeItems,
  pledges,
  schemes,
  voucherLines,
} from '../../db/schema/index.ts';
import {
  type PledgeItemRow,
  type PledgeRow,
  type PledgeSummaryRow,
  selectPledgeItems,
  selectPledgeSummaries,
} from './pledge-view.ts';

export type NewPledge = Omit<typeof pledges.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewPledgeItem = Omit<typeof pledgeItems.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PledgeItemRecord = typeof pledgeItems.$inferSelect;

/** One pledge of the company with the names the answers show; undefined for another company's. */
export async function findPledgeSummary(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<PledgeSummaryRow | undefined> {
  const rows = await selectPledgeSummaries(db)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, id)))
    .limit(1);
  return rows[0];
}

/** The items of a pledge with their design names, in the order they were entered (pledge_items_pledge_idx). */
export async function findPledgeItems(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<PledgeItemRow[]> {
  return selectPledgeItems(db)
    .where(and(eq(pledgeItems.companyId, companyId), eq(pledgeItems.pledgeId, pledgeId)))
    .orderBy(asc(pledgeItems.id));
}

/**
 * The pledges locked FOR UPDATE in id order, so that two multiple payments over overlapping pledges
 * queue instead of deadlocking. Pledges of another company are simply absent.
 */
export async function lockPledges(
  tx: Tx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, PledgeRow>> {
  const ids = [...new Set(pledgeIds)].sort((a, b) => a - b);
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), inArray(pledges.id, ids)))
    .orderBy(asc(pledges.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/** The pledge locked for the rest of the transaction (an edit, later a payment). */
export async function lockPledge(tx: Tx, companyId: number, id: number): Promise<PledgeRow | undefined> {
  return (await lockPledges(tx, companyId, [id])).get(id);
}

/** The items as stored (no join), locked with their pledge. */
export async function lockPledgeItems(
  tx: Tx,
  companyId: number,
  pledgeId: number,
): Promise<PledgeItemRecord[]> {
  return tx
    .select()
    .from(pledgeItems)
    .where(and(eq(pledgeItems.companyId, companyId), eq(pledgeItems.pledgeId, pledgeId)))
    .orderBy(asc(pledgeItems.id))
    .for('update');
}

/** The customer a pledge names, held (for share) so it cannot be deleted or changed under the pledge. */
export async function findCustomerForPledge(
  tx: Tx,
  companyId: number,
  id: number,
): Promise<{ id: number; customerName: string; status: boolean } | undefined> {
  const rows = await tx
    .select({ id: customers.id, customerName: customers.customerName, status: customers.status })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, id)))
    .for('share');
  return rows[0];
}

export type SchemeTerms = typeof schemes.$inferSelect;

/** The scheme a pledge is made under, held (for share) while the pledge is written. */
export async function findSchemeForPledge(
  tx: Tx,
  companyId: number,
  id: number,
): Promise<SchemeTerms | undefined> {
  const rows = await tx
    .select()
    .from(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)))
    .for('share');
  return rows[0];
}

/**
 * The rate per gram in force on `date` for a jewel type: the active row with the latest effective date
 * on or before it, the later entry on the same day (docs/domain-rules.md §2.1). Served by jewel_rates_type_date_idx.
 */
export async function findRateInForce(
  db: DbOrTx,
  companyId: number,
  jewelTypeId: number,
  date: string,
): Promise<{ ratePerGram: string; effectiveDate: string } | undefined> {
  const rows = await db
    .select({ ratePerGram: jewelRates.ratePerGram, effectiveDate: jewelRates.effectiveDate })
    .from(jewelRates)
    .where(
      and(
        eq(jewelRates.companyId, companyId),
        eq(jewelRates.jewelTypeId, jewelTypeId),
        eq(jewelRates.status, true),
        lte(jewelRates.effectiveDate, date),
      ),
    )
    .orderBy(desc(jewelRates.effectiveDate), desc(jewelRates.id))
    .limit(1);
  return rows[0];
}

/** The scheme of the company with its jewel type's name (no lock: the valuation quote only reads). */
export async function findSchemeWithType(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<{ scheme: SchemeTerms; jewelTypeName: string } | undefined> {
  const rows = await db
    .select({ scheme: schemes, jewelTypeName: jewelTypes.jewelName })
    .from(schemes)
    .innerJoin(
      jewelTypes,
      and(eq(jewelTypes.companyId, schemes.companyId), eq(jewelTypes.id, schemes.jewelTypeId)),
    )
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, id)));
  return rows[0];
}

/** Which of `ids` are designs of the company. */
export async function findDesignIds(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: jewelDesigns.id })
    .from(jewelDesigns)
    .where(and(eq(jewelDesigns.companyId, companyId), inArray(jewelDesigns.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

export async function insertPledge(tx: Tx, values: NewPledge): Promise<number> {
  const [row] = await tx.insert(pledges).values(values).returning({ id: pledges.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function insertPledgeItems(tx: Tx, values: readonly NewPledgeItem[]): Promise<void> {
  if (values.length === 0) return;
  await tx.insert(pledgeItems).values([...values]);
}

export async function updatePledgeRow(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<NewPledge>,
): Promise<void> {
  await tx
    .update(pledges)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, id)));
}

export async function updatePledgeItem(
  tx: Tx,
  companyId: number,
  itemId: number,
  values: Partial<NewPledgeItem>,
): Promise<void> {
  await tx
    .update(pledgeItems)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(pledgeItems.companyId, companyId), eq(pledgeItems.id, itemId)));
}

export async function deletePledgeItems(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  itemIds: readonly number[],
): Promise<void> {
  if (itemIds.length === 0) return;
  await tx
    .delete(pledgeItems)
    .where(
      and(
        eq(pledgeItems.companyId, companyId),
        eq(pledgeItems.pledgeId, pledgeId),
        inArray(pledgeItems.id, [...itemIds]),
      ),
    );
}

/**
 * Whether the pledge has a payment that counts: a reversed payment counts in no balance (docs/domain-rules.md
 * §4.9), so a pledge whose every payment was reversed may have its amounts edited again.
 */
export async function hasPayments(tx: Tx, companyId: number, pledgeId: number): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(
    await tx.execute(
      sql`select exists (select 1 from pledge_payments where company_id = ${companyId} and pledge_id = ${pledgeId} and reversed_at is null) as found`,
    ),
  );
  return row?.found === true;
}

/** The lines of a voucher (to reverse them), as stored. */
export async function findVoucherLines(
  tx: Tx,
  companyId: number,
  voucherId: number,
): Promise<{ accountId: number; debit: string; credit: string }[]> {
  return tx
    .select({ accountId: voucherLines.accountId, debit: voucherLines.debit, credit: voucherLines.credit })
    .from(voucherLines)
    .where(and(eq(voucherLines.companyId, companyId), eq(voucherLines.voucherId, voucherId)))
    .orderBy(asc(voucherLines.lineNo));
}

/** Pledges made under a scheme (pledges_scheme_idx). */
export async function countPledgesOfScheme(db: DbOrTx, companyId: number, schemeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.schemeId, schemeId)));
  return row?.n ?? 0;
}

/** Whether the pledge is the company's. */
export async function pledgeExists(db: DbOrTx, companyId: number, pledgeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: pledges.id })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
    .limit(1);
  return rows.length > 0;
}
