import { aliasedTable, and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import {
  auctionLotPledges,
  jewelDesigns,
  paymentReceipts,
  pledgeRenewals,
  pledges,
  schemes,
} from '../../db/schema/index.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';

// The renewal's own reads and writes; the pledges and the receipt are written
// through the pledge create path and recordReceipt (payments/receipt.service.ts).

export type NewRenewal = Omit<typeof pledgeRenewals.$inferInsert, 'id' | 'createdAt'>;

/** The pledge's row as it stands, unlocked (the preview's read; the save locks it). */
export async function findPledgeRow(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<PledgeRow | undefined> {
  const rows = await db
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
    .limit(1);
  return rows[0];
}

/** The names of the designs, by id. */
export async function findDesignNames(
  db: DbOrTx,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: jewelDesigns.id, name: jewelDesigns.designName })
    .from(jewelDesigns)
    .where(and(eq(jewelDesigns.companyId, companyId), inArray(jewelDesigns.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the pledge is in an auction lot it was not withdrawn from (it is up for sale). */
export async function isInLiveLot(db: DbOrTx, companyId: number, pledgeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: auctionLotPledges.id })
    .from(auctionLotPledges)
    .where(
      and(
        eq(auctionLotPledges.companyId, companyId),
        eq(auctionLotPledges.pledgeId, pledgeId),
        isNull(auctionLotPledges.withdrawnAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The scheme's name (the preview shows it). */
export async function findSchemeName(db: DbOrTx, companyId: number, schemeId: number): Promise<string> {
  const rows = await db
    .select({ name: schemes.schemeName })
    .from(schemes)
    .where(and(eq(schemes.companyId, companyId), eq(schemes.id, schemeId)))
    .limit(1);
  return rows[0]?.name ?? '';
}

export async function insertRenewal(tx: Tx, values: NewRenewal): Promise<number> {
  const [row] = await tx.insert(pledgeRenewals).values(values).returning({ id: pledgeRenewals.id });
  if (!row) throw new Error('renewal insert returned no row');
  return row.id;
}

/** The old pledge after its renewal: its articles left the vault (kept ones now in the new pledge). */
export async function markOldPledgeRenewed(
  tx: Tx,
  companyId: number,
  oldPledgeId: number,
  p: { newPledgeId: number; releasedOn: string; userId: number },
): Promise<void> {
  await tx
    .update(pledges)
    .set({ renewedToPledgeId: p.newPledgeId, releasedOn: p.releasedOn, updatedBy: p.userId })
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, oldPledgeId)));
}

const otherPledge = aliasedTable(pledges, 'other_pledge');

/** The renewals a pledge was made by (it is the new one) or ended in (it is the old one). */
export async function findRenewalLinks(db: DbOrTx, companyId: number, pledgeId: number) {
  return db
    .select({
      renewal: pledgeRenewals,
      oldPledgeNo: pledges.pledgeNo,
      newPledgeNo: otherPledge.pledgeNo,
      receiptNo: paymentReceipts.receiptNo,
    })
    .from(pledgeRenewals)
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, pledgeRenewals.companyId), eq(pledges.id, pledgeRenewals.oldPledgeId)),
    )
    .innerJoin(
      otherPledge,
      and(
        eq(otherPledge.companyId, pledgeRenewals.companyId),
        eq(otherPledge.id, pledgeRenewals.newPledgeId),
      ),
    )
    .innerJoin(
      paymentReceipts,
      and(
        eq(paymentReceipts.companyId, pledgeRenewals.companyId),
        eq(paymentReceipts.id, pledgeRenewals.receiptId),
      ),
    )
    .where(
      and(
        eq(pledgeRenewals.companyId, companyId),
        or(eq(pledgeRenewals.oldPledgeId, pledgeId), eq(pledgeRenewals.newPledgeId, pledgeId)),
      ),
    );
}
