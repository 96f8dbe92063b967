import { daysBetween } from '../dates/dates.ts';

// The operational reports: a range of business dates, bounded so that one request
// never reads more than a year of a branch, and days overdue counted the way the counter counts them.

/** The longest range a register or report answers: a year, leap years included (366 days inclusive). */
export const OPS_REPORT_MAX_RANGE_DAYS = 366;
/** Server paging of the registers and reports: `page_size` at most this many rows. */
export const OPS_REPORT_MAX_PAGE_SIZE = 200;
export const OPS_REPORT_DEFAULT_PAGE_SIZE = 50;

export const OPS_REPORT_RANGE_MESSAGES = {
  toBeforeFrom: 'The end date must not be before the start date.',
  tooLong: `A range may cover at most ${OPS_REPORT_MAX_RANGE_DAYS} days; choose a shorter range.`,
} as const;

/**
 * Why a range of business dates (`YYYY-MM-DD`, inclusive) is refused, or null when it is fine: `to`
 * before `from`, or more than OPS_REPORT_MAX_RANGE_DAYS days counting both ends.
 */
export function opsReportRangeProblem(from: string, to: string): string | null {
  if (to < from) return OPS_REPORT_RANGE_MESSAGES.toBeforeFrom;
  if (daysBetween(from, to) + 1 > OPS_REPORT_MAX_RANGE_DAYS) return OPS_REPORT_RANGE_MESSAGES.tooLong;
  return null;
}

/**
 * Days a pledge is overdue on `asOf`: the whole days since its due date; 0 on the due date and
 * before it (a pledge is overdue from the day after it falls due).
 */
export function daysOverdue(dueDate: string, asOf: string): number {
  return Math.max(0, daysBetween(dueDate, asOf));
}
