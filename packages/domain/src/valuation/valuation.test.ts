import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dueDate,
  eligibleLoanPaise,
  finalAmountPaise,
  firstMonthInterestPaise,
  formatLiquidationDuration,
  itemValuePaise,
  liquidationMonths,
  pledgeQuote,
  pledgeTotals,
  validatePledgeAmounts,
} from './valuation.ts';

describe('item valuation = roundHalfUp(net mg × rate per gram / 1000) (docs/domain-rules.md §2)', () => {
  it.each([
    [10_000, 650_000, 6_500_000], // 10 g at Rs. 6,500 = Rs. 65,000
    [12_345, 650_000, 8_024_250], // 12.345 g
    [1, 650_000, 650], // 1 mg
    [1, 50, 0], // 0.05 paise rounds down
    [10, 50, 1], // exactly 0.5 paise rounds up
    [3, 50, 0], // 0.15
    [0, 650_000, 0],
  ])('%i mg at %i paise/g is %i paise', (mg, rate, value) => {
    expect(itemValuePaise(mg, rate)).toBe(value);
  });
  it('rejects fractional mg', () => {
    expect(() => itemValuePaise(1.5, 100)).toThrow(RangeError);
  });
});

describe('pledge totals (docs/domain-rules.md §2)', () => {
  const terms = { ratePaise: 650_000, loanAllowedBp: 7500, slippageBp: 250 };
  it('sums weights and item values, floors the eligible loan, rounds slippage half up', () => {
    const totals = pledgeTotals(
      [
        { grossWeightMg: 10_500, netWeightMg: 10_000 },
        { grossWeightMg: 5_333, netWeightMg: 5_001 },
      ],
      terms,
    );
    // 10 g -> 65,000.00; 5.001 g -> 32,506.50; total 97,506.50
    expect(totals).toEqual({
      grossMg: 15_833,
      netMg: 15_001,
      itemCount: 2,
      valuationPaise: 9_750_650,
      eligibleLoanPaise: 7_312_987, // 75% of 97,506.50 = 73,129.875 -> floor 73,129.87
      slippageMg: 396, // 2.5% of 15.833 g = 0.395825 g -> 0.396 g
    });
  });
  it('accepts grossMg/netMg as short names for the item weights', () => {
    expect(pledgeTotals([{ grossMg: 10_500, netMg: 10_000 }], terms)).toEqual(
      pledgeTotals([{ grossWeightMg: 10_500, netWeightMg: 10_000 }], terms),
    );
  });
  it('is all zero for no items', () => {
    expect(pledgeTotals([], terms)).toEqual({
      grossMg: 0,
      netMg: 0,
      itemCount: 0,
      valuationPaise: 0,
      eligibleLoanPaise: 0,
      slippageMg: 0,
    });
  });
  it('never gives an eligible loan above the cap (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 10000 }), (valuation, bp) => {
        const eligible = eligibleLoanPaise(valuation, bp);
        expect(eligible * 10000).toBeLessThanOrEqual(valuation * bp);
        expect((eligible + 1) * 10000).toBeGreaterThan(valuation * bp);
      }),
    );
  });
});

describe('first month interest = roundHalfUp(loan × rate) (docs/domain-rules.md §2)', () => {
  it.each([
    [10_000_000, 150, 150_000],
    [1_000_100, 150, 15_002], // 15,001.5 paise rounds up
    [1_234_567, 125, 15_432], // 15,432.0875
    [5_000_000, 0, 0],
  ])('%i paise at %i bp is %i', (loan, bp, fmi) => {
    expect(firstMonthInterestPaise(loan, bp)).toBe(fmi);
  });
});

describe('final amount = loan − first month interest − document charges (docs/domain-rules.md §2)', () => {
  it('subtracts', () => {
    expect(finalAmountPaise(10_000_000, 150_000, 10_000)).toBe(9_840_000);
    expect(finalAmountPaise(10_000, 150, 10_000)).toBe(-150);
  });
  it('validatePledgeAmounts wants the final amount above 0 and the loan within the eligible loan', () => {
    expect(
      validatePledgeAmounts({
        loanPaise: 10_000_000,
        eligibleLoanPaise: 10_000_000,
        firstMonthInterestPaise: 150_000,
        documentChargesPaise: 10_000,
      }),
    ).toEqual([]);
    expect(
      validatePledgeAmounts({
        loanPaise: 10_000,
        eligibleLoanPaise: 10_000,
        firstMonthInterestPaise: 150,
        documentChargesPaise: 10_000,
      }).map((e) => e.field),
    ).toEqual(['final_amount']);
    expect(
      validatePledgeAmounts({
        loanPaise: 7_312_988,
        eligibleLoanPaise: 7_312_987,
        firstMonthInterestPaise: 0,
        documentChargesPaise: 0,
      }),
    ).toEqual([
      { field: 'total_loan_amount', message: 'Loan amount cannot exceed the eligible loan of Rs. 73,129.87' },
    ]);
    expect(
      validatePledgeAmounts({
        loanPaise: 0,
        eligibleLoanPaise: 0,
        firstMonthInterestPaise: 0,
        documentChargesPaise: -1,
      }).map((e) => e.field),
    ).toEqual(['total_loan_amount', 'document_charges']);
  });
});

describe('due date = pledge date + duration months, clamped (docs/domain-rules.md §2)', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2026-11-22', 12, '2027-11-22'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2027-08-31', 6, '2028-02-29'],
  ])('%s + %i months = %s', (date, months, due) => {
    expect(dueDate(date, months)).toBe(due);
  });
});

describe('liquidation duration = ceil((valuation − loan) / monthly interest) (docs/domain-rules.md §2)', () => {
  it.each([
    [9_750_650, 7_000_000, 105_000, 27], // 2,750,650 / 105,000 = 26.19 -> 27
    [10_000_000, 7_000_000, 100_000, 30], // exactly 30
    [10_000_000, 10_000_000, 100_000, 0], // valuation not above loan
    [10_000_000, 11_000_000, 100_000, 0],
    [10_000_000, 7_000_000, 0, 0], // no interest
  ])('valuation %i, loan %i, interest %i -> %i months', (valuation, loan, interest, months) => {
    expect(liquidationMonths(valuation, loan, interest)).toBe(months);
  });
  it.each([
    [0, '0 months'],
    [1, '1 month'],
    [12, '12 months'],
    [13, '1 year 1 month'],
    [27, '2 years 3 months'],
    [24, '2 years 0 months'],
  ])('%i months shows as %s', (months, text) => {
    expect(formatLiquidationDuration(months)).toBe(text);
  });
});

describe('pledge quote puts the rules together', () => {
  it('for a 10 g pledge at Rs. 6,500/g, 75%, 1.5%, 12 months', () => {
    const q = pledgeQuote({
      items: [{ grossWeightMg: 10_200, netWeightMg: 10_000 }],
      terms: {
        ratePaise: 650_000,
        loanAllowedBp: 7500,
        slippageBp: 0,
        interestRateBp: 150,
        durationMonths: 12,
      },
      loanPaise: 4_875_000,
      documentChargesPaise: 10_000,
      pledgeDate: '2026-11-22',
    });
    expect(q).toMatchObject({
      valuationPaise: 6_500_000,
      eligibleLoanPaise: 4_875_000,
      firstMonthInterestPaise: 73_125,
      finalAmountPaise: 4_791_875,
      dueDate: '2027-11-22',
      liquidationMonths: 23, // 16,25,000 / 73,125 = 22.2
    });
  });
});
