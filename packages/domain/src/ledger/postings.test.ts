import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  accountBalances,
  assertBalanced,
  describePostings,
  paymentPostings,
  pledgePostings,
  receiptPostings,
  reversePostings,
  UnbalancedVoucherError,
} from './postings.ts';

describe('pledge created: Dr 1200 loan; Cr 1000 final, 4000 interest, 4100 charges (docs/domain-rules.md §6.2)', () => {
  it('posts the worked example', () => {
    expect(
      pledgePostings({ loanPaise: 4_875_000, firstMonthInterestPaise: 73_125, documentChargesPaise: 10_000 }),
    ).toEqual([
      { accountCode: '1200', debitPaise: 4_875_000, creditPaise: 0 },
      { accountCode: '1000', debitPaise: 0, creditPaise: 4_791_875 },
      { accountCode: '4000', debitPaise: 0, creditPaise: 73_125 },
      { accountCode: '4100', debitPaise: 0, creditPaise: 10_000 },
    ]);
  });
  it('omits zero lines and pays out through 1190 for a non-cash payout', () => {
    expect(
      pledgePostings({
        loanPaise: 100_000,
        firstMonthInterestPaise: 0,
        documentChargesPaise: 0,
        payoutMethod: 'bank',
      }),
    ).toEqual([
      { accountCode: '1200', debitPaise: 100_000, creditPaise: 0 },
      { accountCode: '1190', debitPaise: 0, creditPaise: 100_000 },
    ]);
  });
  it('refuses a final amount that is not above 0', () => {
    expect(() =>
      pledgePostings({ loanPaise: 10_000, firstMonthInterestPaise: 150, documentChargesPaise: 9_850 }),
    ).toThrow(RangeError);
  });
});

describe('payment: Dr cash/bank received, Dr 5000 discount; Cr 4000, 1200, 4200 (docs/domain-rules.md §6.2)', () => {
  it('posts interest, principal, penalty and discount', () => {
    expect(
      paymentPostings({
        interestPaise: 75_000,
        principalPaise: 2_000_000,
        penaltyPaise: 5_000,
        discountPaise: 1_000,
        paymentMethod: 'cash',
      }),
    ).toEqual([
      { accountCode: '1000', debitPaise: 2_079_000, creditPaise: 0 },
      { accountCode: '5000', debitPaise: 1_000, creditPaise: 0 },
      { accountCode: '4000', debitPaise: 0, creditPaise: 75_000 },
      { accountCode: '1200', debitPaise: 0, creditPaise: 2_000_000 },
      { accountCode: '4200', debitPaise: 0, creditPaise: 5_000 },
    ]);
  });
  it('uses 1190 Bank Clearing for non-cash methods', () => {
    expect(paymentPostings({ interestPaise: 500, principalPaise: 0, paymentMethod: 'online' })).toEqual([
      { accountCode: '1190', debitPaise: 500, creditPaise: 0 },
      { accountCode: '4000', debitPaise: 0, creditPaise: 500 },
    ]);
  });
  it('posts a fully discounted payment without a cash line', () => {
    expect(paymentPostings({ interestPaise: 500, principalPaise: 0, discountPaise: 500 })).toEqual([
      { accountCode: '5000', debitPaise: 500, creditPaise: 0 },
      { accountCode: '4000', debitPaise: 0, creditPaise: 500 },
    ]);
  });
  it('refuses an empty payment and a discount above the amount', () => {
    expect(() => paymentPostings({ interestPaise: 0, principalPaise: 0 })).toThrow(UnbalancedVoucherError);
    expect(() => paymentPostings({ interestPaise: 100, principalPaise: 0, discountPaise: 101 })).toThrow(
      RangeError,
    );
  });
  it('adds several pledges into one master voucher, one line per account', () => {
    const lines = receiptPostings(
      [
        { interestPaise: 1_000, principalPaise: 2_000 },
        { interestPaise: 500, principalPaise: 0, penaltyPaise: 100 },
      ],
      'cheque',
    );
    expect(lines).toEqual([
      { accountCode: '1190', debitPaise: 3_600, creditPaise: 0 },
      { accountCode: '4000', debitPaise: 0, creditPaise: 1_500 },
      { accountCode: '1200', debitPaise: 0, creditPaise: 2_000 },
      { accountCode: '4200', debitPaise: 0, creditPaise: 100 },
    ]);
    expect(describePostings(lines)).toEqual([
      'Dr Bank Clearing 36.00',
      'Cr Interest Income 15.00',
      'Cr Pledge Loans Receivable 20.00',
      'Cr Penalty Income 1.00',
    ]);
  });
});

