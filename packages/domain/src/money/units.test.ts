import { describe, expect, it } from 'vitest';
import { MoneyError } from './money.ts';
import { bpToPercent, formatGrams, gramsToMg, mgToGrams, percentToBp } from './units.ts';

describe('weights in integer mg and percents in basis points (docs/domain-rules.md §1)', () => {
  it('grams with up to 3 decimals become mg', () => {
    expect(gramsToMg(12.345)).toBe(12345);
    expect(gramsToMg('0.001')).toBe(1);
    expect(gramsToMg(8)).toBe(8000);
    expect(() => gramsToMg(1.2345)).toThrow(MoneyError);
    expect(mgToGrams(12345)).toBe(12.345);
  });
  it('percents with up to 2 decimals become basis points', () => {
    expect(percentToBp(1.5)).toBe(150);
    expect(percentToBp('75')).toBe(7500);
    expect(percentToBp(0.29)).toBe(29);
    expect(() => percentToBp(1.555)).toThrow(MoneyError);
    expect(bpToPercent(150)).toBe(1.5);
  });
  it('formats grams with 3 decimals', () => {
    expect(formatGrams(12345)).toBe('12.345');
    expect(formatGrams(5)).toBe('0.005');
  });
});
