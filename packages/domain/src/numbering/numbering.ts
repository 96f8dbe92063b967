/**
 * Pledge, receipt and voucher numbers (docs/domain-rules.md §5). The counters live in the database; these
 * functions only format (and parse) the numbers, so server and screens print them the same way.
 */

export const VOUCHER_TYPES = ['Receipt', 'Payment', 'Journal', 'Contra'] as const;
export type VoucherType = (typeof VOUCHER_TYPES)[number];

export const VOUCHER_CODES: Record<VoucherType, string> = {
  Receipt: 'RCT',
  Payment: 'PMT',
  Journal: 'JV',
  Contra: 'CNT',
};
export type VoucherCode = 'RCT' | 'PMT' | 'JV' | 'CNT';

const FY_RE = /^(\d{4})-(\d{2})$/;

function assertFinancialYear(fy: string): void {
  const m = FY_RE.exec(fy);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) {
    throw new RangeError(`financial year must look like 2026-27, got ${JSON.stringify(fy)}`);
  }
}

function assertRunningNumber(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1)
    throw new RangeError(`running number must be 1 or more, got ${String(n)}`);
}

/** Voucher code for a type name or a code (case-insensitive): 'Receipt' or 'RCT' -> 'RCT'. */
export function voucherCode(type: string): VoucherCode {
  const t = type.trim().toLowerCase();
  for (const name of VOUCHER_TYPES) {
    const code = VOUCHER_CODES[name];
    if (t === name.toLowerCase() || t === code.toLowerCase()) return code as VoucherCode;
  }
  throw new RangeError(`unknown voucher type ${JSON.stringify(type)}`);
}

/**
 * A running number's printed shape: the prefix, then the number with zeros in front up to `width`
 * digits (more digits when it has more). What the database's numbering statement writes as
 * `prefix || lpad(n::text, greatest(width, length(n::text)), '0')` (receipt.service.ts), and what
 * the formatters below print.
 */
export interface NumberShape {
  prefix: string;
  width: number;
}

/** The shape of `RCT/2026-27/0001`: per company, voucher type and financial year; at least 4 digits. */
export function voucherNumberShape(type: string, financialYear: string): NumberShape {
  assertFinancialYear(financialYear);
  return { prefix: `${voucherCode(type)}/${financialYear}/`, width: 4 };
}

/** The shape of `R/2026-27/000123`: per company and financial year; at least 6 digits. */
export function receiptNumberShape(financialYear: string): NumberShape {
  assertFinancialYear(financialYear);
  return { prefix: `R/${financialYear}/`, width: 6 };
}

function formatShaped(shape: NumberShape, n: number): string {
  assertRunningNumber(n);
  return `${shape.prefix}${String(n).padStart(shape.width, '0')}`;
}

/** `RCT/2026-27/0001`: per company, voucher type and financial year; at least 4 digits. */
export function formatVoucherNumber(type: string, financialYear: string, n: number): string {
  return formatShaped(voucherNumberShape(type, financialYear), n);
}

/** `R/2026-27/000123`: per company and financial year; at least 6 digits. */
export function formatReceiptNumber(financialYear: string, n: number): string {
  return formatShaped(receiptNumberShape(financialYear), n);
}

/** `GL1`: the scheme prefix and a running number per company and prefix, no padding. */
export function formatPledgeNumber(prefix: string, n: number): string {
  assertRunningNumber(n);
  const p = prefix.trim();
  if (p === '') throw new RangeError('pledge number prefix is required');
  return `${p}${n}`;
}

/** Reads `RCT/2026-27/0001` back; undefined when it is not a voucher number. */
export function parseVoucherNumber(
  text: string,
): { code: VoucherCode; financialYear: string; n: number } | undefined {
  const m = /^(RCT|PMT|JV|CNT)\/(\d{4}-\d{2})\/(\d{4,})$/.exec(text);
  if (!m) return undefined;
  return { code: m[1] as VoucherCode, financialYear: m[2]!, n: Number(m[3]) };
}

/** Reads `R/2026-27/000123` back; undefined for a typed-in receipt number of another shape. */
export function parseReceiptNumber(text: string): { financialYear: string; n: number } | undefined {
  const m = /^R\/(\d{4}-\d{2})\/(\d{6,})$/.exec(text);
  if (!m) return undefined;
  return { financialYear: m[1]!, n: Number(m[2]) };
}