describe('assertBalanced (docs/domain-rules.md §6)', () => {
  const line = (accountCode: string, debitPaise: number, creditPaise: number) => ({
    accountCode,
    debitPaise,
    creditPaise,
  });
  it('accepts a balanced voucher', () => {
    expect(() => assertBalanced([line('1000', 100, 0), line('4000', 0, 100)])).not.toThrow();
  });
  it('throws when debits and credits differ', () => {
    expect(() => assertBalanced([line('1000', 100, 0), line('4000', 0, 99)])).toThrow(/differ by 1 paise/);
  });
  it('throws for fewer than 2 lines', () => {
    expect(() => assertBalanced([])).toThrow(UnbalancedVoucherError);
    expect(() => assertBalanced([line('1000', 0, 0)])).toThrow(UnbalancedVoucherError);
  });
  it('throws for a line that is both or neither debit and credit', () => {
    expect(() => assertBalanced([line('1000', 100, 100), line('4000', 0, 0)])).toThrow(
      /either a debit or a credit/,
    );
    expect(() => assertBalanced([line('1000', 100, 0), line('4000', 0, 100), line('4100', 0, 0)])).toThrow(
      /either a debit or a credit/,
    );
  });
  it('throws for negative or fractional amounts', () => {
    expect(() => assertBalanced([line('1000', -100, 0), line('4000', 0, -100)])).toThrow(
      UnbalancedVoucherError,
    );
    expect(() => assertBalanced([line('1000', 0.5, 0), line('4000', 0, 0.5)])).toThrow(
      UnbalancedVoucherError,
    );
  });
});

describe('postings properties', () => {
  const amount = fc.integer({ min: 0, max: 1e11 });
  it('pledge postings always balance and move 1200 by the loan', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e11 }), amount, amount, (loan, fmi, charges) => {
        fc.pre(loan - fmi - charges > 0);
        const lines = pledgePostings({
          loanPaise: loan,
          firstMonthInterestPaise: fmi,
          documentChargesPaise: charges,
        });
        expect(() => assertBalanced(lines)).not.toThrow();
        expect(accountBalances(lines).get('1200')).toBe(loan);
      }),
    );
  });
  it('payment postings always balance and reduce 1200 by the principal', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            interestPaise: amount,
            principalPaise: amount,
            penaltyPaise: amount,
            discountPaise: amount,
          }),
          {
            minLength: 1,
            maxLength: 10,
          },
        ),
        fc.constantFrom('cash', 'bank', 'online', 'cheque', 'bank_transfer'),
        (parts, method) => {
          const received = parts.reduce(
            (s, p) => s + p.interestPaise + p.principalPaise + p.penaltyPaise - p.discountPaise,
            0,
          );
          const moving = parts.reduce(
            (s, p) => s + p.interestPaise + p.principalPaise + p.penaltyPaise + p.discountPaise,
            0,
          );
          fc.pre(received >= 0 && moving > 0);
          const lines = receiptPostings(parts, method);
          expect(() => assertBalanced(lines)).not.toThrow();
          const principal = parts.reduce((s, p) => s + p.principalPaise, 0);
          // 0 - principal, not -principal: with no principal that is -0, which toBe tells from 0.
          expect(accountBalances(lines).get('1200') ?? 0).toBe(0 - principal);
        },
      ),
    );
  });
  it('a voucher and its reversal net to zero on every account', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 1e9 }), (loan) => {
        const lines = pledgePostings({
          loanPaise: loan,
          firstMonthInterestPaise: 10,
          documentChargesPaise: 100,
        });
        const reversed = reversePostings(lines);
        expect(() => assertBalanced(reversed)).not.toThrow();
        for (const v of accountBalances([...lines, ...reversed]).values()) expect(v).toBe(0);
      }),
    );
  });
});
