import type { VoucherLine } from './postings.ts';

// Building blocks of the posting functions (postings.ts, end-of-pledge/postings.ts); not exported from
// the package root, so generic names like `debit` do not crowd it.

export function debit<A extends string>(accountCode: A, paise: number): VoucherLine<A> {
  return { accountCode, debitPaise: paise, creditPaise: 0 };
}
export function credit<A extends string>(accountCode: A, paise: number): VoucherLine<A> {
  return { accountCode, debitPaise: 0, creditPaise: paise };
}

export function assertAmount(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative whole number of paise, got ${String(value)}`);
  }
}

export function isNonZero(line: VoucherLine): boolean {
  return line.debitPaise !== 0 || line.creditPaise !== 0;
}
