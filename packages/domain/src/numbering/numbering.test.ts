import { describe, expect, it } from 'vitest';
import {
  formatPledgeNumber,
  formatReceiptNumber,
  formatVoucherNumber,
  parseReceiptNumber,
  parseVoucherNumber,
  receiptNumberShape,
  voucherCode,
  voucherNumberShape,
} from './numbering.ts';

describe('voucher numbers RCT/2026-27/0001 (docs/domain-rules.md §5)', () => {
  it.each([
    ['Receipt', 1, 'RCT/2026-27/0001'],
    ['Payment', 42, 'PMT/2026-27/0042'],
    ['Journal', 9999, 'JV/2026-27/9999'],
    ['Contra', 10000, 'CNT/2026-27/10000'],
    ['RCT', 7, 'RCT/2026-27/0007'],
    ['jv', 3, 'JV/2026-27/0003'],
  ])('%s number %i is %s', (type, n, text) => {
    expect(formatVoucherNumber(type, '2026-27', n)).toBe(text);
    expect(parseVoucherNumber(text)).toEqual({ code: voucherCode(type), financialYear: '2026-27', n });
  });
  it('rejects unknown types, bad years and numbers below 1', () => {
    expect(() => formatVoucherNumber('Sales', '2026-27', 1)).toThrow(RangeError);
    expect(() => formatVoucherNumber('Receipt', '2026-28', 1)).toThrow(RangeError);
    expect(() => formatVoucherNumber('Receipt', '2026-27', 0)).toThrow(RangeError);
    expect(() => formatVoucherNumber('Receipt', '2026-27', 1.5)).toThrow(RangeError);
  });
  it('accepts the century turn', () => {
    expect(formatVoucherNumber('Receipt', '2099-00', 1)).toBe('RCT/2099-00/0001');
  });
});

describe('receipt numbers R/2026-27/000123 (docs/domain-rules.md §5)', () => {
  it('pads to 6 digits', () => {
    expect(formatReceiptNumber('2026-27', 123)).toBe('R/2026-27/000123');
    expect(formatReceiptNumber('2025-26', 1_234_567)).toBe('R/2025-26/1234567');
    expect(parseReceiptNumber('R/2026-27/000123')).toEqual({ financialYear: '2026-27', n: 123 });
    expect(parseReceiptNumber('MANUAL-1')).toBeUndefined();
  });
});

describe('pledge numbers GL1 (docs/domain-rules.md §5)', () => {
  it('joins prefix and number without padding', () => {
    expect(formatPledgeNumber('GL', 1)).toBe('GL1');
    expect(formatPledgeNumber('SL', 120)).toBe('SL120');
    expect(() => formatPledgeNumber('', 1)).toThrow(RangeError);
    expect(() => formatPledgeNumber('GL', 0)).toThrow(RangeError);
  });
});

describe('a running number printed from its shape', () => {
  // The numbering statement's `prefix || lpad(n::text, greatest(width, length(n::text)), '0')`.
  const fromShape = (shape: { prefix: string; width: number }, n: number) =>
    shape.prefix + String(n).padStart(Math.max(shape.width, String(n).length), '0');

  it('is the receipt number: zeros up to 6 digits, more digits past 999999', () => {
    for (const n of [1, 42, 999_999, 1_000_000, 12_345_678]) {
      expect(fromShape(receiptNumberShape('2026-27'), n)).toBe(formatReceiptNumber('2026-27', n));
    }
    expect(formatReceiptNumber('2026-27', 1_000_000)).toBe('R/2026-27/1000000');
  });

  it('is the voucher number: its type code, zeros up to 4 digits', () => {
    for (const n of [1, 9_999, 10_000]) {
      expect(fromShape(voucherNumberShape('Receipt', '2026-27'), n)).toBe(
        formatVoucherNumber('Receipt', '2026-27', n),
      );
    }
    expect(voucherNumberShape('RCT', '2026-27')).toEqual({ prefix: 'RCT/2026-27/', width: 4 });
  });

  it('refuses a financial year that is not one', () => {
    expect(() => receiptNumberShape('2026-28')).toThrow(RangeError);
    expect(() => voucherNumberShape('Receipt', '26-27')).toThrow(RangeError);
  });
});
