import {
  compareDates,
  earliestSaleDate,
  NOTICE_MESSAGES,
  type Notice,
  type NoticeUpdateInput,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { readNotice } from './notice-reads.service.ts';
import { findNoticeSettings, lockNotice, type RecordedAt, updateNoticeServed } from './notices.repository.ts';
import { type Actor, validation } from './notices-shared.ts';

// How a notice was served (docs/domain-rules.md §8.5): the date it was sent, its tracking number and
// the date it was delivered, which move the date after which the articles may be sold.

/**
 * PATCH /notices/{id}: the date sent, the tracking number and the date delivered, checked against the
 * notice as it will stand: sent not before the notice date, delivered not before sent (and only once
 * sent), neither after today. Posting later than the notice date moves the sale-after date so the
 * wait counts from the posting (earliestSaleDate(sent_on)); it never moves earlier.
 */
export async function updateNotice(
  db: Db,
  actor: Actor,
  id: number,
  input: NoticeUpdateInput,
): Promise<Notice> {
  return db.transaction(async (tx) => {
    const row = await lockNotice(tx, actor.companyId, id);
    if (!row) throw AppError.notFound('Notice');
    const sentOn = input.sent_on === undefined ? row.sentOn : input.sent_on;
    const deliveredOn = input.delivered_on === undefined ? row.deliveredOn : input.delivered_on;
    const trackingNo =
      input.tracking_no === undefined ? row.trackingNo : input.tracking_no === '' ? null : input.tracking_no;
    const problems: FieldError[] = [];
    const problem = (field: string, msg: string) =>
      problems.push({ loc: ['body', field], msg, type: 'value_error' });
    if (sentOn !== null) {
      if (sentOn > actor.today) problem('sent_on', NOTICE_MESSAGES.future);
      else if (compareDates(sentOn, row.noticeDate) < 0) problem('sent_on', NOTICE_MESSAGES.beforeNotice);
    }
    if (deliveredOn !== null) {
      if (deliveredOn > actor.today) problem('delivered_on', NOTICE_MESSAGES.future);
      else if (sentOn === null) problem('delivered_on', NOTICE_MESSAGES.deliveredNeedsSent);
      else if (compareDates(deliveredOn, sentOn) < 0)
        problem('delivered_on', NOTICE_MESSAGES.deliveredBeforeSent);
    }
    if (problems.length > 0) throw validation(problems);
    let saleAfter = row.saleAfter;
    if (sentOn !== null) {
      const settings = await findNoticeSettings(tx, actor.companyId);
      const fromPosting = earliestSaleDate(sentOn, settings.notice_wait_days);
      if (compareDates(fromPosting, saleAfter) > 0) saleAfter = fromPosting;
    }
    const before = await rowSnapshot(tx, 'pledge_notices', actor.companyId, id);
    // A date typed now is recorded now; one left as it was keeps its time (the history's order).
    const recordedAt = (was: string | null, is: string | null, at: Date | null): RecordedAt =>
      is === null ? null : is === was ? at : 'now';
    await updateNoticeServed(tx, actor.companyId, id, {
      sentOn,
      deliveredOn,
      trackingNo,
      saleAfter,
      sentRecordedAt: recordedAt(row.sentOn, sentOn, row.sentRecordedAt),
      deliveredRecordedAt: recordedAt(row.deliveredOn, deliveredOn, row.deliveredRecordedAt),
    });
    const after = await rowSnapshot(tx, 'pledge_notices', actor.companyId, id);
    await recordAudit(tx, { action: 'update', entity: 'notice', entityId: id, before, after });
    // The answer is read before the commit: a change is never saved behind an error.
    return readNotice(tx, actor.companyId, id);
  });
}
