import {
  addDays,
  callLink,
  compareDates,
  daysOverdue,
  earliestSaleDate,
  financialYear,
  formatNoticeNumber,
  isOverdue,
  lastOverdueDueDate,
  NOTICE_MESSAGES,
  type Notice,
  type NoticeBatchCreateInput,
  type NoticeBatchSaved,
  type NoticeCandidates,
  type NoticeList,
  type NoticePrint,
  type NoticeUpdateInput,
  noticeStatus,
  overdueFrom,
  paiseToRupees,
  percentToBp,
  pledgeBalance,
  type ReminderCreateInput,
  type ReminderList,
  type ReminderSaved,
  reminderTextEnglish,
  reminderTextTamil,
  rupeesToPaise,
  whatsappLink,
} from '@pledge-desk/domain';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { gramsFromNumeric, numericFromPaise, rupeesFromNumeric } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, type StoredPayments, storedPaymentsOf } from '../payments/pledge-balance.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import {
  type ArticleRowDb,
  addBatchPrints,
  addNoticePrints,
  countNotices,
  countOpenDueBy,
  findArticles,
  findCandidates,
  findNoticeSettings,
  findNotices,
  findOpenNotices,
  findPledgeClosedDate,
  findReminderRows,
  insertNoticeBatch,
  insertNotices,
  insertReminder,
  lockNotice,
  markNoticesSuperseded,
  type NoticeFilter,
  type NoticeRowDb,
  type PledgeBalanceColumns,
  type RecordedAt,
  setSupersededBy,
  updateNoticeServed,
} from './notices.repository.ts';

// Notices before sale and reminders (docs/domain-rules.md §8.5; the law: §10.4). A notice is
// the registered letter before a sale: numbered per company and financial year, with the amount due
// as of its date and the date after which the articles may be sold. A reminder is a courtesy message
// (WhatsApp or a call), kept apart.

export interface Actor {
  companyId: number;
  userId: number;
  /** The business day in the company's time zone. */
  today: string;
  idempotency?: IdempotencyRef | null;
}

const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** A date of the query or body that may not be after today. */
export function notAfterToday(date: string, today: string, loc: (string | number)[]): void {
  if (date > today) {
    throw validation([{ loc, msg: NOTICE_MESSAGES.future, type: 'value_error' }]);
  }
}

const address = (r: {
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
}) =>
  [r.door_no, r.street, r.location, `${r.district} - ${r.pincode}`]
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== '-')
    .join(', ');

function balanceOfColumns(p: PledgeBalanceColumns, stored: StoredPayments, asOf: string) {
  return pledgeBalance(
    {
      loanPaise: rupeesToPaise(p.total_loan_amount),
      rateBp: percentToBp(p.interest_rate),
      pledgeDate: p.pledge_date,
      firstMonthInterestPaise: rupeesToPaise(p.first_month_interest),
      payments: stored.parts,
    },
    asOf,
  );
}

// ------------------------------------------------------------------ candidates

export async function noticeCandidates(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  page: { skip: number; limit: number },
): Promise<NoticeCandidates> {
  const settings = await findNoticeSettings(db, companyId);
  const lastDue = lastOverdueDueDate(asOf, settings.overdue_grace_days);
  const [rows, total] = await Promise.all([
    findCandidates(db, companyId, lastDue, page),
    countOpenDueBy(db, companyId, lastDue),
  ]);
  const stored = await loadStoredPayments(
    db,
    companyId,
    rows.map((r) => Number(r.id)),
  );
  return {
    as_of: asOf,
    grace_days: settings.overdue_grace_days,
    notice_wait_days: settings.notice_wait_days,
    total_count: total,
    rows: rows.map((r) => {
      const b = balanceOfColumns(r, storedPaymentsOf(stored, Number(r.id)), asOf);
      return {
        pledge_id: Number(r.id),
        pledge_no: r.pledge_no,
        pledge_date: r.pledge_date,
        due_date: r.due_date,
        days_overdue: daysOverdue(r.due_date, asOf),
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name,
        address: address(r),
        mobile_number: r.mobile_number,
        loan_amount: rupeesFromNumeric(r.total_loan_amount),
        remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
        remaining_interest: paiseToRupees(b.remainingInterestPaise),
        outstanding: paiseToRupees(b.totalOutstandingPaise),
        at_bank: Boolean(r.is_move_to_bank),
        latest_notice:
          r.notice_id === null || r.notice_id === undefined
            ? null
            : {
                notice_id: Number(r.notice_id),
                notice_no: r.notice_no!,
                notice_date: r.notice_date!,
                sale_after: r.sale_after!,
                sent_on: r.sent_on,
                status: noticeStatus({ sentOn: r.sent_on, deliveredOn: r.delivered_on }),
              },
      };
    }),
  };
}

// ------------------------------------------------------------------ notice views

