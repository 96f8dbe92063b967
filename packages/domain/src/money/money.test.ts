import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertPaise,
  divFloor,
  divRoundHalfUp,
  formatIndianNumber,
  formatRupees,
  groupIndianDigits,
  MoneyError,
  mulDivRoundHalfUp,
  paiseToRupees,
  roundHalfUp,
  rupeesToPaise,
} from './money.ts';

describe('rupeesToPaise parses decimal text, never multiplies floats (docs/domain-rules.md §1)', () => {
  it.each([
    ['0.29', 29],
    [0.29, 29],
    [1.1, 110],
    [1.005 * 0 + 19.99, 1999],
    ['100', 10000],
    [100, 10000],
    ['12345.6', 1234560],
    ['.5', 50],
    ['5.', 500],
    ['-12.34', -1234],
    [-0, 0],
    ['1.230', 123],
    [' 7.07 ', 707],
    [4.35, 435],
    [1e9, 100000000000],
  ])('%s rupees is %i paise', (input, expected) => {
    expect(rupeesToPaise(input)).toBe(expected);
  });

  it.each([
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [Number.NEGATIVE_INFINITY],
    ['1.234'],
    [1.234],
    [0.001],
    ['abc'],
    [''],
    ['1,000'],
    ['1e3'],
    [1e-7],
    [1e300],
  ])('rejects %s', (input) => {
    expect(() => rupeesToPaise(input)).toThrow(MoneyError);
  });

  it('round-trips every 2-decimal rupee number through paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
        expect(rupeesToPaise(paiseToRupees(paise).toFixed(2))).toBe(paise);
      }),
    );
  });
});

describe('the one paise guard rejects non-integers', () => {
  it.each([[0.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])('rejects %s', (v) => {
    expect(() => assertPaise(v)).toThrow(MoneyError);
  });
  it('accepts integers', () => {
    expect(assertPaise(-5)).toBe(-5);
  });
  it('paiseToRupees refuses fractional paise', () => {
    expect(() => paiseToRupees(1.5)).toThrow(MoneyError);
    expect(paiseToRupees(29)).toBe(0.29);
  });
});

describe('roundHalfUp rounds halves away from zero', () => {
  it.each([
    [2.5, 3],
    [2.4999, 2],
    [-2.5, -3],
    [0.5, 1],
    [-0.4, 0],
    [0.49999999999999994, 0],
    [1.5, 2],
  ])('%s -> %s', (x, y) => {
    expect(roundHalfUp(x)).toBe(y);
  });
  it('divRoundHalfUp is exact at .5', () => {
    expect(divRoundHalfUp(5, 10)).toBe(1);
    expect(divRoundHalfUp(4, 10)).toBe(0);
    expect(divRoundHalfUp(15, 10)).toBe(2);
    expect(divRoundHalfUp(-15, 10)).toBe(-2);
    expect(divRoundHalfUp(14999, 10000)).toBe(1);
    expect(divRoundHalfUp(15000, 10000)).toBe(2);
  });
  it('mulDivRoundHalfUp refuses fractional factors', () => {
    expect(() => mulDivRoundHalfUp([1.5, 2], 1)).toThrow(MoneyError);
  });
  it('mulDivRoundHalfUp stays exact past 2^53', () => {
    // 9007199254740993 * 3 / 3 would lose the last digit in doubles
    expect(mulDivRoundHalfUp([3_000_000_000_001, 3000, 2], 6000)).toBe(3_000_000_000_001);
  });
  it('divFloor is exact where Math.floor(n / d) would round up', () => {
    // 9007199254740991 / 10000 = 900719925474.0991 exactly; n − 1 just below a multiple stays below
    expect(divFloor(9_007_199_254_740_000 - 1, 10_000)).toBe(900_719_925_473);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1e6 }),
        (n, d) => {
          expect(divFloor(n, d)).toBe(Number(BigInt(n) / BigInt(d)));
        },
      ),
    );
  });
  it('divRoundHalfUp matches the BigInt reference', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 1, max: 1e6 }),
        (n, d) => {
          const bn = BigInt(Math.abs(n));
          const bd = BigInt(d);
          let q = bn / bd;
          if (2n * (bn % bd) >= bd) q += 1n;
          const expected = Number(n < 0 ? -q : q);
          expect(divRoundHalfUp(n, d)).toBe(expected === 0 ? 0 : expected);
        },
      ),
    );
  });
});

describe('Indian digit grouping (docs/domain-rules.md §1.4)', () => {
  it.each([
    [123456789, '12,34,567.89'],
    [-1234567, '-12,345.67'],
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [99999, '999.99'],
    [100000, '1,000.00'],
    [10000000, '1,00,000.00'],
    [1000000000, '1,00,00,000.00'],
    [123456789012, '1,23,45,67,890.12'],
  ])('%i paise -> %s', (paise, text) => {
    expect(formatIndianNumber(paise)).toBe(text);
  });
  it('groups like en-IN', () => {
    const nf = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (paise) => {
        expect(formatIndianNumber(paise)).toBe(nf.format(paise / 100));
      }),
    );
  });
  it('groupIndianDigits', () => {
    expect(groupIndianDigits('1234567')).toBe('12,34,567');
    expect(groupIndianDigits('123')).toBe('123');
    expect(groupIndianDigits('1234')).toBe('1,234');
  });
  it('formatRupees prefixes Rs. by default or the rupee sign', () => {
    expect(formatRupees(123456789)).toBe('Rs. 12,34,567.89');
    expect(formatRupees(150000, '₹')).toBe('₹1,500.00');
    expect(formatRupees(-1250)).toBe('-Rs. 12.50');
  });
  it('refuses fractional paise', () => {
    expect(() => formatIndianNumber(1.5)).toThrow(MoneyError);
  });
});
