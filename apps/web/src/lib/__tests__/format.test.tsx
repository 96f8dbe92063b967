import { describe, expect, it } from 'vitest';
import { formatAmount, formatInstantDate, formatRupeeAmount } from '../format';

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

describe('an instant of the API as a date', () => {
  it('is DD/MM/YYYY on the business day of India, never a month name', () => {
    expect(formatInstantDate('2026-11-28T10:00:00Z')).toBe('28/11/2026');
    // 20:00 UTC is 01:30 the next morning in India.
    expect(formatInstantDate('2026-11-28T20:00:00Z')).toBe('29/11/2026');
    expect(formatInstantDate(null)).toBe('—');
    expect(formatInstantDate('not a date')).toBe('—');
  });
});
