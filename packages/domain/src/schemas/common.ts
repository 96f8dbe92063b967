import { isPlainDate } from '../dates/dates.ts';
import { z } from './zod.ts';

/**
 * Building blocks for the request-body schemas. They stay plain `z.object`/`z.string`/`z.number`
 * so that both react-hook-form (zodResolver) and fastify-type-provider-zod (JSON Schema) can use
 * them: no transforms that change the output type, only checks, `trim` and defaults.
 */

/** A required text field: missing, not a string, or blank after trimming all give `message`. */
export function requiredText(message: string, max = 255) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });
}

/** Optional free text; `null` allowed because the old API sends `null` for empty remarks. */
export function optionalText(max = 1000) {
  return z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .nullable()
    .optional();
}

/** Decimal places of a finite number, read from its shortest text form (0.29 has 2). */
export function decimalPlaces(value: number): number {
  const text = String(value);
  if (text.includes('e')) {
    const [mantissa = '', exponent = '0'] = text.split('e');
    const places = (mantissa.split('.')[1] ?? '').length - Number(exponent);
    return Math.max(0, places);
  }
  return (text.split('.')[1] ?? '').length;
}

export function hasAtMostDecimals(value: number, places: number): boolean {
  return Number.isFinite(value) && decimalPlaces(value) <= places;
}

/**
 * Largest rupee amount accepted in a request: just under Rs. 1,000 crore, far above any pledge, far below
 * 2^53 paise, and within the narrowest money column (rates per gram, numeric(12,2): 10 digits before
 * the point), so no amount the validator accepts overflows a column.
 */
export const MAX_RUPEES = 9_999_999_999.99;

/** Largest total of one voucher: its `total_amount` column is numeric(14,2). */
export const MAX_VOUCHER_RUPEES = 999_999_999_999.99;

/** Most lines in one voucher (docs/decisions.md, 2026-11-22): far above any real entry. */
export const MAX_VOUCHER_LINES = 200;

/** Largest id: ids live in PostgreSQL `integer` (int4) columns. */
export const MAX_ID = 2_147_483_647;

/** Business dates (pledge, rate, voucher) lie between these years; no 0001 or 9999 typo passes. */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;

/**
 * Money in rupees as JSON carries it (docs/domain-rules.md §1): a finite number with at most 2 decimals.
 * `message` covers a missing or non-numeric value.
 */
export function rupees(message = 'Please enter a valid amount') {
  return z
    .number({ error: message })
    .refine((v) => hasAtMostDecimals(v, 2), { error: 'Amount can have at most 2 decimals' })
    .refine((v) => Math.abs(v) <= MAX_RUPEES, { error: 'Amount is too large' });
}

/** Non-negative rupees: money inputs have min 0 and step 0.01 in the specs. */
export function nonNegativeRupees(message = 'Amount cannot be negative', typeMessage = message) {
  return rupees(typeMessage).refine((v) => v >= 0, { error: message });
}

/** Rupees above 0. */
export function positiveRupees(message = 'Amount must be above 0', typeMessage = message) {
  return rupees(typeMessage).refine((v) => v > 0, { error: message });
}

/** Weight in grams as JSON carries it (docs/domain-rules.md §1): at most 3 decimals. */
export function grams(message = 'Please enter a valid weight') {
  return z
    .number({ error: message })
    .refine((v) => v >= 0, { error: message })
    .refine((v) => hasAtMostDecimals(v, 3), { error: 'Weight can have at most 3 decimals' })
    .refine((v) => v <= 1_000_000, { error: 'Weight is too large' });
}

/** A percent (interest per month, loan allowed, slippage) with at most 2 decimals, from `min` to `max`. */
export function percent(message: string, { min = 0, max = 100, exclusiveMin = false } = {}) {
  return z
    .number({ error: message })
    .refine((v) => (exclusiveMin ? v > min : v >= min) && v <= max, { error: message })
    .refine((v) => hasAtMostDecimals(v, 2), { error: 'Percent can have at most 2 decimals' });
}

/** A business date `YYYY-MM-DD` that exists in the calendar, in the years MIN_YEAR to MAX_YEAR. */
export function plainDate(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((v) => isPlainDate(v), { error: message })
    .refine((v) => !isPlainDate(v) || isSaneYear(v), {
      error: `The year must be between ${MIN_YEAR} and ${MAX_YEAR}`,
    });
}

function isSaneYear(date: string): boolean {
  const year = Number(date.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A positive integer id within the `integer` columns; `message` also covers a missing or zero value. */
export function id(message: string) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(MAX_ID, { error: message });
}

/** Active/Inactive switch of the masters (shell-and-masters §4), on by default. */
export function status() {
  return z.boolean({ error: 'Status must be true or false' }).default(true);
}
