import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import { countTicketPrint, lockPledgeItem, setPledgeItemImage } from './pledge-photos.repository.ts';

/** The files table's kind of an item's photo. */
export const PLEDGE_ITEM_PHOTO = 'pledge_item_photo';

/** The item row as the audit trail keeps it (its photo named by image_file_id, never its bytes). */
const itemSnapshot = (tx: Tx, companyId: number, itemId: number) =>
  rowSnapshot(tx, 'pledge_items', companyId, itemId);

/**
 * Stores the photo of a pledge item, replacing (and deleting) an earlier one. A pledge with payments
 * may still change its photos: they move no money.
 */
export async function replaceItemPhoto(
  db: Db,
  companyId: number,
  pledgeId: number,
  itemId: number,
  image: { mime: ImageMime; data: Uint8Array; createdBy: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockPledgeItem(tx, companyId, pledgeId, itemId);
    if (!item) throw AppError.notFound('Pledge item');
    const before = await itemSnapshot(tx, companyId, itemId);
    const fileId = await insertFile(tx, { companyId, kind: PLEDGE_ITEM_PHOTO, ...image });
    await setPledgeItemImage(tx, companyId, pledgeId, itemId, fileId);
    if (item.imageFileId) await deleteFile(tx, item.imageFileId);
    const after = await itemSnapshot(tx, companyId, itemId);
    await recordAudit(tx, { action: 'upload_photo', entity: 'pledge_item', entityId: itemId, before, after });
  });
}

/**
 * Removes the photo of a pledge item (the link, and the file no one else uses). An item without a
 * photo is left as it is; the request is still recorded (before and after the same).
 */
export async function removeItemPhoto(
  db: Db,
  companyId: number,
  pledgeId: number,
  itemId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockPledgeItem(tx, companyId, pledgeId, itemId);
    if (!item) throw AppError.notFound('Pledge item');
    const before = await itemSnapshot(tx, companyId, itemId);
    if (item.imageFileId) {
      await setPledgeItemImage(tx, companyId, pledgeId, itemId, null);
      await deleteFile(tx, item.imageFileId);
    }
    const after = await itemSnapshot(tx, companyId, itemId);
    await recordAudit(tx, { action: 'remove_photo', entity: 'pledge_item', entityId: itemId, before, after });
  });
}

/** Records a printed pawn ticket: every print after the first is a duplicate. */
export async function recordTicketPrint(
  db: Db,
  companyId: number,
  pledgeId: number,
): Promise<{ ticket_prints: number; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const prints = await countTicketPrint(tx, companyId, pledgeId);
    if (prints === undefined) throw AppError.notFound('Pledge');
    const answer = { ticket_prints: prints, duplicate: prints > 1 };
    await recordAudit(tx, { action: 'print', entity: 'pledge', entityId: pledgeId, after: answer });
    return answer;
  });
}
