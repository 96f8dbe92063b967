import { describe, expect, it } from 'vitest';
import { addDays } from '../dates/dates.ts';
import {
  dayOfWeek,
  END_OF_PLEDGE_DEFAULTS,
  earliestSaleDate,
  isOverdue,
  isReleaseOverdue,
  mayBeSold,
  surplusDeliveryDueDate,
  surplusDepositDueDate,
  workingDaysBetween,
} from './rules.ts';

describe('overdue: past the due date plus the grace period', () => {
  it('with no grace, the day after the due date is overdue and the due date is not', () => {
    expect(isOverdue('2026-11-10', 0, '2026-11-10')).toBe(false);
    expect(isOverdue('2026-11-10', 0, '2026-11-11')).toBe(true);
  });

  it('a grace of 7 days moves it a week', () => {
    expect(isOverdue('2026-11-10', 7, '2026-11-17')).toBe(false);
    expect(isOverdue('2026-11-10', 7, '2026-11-18')).toBe(true);
  });

  it('refuses a negative or fractional grace period', () => {
    expect(() => isOverdue('2026-11-10', -1, '2026-11-18')).toThrow(/grace period/);
    expect(() => isOverdue('2026-11-10', 1.5, '2026-11-18')).toThrow(/grace period/);
  });
});

describe('notice before sale (s. 12, Rule 12): no sale before the notice period has passed', () => {
  it('a notice sent on 1 Nov with 30 days allows a sale from 1 Dec', () => {
    expect(earliestSaleDate('2026-11-01', 30)).toBe('2026-12-01');
    expect(mayBeSold('2026-11-01', 30, '2026-11-30')).toBe(false);
    expect(mayBeSold('2026-11-01', 30, '2026-12-01')).toBe(true);
  });
});

describe('the surplus (s. 12): to the pawner within 30 days, deposited with the Government after 6 months', () => {
  it('counts 30 days for delivery and 6 calendar months, clamped, for the deposit', () => {
    expect(surplusDeliveryDueDate('2026-08-31', END_OF_PLEDGE_DEFAULTS.surplusDeliveryDays)).toBe(
      '2026-09-30',
    );
    expect(surplusDepositDueDate('2026-08-31', END_OF_PLEDGE_DEFAULTS.surplusHoldMonths)).toBe('2027-02-28');
    expect(surplusDepositDueDate('2027-08-31', 6)).toBe('2028-02-29');
  });
});

describe('working days: every day but Sundays and holidays', () => {
  it('knows the weekday (22 Nov 2026 is a Sunday)', () => {
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(dayOfWeek('2026-11-23')).toBe(1);
    expect(dayOfWeek('1970-01-01')).toBe(4);
    expect(dayOfWeek('1969-12-28')).toBe(0);
  });

  it('a pledge closed on Saturday has waited one working day on Monday', () => {
    expect(workingDaysBetween('2026-11-21', '2026-11-23')).toBe(1);
  });

  it('a week is six working days, less a holiday that is not a Sunday', () => {
    expect(workingDaysBetween('2026-11-16', '2026-11-23')).toBe(6);
    expect(workingDaysBetween('2026-11-16', '2026-11-23', new Set(['2026-11-18']))).toBe(5);
    expect(workingDaysBetween('2026-11-16', '2026-11-23', new Set(['2026-11-22']))).toBe(6);
    expect(workingDaysBetween('2026-11-23', '2026-11-16')).toBe(0);
  });

  it('agrees with counting day by day over many ranges', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    const holidays = new Set([
      '2026-01-14',
      '2026-01-26',
      '2026-04-14',
      '2026-08-15',
      '2026-10-02',
      '2026-11-08',
    ]);
    for (let i = 0; i < 300; i++) {
      const from = addDays('2025-12-01', next() % 400);
      const to = addDays(from, next() % 120);
      let expected = 0;
      for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) {
        if (dayOfWeek(d) !== 0 && !holidays.has(d)) expected++;
      }
      expect(workingDaysBetween(from, to, holidays), `${from} → ${to}`).toBe(expected);
    }
  });

  it('flags a closed pledge whose articles have waited more than 7 working days', () => {
    // Closed Monday 2 Nov: Tue 3 … Sat 7 are 5, Mon 9 the 6th, Tue 10 the 7th, Wed 11 the 8th.
    expect(isReleaseOverdue('2026-11-02', '2026-11-10', 7)).toBe(false);
    expect(isReleaseOverdue('2026-11-02', '2026-11-11', 7)).toBe(true);
  });
});
