import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { deleteFile, insertFile } from '../files/files.repository.ts';
import type { ImageMime } from '../files/image-type.ts';
import { countTicketPrint, lockPledgeItem, setPledgeItemImage } from './pledge-photos.repository.ts';

/** The files table's kind of an item's photo. */
export const PLEDGE_ITEM_PHOTO = 'pledge_item_photo';

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
    const fileId = await insertFile(tx, { companyId, kind: PLEDGE_ITEM_PHOTO, ...image });
    await setPledgeItemImage(tx, companyId, pledgeId, itemId, fileId);
    if (item.imageFileId) await deleteFile(tx, item.imageFileId);
  });
}

/** Removes the photo of a pledge item (the link, and the file no one else uses). */
export async function removeItemPhoto(
  db: Db,
  companyId: number,
  pledgeId: number,
  itemId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockPledgeItem(tx, companyId, pledgeId, itemId);
    if (!item) throw AppError.notFound('Pledge item');
    if (!item.imageFileId) return;
    await setPledgeItemImage(tx, companyId, pledgeId, itemId, null);
    await deleteFile(tx, item.imageFileId);
  });
}

/** Records a printed pawn ticket: every print after the first is a duplicate (issue 12 §7). */
export async function recordTicketPrint(
  db: Db,
  companyId: number,
  pledgeId: number,
): Promise<{ ticket_prints: number; duplicate: boolean }> {
  const prints = await db.transaction((tx) => countTicketPrint(tx, companyId, pledgeId));
  if (prints === undefined) throw AppError.notFound('Pledge');
  return { ticket_prints: prints, duplicate: prints > 1 };
}
