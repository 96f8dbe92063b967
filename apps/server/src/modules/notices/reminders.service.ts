import {
  addDays,
  callLink,
  NOTICE_MESSAGES,
  paiseToRupees,
  type ReminderCreateInput,
  type ReminderList,
  type ReminderSaved,
  reminderTextEnglish,
  reminderTextTamil,
  whatsappLink,
} from '@pledge-desk/domain';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { storedPaymentsOf } from '../payments/pledge-balance.ts';
import {
  countOpenDueBy,
  findNoticeSettings,
  findPledgeClosedDate,
  findReminderRows,
  insertReminder,
} from './notices.repository.ts';
import { type Actor, balanceOfColumns } from './notices-shared.ts';

// Reminders (docs/domain-rules.md §8.5): a courtesy message before or after the due date, by WhatsApp
// or a call, kept apart from the notices before sale.

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
