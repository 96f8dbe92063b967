/**
 * Business dates as `YYYY-MM-DD` strings (docs/domain-rules.md §1): never a `Date` at local midnight, which
 * shifts by a day when the server and the browser sit in different time zones. Day arithmetic uses
 * a proleptic Gregorian day number, with no time zone involved.
 */

export class DateError extends Error {
  override name = 'DateError';
}

export interface PlainDateParts {
  year: number;
  month: number;
  day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Digits of `text` at [start, start + length), or -1 when any is not 0-9. */
function readDigits(text: string, start: number, length: number): number {
  let value = 0;
  for (let i = start; i < start + length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    value = value * 10 + c;
  }
  return value;
}

/** Parses `YYYY-MM-DD` by char codes (hot path of `pledgeBalance`); undefined when not a real date. */
function tryParsePlainDate(text: unknown): PlainDateParts | undefined {
  if (typeof text !== 'string' || text.length !== 10) return undefined;
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return undefined;
  const year = readDigits(text, 0, 4);
  const month = readDigits(text, 5, 2);
  const day = readDigits(text, 8, 2);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** True when the text is a real calendar date in `YYYY-MM-DD` form (no 2026-02-30). */
export function isPlainDate(text: unknown): text is string {
  return tryParsePlainDate(text) !== undefined;
}

export function parsePlainDate(text: string): PlainDateParts {
  const parts = tryParsePlainDate(text);
  if (!parts) throw new DateError(`not a date in YYYY-MM-DD form: ${JSON.stringify(text)}`);
  return parts;
}

export function formatPlainDate(parts: PlainDateParts): string {
  return `${String(parts.year).padStart(4, '0')}-${String(parts.month).padStart(2, '0')}-${String(parts.day).padStart(2, '0')}`;
}

/** Days since 1970-01-01 for a civil date (H. Hinnant's days_from_civil), exact for any year. */
export function toEpochDay(date: string): number {
  const { year, month, day } = parsePlainDate(date);
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (inverse of `toEpochDay`). */
export function fromEpochDay(epochDay: number): string {
  const z = epochDay + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return formatPlainDate({ year, month, day });
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function addDays(date: string, days: number): string {
  if (!Number.isSafeInteger(days)) throw new DateError(`days must be an integer, got ${String(days)}`);
  return fromEpochDay(toEpochDay(date) + days);
}

/**
 * Adds calendar months and clamps to the last day of the target month (docs/domain-rules.md §2):
 * 31 Jan + 1 month = 28 Feb (29 in a leap year). Negative months go back the same way.
 */
export function addMonthsClamped(date: string, months: number): string {
  if (!Number.isSafeInteger(months)) throw new DateError(`months must be an integer, got ${String(months)}`);
  const { year, month, day } = parsePlainDate(date);
  const index = year * 12 + (month - 1) + months;
  const newYear = Math.floor(index / 12);
  const newMonth = index - newYear * 12 + 1;
  if (newYear < 1 || newYear > 9999) throw new DateError(`date out of range: ${date} + ${months} months`);
  return formatPlainDate({
    year: newYear,
    month: newMonth,
    day: Math.min(day, daysInMonth(newYear, newMonth)),
  });
}

export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Today's business date in the company's time zone (docs/domain-rules.md §1.3): at 00:30 IST it is already the
 * new day, while UTC still shows yesterday.
 */
export function businessToday(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA numeric parts; we read the parts rather than trusting the locale's separators.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  if (Number.isNaN(now.getTime())) throw new DateError('invalid instant');
  const parts = formatter.formatToParts(now);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  return formatPlainDate({ year: get('year'), month: get('month'), day: get('day') });
}

/** `YYYY-MM-DD` to the Indian display form `DD/MM/YYYY` (docs/domain-rules.md §1.4). */
export function formatIndianDate(date: string): string {
  const { year, month, day } = parsePlainDate(date);
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

/** `DD/MM/YYYY` back to `YYYY-MM-DD`; throws on anything else. */
export function parseIndianDate(text: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) throw new DateError(`not a date in DD/MM/YYYY form: ${JSON.stringify(text)}`);
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  parsePlainDate(iso);
  return iso;
}

/**
 * The Indian financial year (1 April to 31 March) holding a date, as used in receipt and voucher
 * numbers (docs/domain-rules.md §1.3, §5): 2026-03-31 -> "2025-26", 2026-04-01 -> "2026-27".
 */
export function financialYear(date: string): string {
  const { year, month } = parsePlainDate(date);
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

export function compareDates(a: string, b: string): number {
  return toEpochDay(a) - toEpochDay(b);
}
