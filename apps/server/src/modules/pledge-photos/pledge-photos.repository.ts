import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { pledgeItems, pledges } from '../../db/schema/index.ts';
import { type PledgeItemRow, selectPledgeItems } from '../pledges/pledge-view.ts';

const itemOf = (companyId: number, pledgeId: number, itemId: number) =>
  and(eq(pledgeItems.companyId, companyId), eq(pledgeItems.pledgeId, pledgeId), eq(pledgeItems.id, itemId));

/** The item of the company's pledge, locked until the transaction ends (photo changes queue). */
export async function lockPledgeItem(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  itemId: number,
): Promise<typeof pledgeItems.$inferSelect | undefined> {
  const [row] = await tx
    .select()
    .from(pledgeItems)
    .where(itemOf(companyId, pledgeId, itemId))
    .for('update');
  return row;
}

export async function setPledgeItemImage(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  itemId: number,
  fileId: number | null,
): Promise<void> {
  await tx
    .update(pledgeItems)
    .set({ imageFileId: fileId, updatedAt: new Date().toISOString() })
    .where(itemOf(companyId, pledgeId, itemId));
}

/** The item with its design's name, as the item view shows it. */
export async function findPledgeItemWithDesign(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  itemId: number,
): Promise<PledgeItemRow | undefined> {
  const [row] = await selectPledgeItems(db).where(itemOf(companyId, pledgeId, itemId));
  return row;
}

/**
 * Counts one more printed ticket, in one statement (concurrent prints each count), and answers the
 * new count, or undefined when the company has no such pledge.
 */
export async function countTicketPrint(
  tx: Tx,
  companyId: number,
  pledgeId: number,
): Promise<number | undefined> {
  const [row] = await tx
    .update(pledges)
    .set({ ticketPrints: sql`${pledges.ticketPrints} + 1` })
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
    .returning({ ticketPrints: pledges.ticketPrints });
  return row?.ticketPrints;
}
