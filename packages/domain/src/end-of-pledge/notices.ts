/**
 * Notices before sale and reminders (REGULATION.md 'notice before sale'): the notice
 * numbers, the last due date that is overdue on a day, and the reminder texts and links (WhatsApp,
 * call) in Tamil and English. Reminders are kept apart from the legal notices: a reminder is a
 * courtesy message, a notice is the registered letter before a sale.
 */
import { addDays, formatIndianDate } from '../dates/dates.ts';
import { formatRupees } from '../money/money.ts';
import { isIndianMobile, normaliseMobile } from '../schemas/masters.ts';
import { END_OF_PLEDGE_DEFAULTS } from './rules.ts';

/** `N/2026-27/0001`: per company and financial year, at least 4 digits (docs/domain-rules.md §5). */
export function formatNoticeNumber(financialYear: string, n: number): string {
  if (
    !/^\d{4}-\d{2}$/.test(financialYear) ||
    (Number(financialYear.slice(0, 4)) + 1) % 100 !== Number(financialYear.slice(5))
  ) {
    throw new RangeError(`financial year must look like 2026-27, got ${JSON.stringify(financialYear)}`);
  }
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`running number must be 1 or more, got ${String(n)}`);
  return `N/${financialYear}/${String(n).padStart(4, '0')}`;
}

/**
 * The latest due date that is overdue on `asOf` with the grace period: a pledge is overdue on asOf
 * exactly when its due date is on or before this day (`isOverdue(due, grace, asOf)`), so a list can
 * read the open pledges by due date.
 */
export function lastOverdueDueDate(asOf: string, graceDays: number): string {
  if (!Number.isSafeInteger(graceDays) || graceDays < 0 || graceDays > 3650) {
    throw new RangeError(
      `grace period must be a whole number of days from 0 to 3650, got ${String(graceDays)}`,
    );
  }
  return addDays(asOf, -(graceDays + 1));
}

/** The reminder list's default window: pledges due within the next 15 days, and the overdue ones. */
export const REMINDER_DEFAULT_DAYS = 15;
export const NOTICE_DEFAULT_WAIT_DAYS = END_OF_PLEDGE_DEFAULTS.noticeWaitDays;

/** The statuses of a notice: not posted yet, posted (a date sent), delivered (proof came back). */
export const NOTICE_STATUSES = ['unsent', 'sent', 'delivered'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

export function noticeStatus(n: { sentOn: string | null; deliveredOn: string | null }): NoticeStatus {
  if (n.deliveredOn !== null) return 'delivered';
  if (n.sentOn !== null) return 'sent';
  return 'unsent';
}

/** What a reminder says: the pledge, the amount due (outstanding on the day) and the due date. */
export interface ReminderFacts {
  customerName: string;
  pledgeNo: string;
  /** The outstanding principal and interest on the day of the reminder, in paise. */
  amountDuePaise: number;
  dueDate: string;
  /** The day of the reminder: a due date before it reads 'was due'. */
  asOf: string;
  companyName: string;
}

/** The reminder in Tamil (the WhatsApp text): the pledge number, the amount due and the due date. */
export function reminderTextTamil(f: ReminderFacts): string {
  const amount = formatRupees(f.amountDuePaise, '₹');
  const due = formatIndianDate(f.dueDate);
  const when =
    f.dueDate < f.asOf
      ? `கெடு தேதி ${due} கடந்துவிட்டது. தயவுசெய்து விரைவில் செலுத்தவும்.`
      : `கெடு தேதி: ${due}. தயவுசெய்து அதற்குள் செலுத்தவும்.`;
  return `வணக்கம் ${f.customerName}, உங்கள் அடகு எண் ${f.pledgeNo} க்கு செலுத்த வேண்டிய தொகை ${amount}. ${when} - ${f.companyName}`;
}

/** The same reminder in English. */
export function reminderTextEnglish(f: ReminderFacts): string {
  const amount = formatRupees(f.amountDuePaise, '₹');
  const due = formatIndianDate(f.dueDate);
  const when =
    f.dueDate < f.asOf
      ? `It was due on ${due}; please pay at the earliest.`
      : `It is due on ${due}; please pay by then.`;
  return `Dear ${f.customerName}, the amount due on your pledge ${f.pledgeNo} is ${amount}. ${when} - ${f.companyName}`;
}

/** The 10 digits of an Indian mobile, or null when the stored number is not one (a migrated record). */
function mobileDigits(mobile: string): string | null {
  const m = normaliseMobile(mobile);
  return isIndianMobile(m) ? m : null;
}

/** `https://wa.me/91<mobile>?text=<the text, URL-encoded>`, or null without a valid mobile number. */
export function whatsappLink(mobile: string, text: string): string | null {
  const digits = mobileDigits(mobile);
  return digits === null ? null : `https://wa.me/91${digits}?text=${encodeURIComponent(text)}`;
}

/** `tel:+91<mobile>`, or null without a valid mobile number. */
export function callLink(mobile: string): string | null {
  const digits = mobileDigits(mobile);
  return digits === null ? null : `tel:+91${digits}`;
}
