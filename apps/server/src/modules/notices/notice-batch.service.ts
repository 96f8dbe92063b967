import {
  earliestSaleDate,
  financialYear,
  formatNoticeNumber,
  isOverdue,
  NOTICE_MESSAGES,
  type NoticeBatchCreateInput,
  type NoticeBatchSaved,
  overdueFrom,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, storedPaymentsOf } from '../payments/pledge-balance.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { noticeViews } from './notice-reads.service.ts';
import {
  findNoticeSettings,
  findOpenNotices,
  insertNoticeBatch,
  insertNotices,
  markNoticesSuperseded,
  setSupersededBy,
} from './notices.repository.ts';
import { type Actor, notAfterToday, validation } from './notices-shared.ts';

// Making a batch of notices before sale (docs/domain-rules.md §8.5; the law: §10.4): a notice is the
// registered letter before a sale, numbered per company and financial year, with the amount due as of
// its date and the date after which the articles may be sold.

/** A pledge the batch refuses: its field error, and whether it is refused for its state (409). */
interface Refusal {
  item: FieldError;
  state: 'closed' | 'not_overdue' | 'open_notice' | null;
}

/**
 * The refusal of a batch, every bad pledge under its own `pledge_ids.i`: a 422 when a pledge named
 * does not exist (the request is wrong), else a 409, as every step refuses a pledge in the wrong state
 * (code NOTICE_OPEN when the only trouble is notices still open, which 'Send a new notice' answers).
 */
function batchRefusal(refusals: readonly Refusal[]): AppError {
  const items = refusals.map((r) => r.item);
  if (refusals.some((r) => r.state === null)) return validation(items);
  const code = refusals.every((r) => r.state === 'open_notice') ? 'NOTICE_OPEN' : 'PLEDGE_STATE';
  return new AppError(code, 409, items.map((i) => i.msg).join(' '), items);
}

const openNoticeRace = rethrowConstraint({
  pledge_notices_open_key: AppError.conflict(
    'NOTICE_OPEN',
    'A notice was just made for one of these pledges; reload and try again.',
  ),
});

/**
 * POST /notices: one transaction. The pledges are locked (in id order) and each checked inside: of
 * the company (422), open and overdue on the notice date with the company's grace, and without an open
 * notice unless the request asks for a fresh one (`renew`); any bad one refuses the whole batch, each
 * named under its pledge (409). Then the batch row and a notice per pledge, numbered from the
 * company's `notice` counter of the notice date's financial year (gapless: a rollback gives the
 * numbers back), with the principal and interest due as of the notice date and the sale-after date; a
 * renewed pledge's open notice is superseded by its new one. The answer is read inside the
 * transaction: if it cannot be built, nothing is committed, so a retry never makes a second notice.
 */
export async function createNoticeBatch(
  db: Db,
  actor: Actor,
  input: NoticeBatchCreateInput,
): Promise<NoticeBatchSaved> {
  const noticeDate = input.notice_date ?? actor.today;
  notAfterToday(noticeDate, actor.today, ['body', 'notice_date']);
  const seen = new Map<number, number>();
  const duplicates: FieldError[] = [];
  input.pledge_ids.forEach((id, i) => {
    if (seen.has(id))
      duplicates.push({
        loc: ['body', 'pledge_ids', i],
        msg: NOTICE_MESSAGES.duplicate,
        type: 'value_error',
      });
    seen.set(id, i);
  });
  if (duplicates.length > 0) throw validation(duplicates);

  return db
    .transaction(async (tx) => {
      const settings = await findNoticeSettings(tx, actor.companyId);
      const locked = await lockPledges(tx, actor.companyId, input.pledge_ids);
      const open = await findOpenNotices(tx, actor.companyId, input.pledge_ids);
      const refusals: Refusal[] = [];
      input.pledge_ids.forEach((id, i) => {
        const p = locked.get(id);
        const loc = ['body', 'pledge_ids', i];
        const refuse = (state: Refusal['state'], msg: string) =>
          refusals.push({ item: { loc, msg, type: 'value_error' }, state });
        const current = open.get(id);
        if (!p) refuse(null, NOTICE_MESSAGES.notFound(id));
        else if (p.closedDate !== null || p.status !== 'active')
          refuse('closed', NOTICE_MESSAGES.closed(p.pledgeNo));
        else if (!isOverdue(p.dueDate, settings.overdue_grace_days, noticeDate))
          refuse(
            'not_overdue',
            NOTICE_MESSAGES.notOverdue(p.pledgeNo, overdueFrom(p.dueDate, settings.overdue_grace_days)),
          );
        else if (current && input.renew !== true)
          refuse('open_notice', NOTICE_MESSAGES.openNotice(p.pledgeNo, current.noticeNo, current.noticeDate));
      });
      if (refusals.length > 0) throw batchRefusal(refusals);

      const stored = await loadStoredPayments(tx, actor.companyId, input.pledge_ids);
      const batchId = await insertNoticeBatch(tx, {
        companyId: actor.companyId,
        noticeDate,
        createdBy: actor.userId,
      });
      // The notices a fresh one replaces leave the open index first, then name their successor.
      await markNoticesSuperseded(
        tx,
        actor.companyId,
        [...open.values()].map((n) => n.id),
      );
      const fy = financialYear(noticeDate);
      const numbers = await takeNumbers(tx, actor.companyId, 'notice', fy, input.pledge_ids.length);
      const saleAfter = earliestSaleDate(noticeDate, settings.notice_wait_days);
      const made = await insertNotices(
        tx,
        input.pledge_ids.map((id, i) => {
          const p = locked.get(id)!;
          const b = balanceOf(p, storedPaymentsOf(stored, id), noticeDate);
          return {
            companyId: actor.companyId,
            batchId,
            pledgeId: id,
            noticeNo: formatNoticeNumber(fy, numbers[i]!),
            noticeDate,
            principalDue: numericFromPaise(b.remainingPrincipalPaise),
            interestDue: numericFromPaise(b.remainingInterestPaise),
            amountDue: numericFromPaise(b.remainingPrincipalPaise + b.remainingInterestPaise),
            saleAfter,
            createdBy: actor.userId,
          };
        }),
      );
      const superseded: Record<string, unknown>[] = [];
      for (const n of made) {
        const old = open.get(n.pledgeId);
        if (!old) continue;
        await setSupersededBy(tx, actor.companyId, old.id, n.id);
        const row = await rowSnapshot(tx, 'pledge_notices', actor.companyId, old.id);
        if (row) superseded.push(row);
      }
      // One event for the request: the batch, its notices and the notices they superseded.
      const batchRow = withChildren(
        await rowSnapshot(tx, 'notice_batches', actor.companyId, batchId),
        'notices',
        await childRowsSnapshot(tx, 'pledge_notices', actor.companyId, 'batch_id', batchId),
      );
      await recordAudit(tx, {
        action: 'create',
        entity: 'notice_batch',
        entityId: batchId,
        after: superseded.length > 0 ? withChildren(batchRow, 'superseded', superseded) : batchRow,
      });
      await markIdempotentCommit(tx, actor.idempotency);
      const notices = await noticeViews(
        tx,
        actor.companyId,
        { batchId },
        { skip: 0, limit: input.pledge_ids.length },
      );
      return { batch_id: batchId, notice_date: noticeDate, notices };
    })
    .catch(openNoticeRace);
}
