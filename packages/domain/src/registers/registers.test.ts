import { describe, expect, it } from 'vitest';
import { PLEDGE_BOOK_ENTRIES_PER_PAGE, pledgeBookPage, registerRangeProblem } from './registers.ts';

describe('pledge book pages stay fixed once printed', () => {
  it('puts ten entries on a page', () => {
    expect(PLEDGE_BOOK_ENTRIES_PER_PAGE).toBe(10);
  });
  it('puts serials 1 to 10 on page 1 and 11 on page 2', () => {
    expect(pledgeBookPage(1)).toBe(1);
    expect(pledgeBookPage(10)).toBe(1);
    expect(pledgeBookPage(11)).toBe(2);
    expect(pledgeBookPage(100_000)).toBe(10_000);
  });
  it('refuses a serial that is not a positive whole number', () => {
    expect(() => pledgeBookPage(0)).toThrow(RangeError);
    expect(() => pledgeBookPage(1.5)).toThrow(RangeError);
  });
});

describe('a register reads at most a year at once', () => {
  it('takes one day and a full leap year', () => {
    expect(registerRangeProblem('2026-04-01', '2026-04-01')).toBeNull();
    expect(registerRangeProblem('2024-01-01', '2024-12-31')).toBeNull();
  });
  it('refuses 367 days', () => {
    expect(registerRangeProblem('2024-01-01', '2025-01-01')).toMatch(/at most 366 days/);
  });
  it('refuses a start after the end', () => {
    expect(registerRangeProblem('2026-04-02', '2026-04-01')).toMatch(/must not be after/);
  });
  it('refuses a date that does not exist', () => {
    expect(registerRangeProblem('2026-02-30', '2026-03-01')).toMatch(/YYYY-MM-DD/);
  });
});