function toNotice(r: NoticeRowDb, articles: readonly ArticleRowDb[]): Notice {
  return {
    id: Number(r.id),
    notice_no: r.notice_no,
    batch_id: Number(r.batch_id),
    notice_date: r.notice_date,
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    pledge_date: r.pledge_date,
    due_date: r.due_date,
    loan_amount: rupeesFromNumeric(r.total_loan_amount),
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    guardian_name: r.guardian_name,
    address: address(r),
    mobile_number: r.mobile_number,
    principal_due: rupeesFromNumeric(r.principal_due),
    interest_due: rupeesFromNumeric(r.interest_due),
    amount_due: rupeesFromNumeric(r.amount_due),
    sale_after: r.sale_after,
    sent_on: r.sent_on,
    tracking_no: r.tracking_no,
    delivered_on: r.delivered_on,
    status: noticeStatus({ sentOn: r.sent_on, deliveredOn: r.delivered_on }),
    prints: Number(r.prints),
    superseded_at: r.superseded_at ?? null,
    superseded_by_no: r.superseded_by_no ?? null,
    // Weights are grams to the milligram (numeric(10,3)), never money: 43.081 g is a weight.
    gross_weight: gramsFromNumeric(r.gross_weight),
    net_weight: gramsFromNumeric(r.net_weight),
    item_count: Number(r.item_count),
    articles: articles.map((a) => ({
      item_id: Number(a.id),
      design_name: a.design_name,
      condition: a.jewell_condition,
      gross_weight: gramsFromNumeric(a.gross_weight),
      net_weight: gramsFromNumeric(a.net_weight),
    })),
    created_at: isoInstant(r.created_at),
  };
}

async function noticeViews(
  db: DbOrTx,
  companyId: number,
  filter: NoticeFilter,
  page: { skip: number; limit: number },
): Promise<Notice[]> {
  const rows = await findNotices(db, companyId, filter, page);
  const articles = await findArticles(
    db,
    companyId,
    rows.map((r) => Number(r.pledge_id)),
  );
  const byPledge = new Map<number, ArticleRowDb[]>();
  for (const a of articles) {
    const list = byPledge.get(Number(a.pledge_id)) ?? [];
    list.push(a);
    byPledge.set(Number(a.pledge_id), list);
  }
  return rows.map((r) => toNotice(r, byPledge.get(Number(r.pledge_id)) ?? []));
}

export async function listNotices(
  db: DbOrTx,
  companyId: number,
  filter: NoticeFilter,
  page: { skip: number; limit: number },
): Promise<NoticeList> {
  const [rows, total] = await Promise.all([
    noticeViews(db, companyId, filter, page),
    countNotices(db, companyId, filter),
  ]);
  return { total_count: total, rows };
}

export async function readNotice(db: DbOrTx, companyId: number, id: number): Promise<Notice> {
  const [notice] = await noticeViews(db, companyId, { noticeId: id }, { skip: 0, limit: 1 });
  if (!notice) throw AppError.notFound('Notice');
  return notice;
}

// ------------------------------------------------------------------ the batch

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

// ------------------------------------------------------------------ how it was served

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

// ------------------------------------------------------------------ prints

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

// ------------------------------------------------------------------ reminders

/**
 * GET /reminders: the open pledges due within `days` after asOf, overdue ones included (most overdue
 * first), each with its amount due on asOf, the reminder texts, the WhatsApp and call links, and
 * whether a reminder was logged on asOf.
 */
export async function reminderList(
  db: DbOrTx,
  companyId: number,
  asOf: string,
  days: number,
  page: { skip: number; limit: number },
): Promise<ReminderList> {
  const lastDue = addDays(asOf, days);
  const [settings, rows, total] = await Promise.all([
    findNoticeSettings(db, companyId),
    findReminderRows(db, companyId, lastDue, page),
    countOpenDueBy(db, companyId, lastDue),
  ]);
  const stored = await loadStoredPayments(
    db,
    companyId,
    rows.map((r) => Number(r.id)),
  );
  return {
    as_of: asOf,
    days,
    total_count: total,
    rows: rows.map((r) => {
      const b = balanceOfColumns(r, storedPaymentsOf(stored, Number(r.id)), asOf);
      const facts = {
        customerName: r.customer_name,
        pledgeNo: r.pledge_no,
        amountDuePaise: b.totalOutstandingPaise,
        dueDate: r.due_date,
        asOf,
        companyName: settings.company_name,
      };
      const textTa = reminderTextTamil(facts);
      return {
        pledge_id: Number(r.id),
        pledge_no: r.pledge_no,
        due_date: r.due_date,
        overdue: r.due_date < asOf,
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name,
        mobile_number: r.mobile_number,
        amount_due: paiseToRupees(b.totalOutstandingPaise),
        text_ta: textTa,
        text_en: reminderTextEnglish(facts),
        whatsapp_link: whatsappLink(r.mobile_number, textTa),
        call_link: callLink(r.mobile_number),
        reminded_today: r.last_reminded_on === asOf,
        last_reminded_on: r.last_reminded_on,
      };
    }),
  };
}

/** POST /reminders: logs one reminder, dated today, on an open pledge of the company. */
export async function logReminder(db: Db, actor: Actor, input: ReminderCreateInput): Promise<ReminderSaved> {
  const row = await db.transaction(async (tx) => {
    const pledge = await findPledgeClosedDate(tx, actor.companyId, input.pledge_id);
    if (!pledge) throw AppError.notFound('Pledge');
    if (pledge.closedDate !== null) throw AppError.conflict('PLEDGE_CLOSED', NOTICE_MESSAGES.reminderClosed);
    const note = input.note?.trim() || null;
    const saved = await insertReminder(tx, {
      companyId: actor.companyId,
      pledgeId: input.pledge_id,
      channel: input.channel,
      remindedOn: actor.today,
      note,
      createdBy: actor.userId,
    });
    await recordAudit(tx, {
      action: 'create',
      entity: 'reminder',
      entityId: saved.id,
      after: await rowSnapshot(tx, 'pledge_reminders', actor.companyId, saved.id),
    });
    return saved;
  });
  return {
    id: row.id,
    pledge_id: row.pledgeId,
    channel: row.channel as ReminderSaved['channel'],
    reminded_on: row.remindedOn,
    note: row.note,
  };
}
