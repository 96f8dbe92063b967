import { describe, expect, it } from 'vitest';
import { daysOverdue, OPS_REPORT_RANGE_MESSAGES, opsReportRangeProblem } from './operations-range.ts';

describe('a report range is at most a year, from before to', () => {
  it('takes a single day and a whole leap year of 366 days', () => {
    expect(opsReportRangeProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(opsReportRangeProblem('2028-01-01', '2028-12-31')).toBeNull();
  });
  it('refuses 367 days', () => {
    expect(opsReportRangeProblem('2026-01-01', '2027-01-02')).toBe(OPS_REPORT_RANGE_MESSAGES.tooLong);
  });
  it('refuses an end before the start', () => {
    expect(opsReportRangeProblem('2026-11-23', '2026-11-22')).toBe(OPS_REPORT_RANGE_MESSAGES.toBeforeFrom);
  });
});

describe('days overdue count from the due date', () => {
  it('is 0 on the due date and before it', () => {
    expect(daysOverdue('2026-03-10', '2026-03-10')).toBe(0);
    expect(daysOverdue('2026-03-10', '2026-03-01')).toBe(0);
  });
  it('is 1 the day after and 31 a month after a 31-day month', () => {
    expect(daysOverdue('2026-03-10', '2026-03-11')).toBe(1);
    expect(daysOverdue('2026-03-10', '2026-04-10')).toBe(31);
  });
  it('counts across a leap day', () => {
    expect(daysOverdue('2028-02-28', '2028-03-01')).toBe(2);
  });
});
