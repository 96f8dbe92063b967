import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonthsClamped,
  businessToday,
  DateError,
  daysBetween,
  financialYear,
  formatIndianDate,
  fromEpochDay,
  isPlainDate,
  parseIndianDate,
  toEpochDay,
} from './dates.ts';

describe('due dates add calendar months clamped to the month end (docs/domain-rules.md §2)', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-12-31', 12, '2027-12-31'],
    ['2026-05-31', -3, '2026-02-28'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2024-02-29', 12, '2025-02-28'],
    ['2026-01-01', 0, '2026-01-01'],
  ])('%s + %i months = %s', (from, months, to) => {
    expect(addMonthsClamped(from, months)).toBe(to);
  });
  it('rejects fractional months and bad dates', () => {
    expect(() => addMonthsClamped('2026-01-01', 1.5)).toThrow(DateError);
    expect(() => addMonthsClamped('2026-02-30', 1)).toThrow(DateError);
  });
});

describe('daysBetween counts whole calendar days', () => {
  it.each([
    ['2026-01-01', '2026-01-31', 30],
    ['2026-01-01', '2026-01-01', 0],
    ['2026-02-01', '2026-03-01', 28],
    ['2028-02-01', '2028-03-01', 29],
    ['2026-12-31', '2027-01-01', 1],
    ['2026-03-10', '2026-03-01', -9],
    ['2000-01-01', '2026-01-01', 9497],
  ])('%s to %s is %i days', (a, b, d) => {
    expect(daysBetween(a, b)).toBe(d);
  });
  it('agrees with Date.UTC', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200000, max: 200000 }), (n) => {
        const iso = new Date(n * 86400000).toISOString().slice(0, 10);
        expect(toEpochDay(iso)).toBe(n);
        expect(fromEpochDay(n)).toBe(iso);
      }),
    );
  });
  it('addDays', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('business today is the day in the company time zone (docs/domain-rules.md §1.3)', () => {
  it('at 00:30 IST it is already the new day while UTC is still yesterday', () => {
    const now = new Date('2026-11-21T19:00:00Z'); // 00:30 IST on 22 Nov
    expect(businessToday(undefined, now)).toBe('2026-11-22');
    expect(businessToday('UTC', now)).toBe('2026-11-21');
  });
  it('at 23:59 IST it is still that day', () => {
    expect(businessToday('Asia/Kolkata', new Date('2026-11-22T18:29:00Z'))).toBe('2026-11-22');
    expect(businessToday('Asia/Kolkata', new Date('2026-11-22T18:30:00Z'))).toBe('2026-11-23');
  });
  it('defaults to now', () => {
    expect(isPlainDate(businessToday())).toBe(true);
  });
});

describe('Indian date display DD/MM/YYYY (docs/domain-rules.md §1.4)', () => {
  it('formats and parses', () => {
    expect(formatIndianDate('2026-11-22')).toBe('22/11/2026');
    expect(formatIndianDate('2026-01-05')).toBe('05/01/2026');
    expect(parseIndianDate('05/01/2026')).toBe('2026-01-05');
    expect(() => parseIndianDate('31/02/2026')).toThrow(DateError);
    expect(() => formatIndianDate('22/11/2026')).toThrow(DateError);
  });
  it('validates calendar dates', () => {
    expect(isPlainDate('2028-02-29')).toBe(true);
    expect(isPlainDate('2026-02-29')).toBe(false);
    expect(isPlainDate('2026-13-01')).toBe(false);
    expect(isPlainDate('2026-1-01')).toBe(false);
  });
});

describe('financial year runs 1 April to 31 March (docs/domain-rules.md §1.3)', () => {
  it.each([
    ['2026-03-31', '2025-26'],
    ['2026-04-01', '2026-27'],
    ['2027-01-15', '2026-27'],
    ['1999-12-31', '1999-00'],
    ['2099-04-01', '2099-00'],
  ])('%s is in %s', (date, fy) => {
    expect(financialYear(date)).toBe(fy);
  });
});
