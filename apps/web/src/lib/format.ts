/**
 * Formatting glue for the screens. Money and business dates come from @pledge-desk/domain
 * (formatRupees, formatIndianNumber, formatIndianDate); here only what is about presentation.
 */
import {
  businessToday,
  formatIndianDate,
  formatIndianNumber,
  formatRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';

/** A rupee amount of the API (2 decimals at most) in Indian grouping: 125000 → "1,25,000.00". */
export function formatAmount(rupees: number): string {
  return formatIndianNumber(rupeesToPaise(rupees));
}

/** The same with the currency: 6886.5 → "Rs. 6,886.50". */
export function formatRupeeAmount(rupees: number): string {
  return formatRupees(rupeesToPaise(rupees));
}

/**
 * An instant of the API (`created_at`) as the product's date, DD/MM/YYYY on the business day of
 * India: "2026-11-28T20:00:00Z" → "29/11/2026". The profile's Member Since tile.
 */
export function formatInstantDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return formatIndianDate(businessToday(undefined, date));
}

/** "clerk" → "Clerk". */
export function capitalise(text: string): string {
  return text.length === 0 ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** Up to two initials for the locally drawn avatar: "ravi kumar" → "RK", "admin" → "AD". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '')
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[1]![0]!).toUpperCase();
}
