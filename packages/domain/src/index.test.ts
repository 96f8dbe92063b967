import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

// The names and shapes the domain package promises to the server, the web app and the outside checker.
const contract = [
  'rupeesToPaise',
  'paiseToRupees',
  'formatIndianNumber',
  'formatRupees',
  'addMonthsClamped',
  'daysBetween',
  'businessToday',
  'formatIndianDate',
  'financialYear',
  'itemValuePaise',
  'pledgeTotals',
  'firstMonthInterestPaise',
  'finalAmountPaise',
  'dueDate',
  'liquidationMonths',
  'chargedMonths',
  'pledgeBalance',
  'validatePayment',
  'paymentTypeForAmount',
  'allocatePayment',
  'paymentStatusLabel',
  'pledgePostings',
  'paymentPostings',
  'assertBalanced',
  'formatVoucherNumber',
  'formatReceiptNumber',
  'formatPledgeNumber',
  'decodeTscii',
  'encodeTscii',
] as const;

const exported = new Map<string, unknown>(Object.entries(domain));

describe('public API of @pledge-desk/domain', () => {
  it.each(contract)('exports %s as a function', (name) => {
    expect(typeof exported.get(name)).toBe('function');
  });

  it('answers the worked examples of money, dates and numbers', () => {
    expect(domain.rupeesToPaise('0.29')).toBe(29);
    expect(domain.formatIndianNumber(123456789)).toBe('12,34,567.89');
    expect(domain.formatIndianNumber(-1234567)).toBe('-12,345.67');
    expect(domain.addMonthsClamped('2026-01-31', 1)).toBe('2026-02-28');
    expect(domain.formatIndianDate('2026-11-22')).toBe('22/11/2026');
    expect(domain.financialYear('2026-03-31')).toBe('2025-26');
    expect([0, 30, 31, 45, 46, 60].map(domain.chargedMonths)).toEqual([1, 1, 1.5, 1.5, 2, 2]);
    expect(domain.formatReceiptNumber('2026-27', 123)).toBe('R/2026-27/000123');
    expect(domain.formatVoucherNumber('Receipt', '2026-27', 1)).toBe('RCT/2026-27/0001');
    expect(domain.formatPledgeNumber('GL', 1)).toBe('GL1');
  });

  it('returns exactly the balance fields of the contract', () => {
    const balance = domain.pledgeBalance(
      {
        loanPaise: 100_000,
        rateBp: 150,
        pledgeDate: '2026-01-01',
        firstMonthInterestPaise: 1_500,
        payments: [],
      },
      '2026-02-16',
    );
    expect(Object.keys(balance).sort()).toEqual(
      [
        'daysElapsed',
        'monthsElapsed',
        'interestDuePaise',
        'interestPaidPaise',
        'remainingInterestPaise',
        'remainingPrincipalPaise',
        'totalOutstandingPaise',
      ].sort(),
    );
    expect(
      Object.keys(domain.pledgeTotals([], { ratePaise: 1, loanAllowedBp: 1, slippageBp: 1 })).sort(),
    ).toEqual(['grossMg', 'netMg', 'itemCount', 'valuationPaise', 'eligibleLoanPaise', 'slippageMg'].sort());
  });
});
