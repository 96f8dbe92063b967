import { describe, expect, it } from 'vitest';
import {
  BANK_REPLEDGE_MESSAGES,
  daysAtBank,
  repledgeDateProblem,
  repledgeRefusal,
  returnDateProblem,
} from './bank-repledge.ts';
import { bankRepledgePostings, bankReturnPostings } from './postings.ts';

describe('repledgeRefusal: only an open, active pledge not already at a bank goes to a bank', () => {
  it.each([
    [{ closedDate: null, status: 'active', atBank: false }, undefined],
    [{ closedDate: '2026-03-01', status: 'inactive', atBank: false }, 'closed'],
    [{ closedDate: null, status: 'inactive', atBank: false }, 'inactive'],
    [{ closedDate: null, status: 'active', atBank: true }, 'alreadyAtBank'],
  ] as const)('%o → %s', (pledge, refusal) => {
    expect(repledgeRefusal(pledge)).toBe(refusal);
  });
});

describe('repledgeDateProblem: not after today, not before the pledge date', () => {
  it('accepts the pledge date and today', () => {
    expect(repledgeDateProblem('2026-01-10', '2026-03-01', '2026-01-10')).toBeUndefined();
    expect(repledgeDateProblem('2026-03-01', '2026-03-01', '2026-01-10')).toBeUndefined();
  });
  it('refuses tomorrow and the day before the pledge', () => {
    expect(repledgeDateProblem('2026-03-02', '2026-03-01', '2026-01-10')).toBe(
      BANK_REPLEDGE_MESSAGES.pledgedOnFuture,
    );
    expect(repledgeDateProblem('2026-01-09', '2026-03-01', '2026-01-10')).toBe(
      BANK_REPLEDGE_MESSAGES.pledgedOnBeforePledge,
    );
  });
});

describe('returnDateProblem: not after today, not before the day the articles went', () => {
  it('accepts the same day', () => {
    expect(returnDateProblem('2026-02-01', '2026-03-01', '2026-02-01')).toBeUndefined();
  });
  it('refuses a day before they went, and a future day', () => {
    expect(returnDateProblem('2026-01-31', '2026-03-01', '2026-02-01')).toBe(
      BANK_REPLEDGE_MESSAGES.returnedOnBeforePledged('2026-02-01'),
    );
    expect(returnDateProblem('2026-03-02', '2026-03-01', '2026-02-01')).toBe(
      BANK_REPLEDGE_MESSAGES.returnedOnFuture,
    );
  });
});

describe('daysAtBank: to the return, or to the day asked while still there', () => {
  it('counts calendar days', () => {
    expect(daysAtBank('2026-02-01', null, '2026-02-01')).toBe(0);
    expect(daysAtBank('2026-02-01', null, '2026-03-01')).toBe(28);
    expect(daysAtBank('2026-02-01', '2026-02-11', '2026-03-01')).toBe(10);
  });
  it('is never negative (a day asked before the articles went)', () => {
    expect(daysAtBank('2026-02-01', null, '2026-01-01')).toBe(0);
  });
});

describe('the re-pledge and its return balance and leave 2200 at 0 (docs/domain-rules.md §6.2)', () => {
  it('Dr 1190 / Cr 2200, then Dr 2200 + Dr 5300 / Cr 1190', () => {
    const out = bankRepledgePostings(5_000_000, 'bank');
    const back = bankReturnPostings({ borrowedPaise: 5_000_000, bankInterestPaise: 75_000 }, 'cash');
    const on2200 = [...out, ...back]
      .filter((l) => l.accountCode === '2200')
      .reduce((s, l) => s + l.debitPaise - l.creditPaise, 0);
    expect(on2200).toBe(0);
    expect(back.find((l) => l.accountCode === '1000')?.creditPaise).toBe(5_075_000);
  });
});
