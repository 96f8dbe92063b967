/**
 * The dates of the end of a pledge (REGULATION.md: Tamil Nadu Pawnbrokers Act s. 8 and
 * s. 12): overdue after the grace period, the earliest sale after a notice, the surplus's 30 days and
 * its deposit with the Government, and the working days a closed pledge's articles have waited.
 * Periods are company settings; these functions take them as arguments.
 */
import { addDays, addMonthsClamped, compareDates, DateError, toEpochDay } from '../dates/dates.ts';

/** Defaults of the end-of-pledge settings. */
export const END_OF_PLEDGE_DEFAULTS = {
  /** Days after the due date before a pledge counts as overdue. */
  graceDays: 0,
  /** Working days a closed pledge's articles may wait in the vault before the list flags them. */
  releaseWaitWorkingDays: 7,
  /** Days after a notice is sent before the articles may be sold. */
  noticeWaitDays: 30,
  /** Days after the sale within which the surplus goes to the pawner (s. 12). */
  surplusDeliveryDays: 30,
  /** Months an unclaimed surplus is held before it is deposited with the Government (s. 12). */
  surplusHoldMonths: 6,
} as const;

function wholeDays(days: number, label: string): void {
  if (!Number.isSafeInteger(days) || days < 0 || days > 3650) {
    throw new DateError(`${label} must be a whole number of days from 0 to 3650, got ${String(days)}`);
  }
}

/** The first day a pledge is overdue: the day after its due date plus the grace period. */
export function overdueFrom(dueDate: string, graceDays: number): string {
  wholeDays(graceDays, 'grace period');
  return addDays(dueDate, graceDays + 1);
}

/** A pledge is overdue on `asOf` when asOf is after its due date plus the grace period. */
export function isOverdue(dueDate: string, graceDays: number, asOf: string): boolean {
  return compareDates(asOf, overdueFrom(dueDate, graceDays)) >= 0;
}

/** The first day the articles may be sold: the notice's sending date plus the waiting period. */
export function earliestSaleDate(noticeSentDate: string, noticeWaitDays: number): string {
  wholeDays(noticeWaitDays, 'notice period');
  return addDays(noticeSentDate, noticeWaitDays);
}

/** A sale on `saleDate` is allowed only on or after the earliest sale date of the notice. */
export function mayBeSold(noticeSentDate: string, noticeWaitDays: number, saleDate: string): boolean {
  return compareDates(saleDate, earliestSaleDate(noticeSentDate, noticeWaitDays)) >= 0;
}

/** The date by which a surplus should reach the pawner (s. 12: within 30 days of the sale). */
export function surplusDeliveryDueDate(saleDate: string, days: number): string {
  wholeDays(days, 'surplus delivery period');
  return addDays(saleDate, days);
}

/** The date from which an unclaimed surplus is deposited with the Government (s. 12: after 6 months). */
export function surplusDepositDueDate(saleDate: string, holdMonths: number): string {
  if (!Number.isSafeInteger(holdMonths) || holdMonths < 0 || holdMonths > 120) {
    throw new DateError(`surplus hold period must be 0 to 120 months, got ${String(holdMonths)}`);
  }
  return addMonthsClamped(saleDate, holdMonths);
}

/** 0 Sunday … 6 Saturday. 1970-01-01 (epoch day 0) was a Thursday. */
export function dayOfWeek(date: string): number {
  return (((toEpochDay(date) + 4) % 7) + 7) % 7;
}

/**
 * Working days after `from` up to and including `to` (0 when `to` is not after `from`): every day but
 * Sundays and the given holidays. A pledge closed on a Saturday has waited 1 working day on Monday.
 */
export function workingDaysBetween(
  from: string,
  to: string,
  holidays: ReadonlySet<string> = new Set(),
): number {
  const start = toEpochDay(from);
  const end = toEpochDay(to);
  if (end <= start) return 0;
  const days = end - start;
  // Whole weeks hold 6 working days each; walk the remainder.
  const weeks = Math.floor(days / 7);
  let count = weeks * 6;
  for (let d = start + weeks * 7 + 1; d <= end; d++) if ((((d + 4) % 7) + 7) % 7 !== 0) count++;
  for (const holiday of holidays) {
    const h = toEpochDay(holiday);
    if (h > start && h <= end && (((h + 4) % 7) + 7) % 7 !== 0) count--;
  }
  return count;
}

/** A closed pledge's articles are flagged once they have waited more than the set working days. */
export function isReleaseOverdue(
  closedDate: string,
  asOf: string,
  waitWorkingDays: number,
  holidays?: ReadonlySet<string>,
): boolean {
  wholeDays(waitWorkingDays, 'release waiting period');
  return workingDaysBetween(closedDate, asOf, holidays) > waitWorkingDays;
}
