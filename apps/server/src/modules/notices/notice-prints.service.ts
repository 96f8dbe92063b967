import type { NoticePrint } from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { addBatchPrints, addNoticePrints } from './notices.repository.ts';

// The printed copies of a notice and of a batch, counted so a copy after the first shows as a
// duplicate.

/** Counts printed copies of a notice in one statement; every copy after the first is a duplicate. */
export async function recordNoticePrint(
  db: Db,
  companyId: number,
  id: number,
  count: number,
): Promise<NoticePrint> {
  return db.transaction(async (tx) => {
    const row = await addNoticePrints(tx, companyId, id, count);
    if (!row) throw AppError.notFound('Notice');
    const printed = { notice_id: row.id, prints: row.prints, duplicate: row.prints - count >= 1 };
    await recordAudit(tx, {
      action: 'print',
      entity: 'notice',
      entityId: row.id,
      after: { copies: count, prints: row.prints, duplicate: printed.duplicate },
    });
    return printed;
  });
}

/** The batch print: one more copy of every notice of the batch. */
export async function recordBatchPrint(
  db: Db,
  companyId: number,
  batchId: number,
): Promise<{ notices: NoticePrint[] }> {
  return db.transaction(async (tx) => {
    const rows = await addBatchPrints(tx, companyId, batchId);
    if (rows.length === 0) throw AppError.notFound('Notice batch');
    const notices = rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ notice_id: r.id, prints: r.prints, duplicate: r.prints > 1 }));
    // One event for the batch print, with every notice's count after it.
    await recordAudit(tx, { action: 'print', entity: 'notice_batch', entityId: batchId, after: { notices } });
    return { notices };
  });
}
