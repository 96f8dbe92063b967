import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatCompactRupees,
  formatCount,
  formatGramsFigure,
  formatInstantDate,
  formatRupeeAmount,
  formatWeight,
} from '../format';

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
    expect(formatGramsFigure(4914.551)).toBe('4,914.551');
    expect(formatGramsFigure(125000.5)).toBe('1,25,000.500');
    expect(formatGramsFigure(10.5)).toBe('10.500');
    expect(formatGramsFigure(0)).toBe('0.000');
    expect(formatGramsFigure(-1234.5)).toBe('-1,234.500');
  });

  it('groups counts the same way', () => {
    expect(formatCount(123456)).toBe('1,23,456');
    expect(formatCount(999)).toBe('999');
  });
});

describe("weights and short amounts in the reader's language", () => {
  it('writes the gram as g in English and கி in Tamil', () => {
    expect(formatWeight(12.5)).toBe('12.500 g');
    expect(formatWeight(10.25, 'en')).toBe('10.250 g');
    expect(formatWeight(10.25, 'ta')).toBe('10.250 கி');
  });

  it('shortens an axis amount in lakh and crore, not thousands and millions', () => {
    expect(formatCompactRupees(260000, 'en')).toBe('2.6L');
    expect(formatCompactRupees(2600000, 'en')).toBe('26L');
    expect(formatCompactRupees(26000000, 'en')).toBe('2.6Cr');
    expect(formatCompactRupees(0, 'en')).toBe('0');
    expect(formatCompactRupees(260000, 'ta')).toBe('2.6 லட்சம்');
    expect(formatCompactRupees(2600000, 'ta')).toBe('26 லட்சம்');
    expect(formatCompactRupees(26000000, 'ta')).toBe('2.6 கோடி');
    expect(formatCompactRupees(12500, 'ta')).toBe('12.5 ஆயிரம்');
    expect(formatCompactRupees(800, 'ta')).toBe('800');
    expect(formatCompactRupees(0, 'ta')).toBe('0');
  });
});

describe('an instant of the API as a date', () => {
  it('is DD/MM/YYYY on the business day of India, never a month name', () => {
    expect(formatInstantDate('2026-11-28T10:00:00Z')).toBe('28/11/2026');
    // 20:00 UTC is 01:30 the next morning in India.
    expect(formatInstantDate('2026-11-28T20:00:00Z')).toBe('29/11/2026');
    expect(formatInstantDate(null)).toBe('—');
    expect(formatInstantDate('not a date')).toBe('—');
  });
});
