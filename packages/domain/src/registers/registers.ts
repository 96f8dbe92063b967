import { daysBetween, isPlainDate } from '../dates/dates.ts';

/**
 * Entries of the pledge book (Form E) on one printed page. A pledge's page is fixed by its serial in
 * the company's register, never by the range being printed, so a page printed in March and the same
 * page printed again with the whole year carry the same number (docs/decisions.md).
 */
export const PLEDGE_BOOK_ENTRIES_PER_PAGE = 10;

/** The printed page of the register entry with this serial (1-based): serials 1–10 on page 1, 11–20 on page 2. */
export function pledgeBookPage(serial: number): number {
  if (!Number.isInteger(serial) || serial < 1) throw new RangeError(`not a register serial: ${serial}`);
  return Math.ceil(serial / PLEDGE_BOOK_ENTRIES_PER_PAGE);
}

/** The longest range a register or report reads at once: a year, leap day included. */
export const REGISTER_MAX_RANGE_DAYS = 366;

/** Rows of a register's screen page: 50 unless told, at most 200. */
export const REGISTER_DEFAULT_PAGE_SIZE = 50;
export const REGISTER_MAX_PAGE_SIZE = 200;

/**
 * Why a register's date range cannot be read, or null when it can: the start after the end, or more
 * than REGISTER_MAX_RANGE_DAYS days from the first day to the last, both counted.
 */
export function registerRangeProblem(from: string, to: string): string | null {
  if (!isPlainDate(from) || !isPlainDate(to)) return 'Use dates as YYYY-MM-DD.';
  if (from > to) return 'The start date must not be after the end date.';
  if (daysBetween(from, to) + 1 > REGISTER_MAX_RANGE_DAYS)
    return `A range may cover at most ${REGISTER_MAX_RANGE_DAYS} days; choose a shorter one.`;
  return null;
}
