import { MoneyError, parseDecimalToMinor } from './money.ts';

/**
 * Weights and percents at the JSON edge (docs/domain-rules.md §1): grams with at most 3 decimals become
 * integer milligrams, percents with at most 2 decimals become basis points (hundredths of a percent).
 */

export function gramsToMg(grams: number | string): number {
  return parseDecimalToMinor(grams, 3, 'weight');
}

export function mgToGrams(mg: number): number {
  if (!Number.isSafeInteger(mg)) throw new MoneyError(`weight must be whole milligrams, got ${String(mg)}`);
  return mg / 1000;
}

export function percentToBp(percent: number | string): number {
  return parseDecimalToMinor(percent, 2, 'percent');
}

export function bpToPercent(bp: number): number {
  if (!Number.isSafeInteger(bp))
    throw new MoneyError(`percent must be whole basis points, got ${String(bp)}`);
  return bp / 100;
}

/** Formats milligrams as grams with 3 decimals: 12345 -> "12.345". */
export function formatGrams(mg: number): string {
  if (!Number.isSafeInteger(mg)) throw new MoneyError(`weight must be whole milligrams, got ${String(mg)}`);
  const negative = mg < 0;
  const abs = Math.abs(mg);
  const g = Math.floor(abs / 1000);
  const body = `${g}.${String(abs - g * 1000).padStart(3, '0')}`;
  return negative ? `-${body}` : body;
}
