import { describe, expect, it } from 'vitest';
import { pledgeFigureMismatches } from './pledge-check.ts';
import { pledgeQuote } from './valuation.ts';

describe('the server recomputes a pledge and names each figure that differs (docs/domain-rules.md, introduction and §2.3)', () => {
  const quote = pledgeQuote({
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
  it('accepts figures that match', () => {
    expect(
      pledgeFigureMismatches(
        {
          due_date: '2027-11-22',
          first_month_interest: 731.25,
          final_amount: 47918.75,
          items: [{ net_weight: 10, net_value: 65000 }],
        },
        quote,
        650_000,
      ),
    ).toEqual([]);
  });
  it('accepts a request that leaves the figures out', () => {
    expect(pledgeFigureMismatches({ items: [{ net_weight: 10 }] }, quote, 650_000)).toEqual([]);
  });
  it('names every figure that differs', () => {
    expect(
      pledgeFigureMismatches(
        {
          due_date: '2027-11-21',
          first_month_interest: 731.3,
          final_amount: 47918.7,
          items: [{ net_weight: 10, net_value: 65000.01 }],
        },
        quote,
        650_000,
      ),
    ).toEqual([
      { field: 'due_date', message: 'Due date must be 22/11/2027' },
      { field: 'first_month_interest', message: 'First month interest must be Rs. 731.25' },
      { field: 'final_amount', message: 'Final amount must be Rs. 47,918.75' },
      { field: 'items.0.net_value', message: 'Net value must be Rs. 65,000.00' },
    ]);
  });
});
