import { describe, expect, it } from 'vitest';
import { formatAmount, formatCount, formatRupeeAmount, formatWeight } from '../format';

describe('amounts of the API on screen', () => {
  it('groups rupees the Indian way with two decimals', () => {
    expect(formatAmount(125000)).toBe('1,25,000.00');
    expect(formatAmount(2500000)).toBe('25,00,000.00');
    expect(formatAmount(0)).toBe('0.00');
  });

  it('keeps paise exact and refuses an amount the API cannot send (more than 2 decimals)', () => {
    expect(formatAmount(4870.75)).toBe('4,870.75');
    expect(formatAmount(0.3)).toBe('0.30');
    expect(() => formatAmount(0.1 + 0.2)).toThrow(/more than 2 decimals/);
  });

  it('writes the currency when asked', () => {
    expect(formatRupeeAmount(6886.5)).toBe('Rs. 6,886.50');
  });
});

describe('weights of the API on screen and paper', () => {
  it('groups grams the Indian way with three decimals', () => {
    expect(formatWeight(4914.551)).toBe('4,914.551');
    expect(formatWeight(125000.5)).toBe('1,25,000.500');
    expect(formatWeight(10.5)).toBe('10.500');
    expect(formatWeight(0)).toBe('0.000');
    expect(formatWeight(-1234.5)).toBe('-1,234.500');
  });

  it('groups counts the same way', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(999)).toBe('999');
  });
});
