import { describe, expect, it } from 'vitest';
import { accountBalances } from '../ledger/postings.ts';
import {
  auctionSalePostings,
  auctionSettlement,
  bankRepledgePostings,
  bankReturnPostings,
  renewalFigures,
  renewalPostings,
  shortfallCollectedPostings,
  shortfallWriteOffPostings,
  surplusPayoutPostings,
} from './postings.ts';

const rupees = (r: number) => r * 100;
const lines = (ls: { accountCode: string; debitPaise: number; creditPaise: number }[]) =>
  ls.map((l) =>
    l.debitPaise ? `Dr ${l.accountCode} ${l.debitPaise / 100}` : `Cr ${l.accountCode} ${l.creditPaise / 100}`,
  );

describe('renewal (docs/domain-rules.md §6.2: the old outstanding settled from the new loan through 1195)', () => {
  const old = { principalPaise: rupees(50_000), interestPaise: rupees(1_500) };

  it('a top-up hands the customer the new final amount less the old outstanding', () => {
    // New loan ₹60,000, first month ₹900, charges ₹100: final ₹59,000 against ₹51,500 owed.
    const input = {
      old,
      newLoanPaise: rupees(60_000),
      newFirstMonthInterestPaise: rupees(900),
      newDocumentChargesPaise: rupees(100),
    };
    expect(renewalFigures(input)).toEqual({
      oldOutstandingPaise: rupees(51_500),
      newFinalAmountPaise: rupees(59_000),
      cashToCustomerPaise: rupees(7_500),
      cashFromCustomerPaise: 0,
    });
    const { closeOld, openNew } = renewalPostings(input);
    expect(lines(closeOld)).toEqual(['Dr 1195 51500', 'Cr 4000 1500', 'Cr 1200 50000']);
    expect(lines(openNew)).toEqual([
      'Dr 1200 60000',
      'Cr 4000 900',
      'Cr 4100 100',
      'Cr 1195 51500',
      'Cr 1000 7500',
    ]);
  });

  it('a smaller new loan makes the customer pay the difference in', () => {
    // New loan ₹50,000, first month ₹750, charges ₹100: final ₹49,150 against ₹51,500 owed.
    const { figures, openNew } = renewalPostings({
      old,
      newLoanPaise: rupees(50_000),
      newFirstMonthInterestPaise: rupees(750),
      newDocumentChargesPaise: rupees(100),
    });
    expect(figures.cashFromCustomerPaise).toBe(rupees(2_350));
    expect(figures.cashToCustomerPaise).toBe(0);
    expect(lines(openNew)).toEqual([
      'Dr 1200 50000',
      'Dr 1000 2350',
      'Cr 4000 750',
      'Cr 4100 100',
      'Cr 1195 51500',
    ]);
  });

  it('an exact renewal moves no cash', () => {
    const { figures, openNew } = renewalPostings({
      old,
      newLoanPaise: rupees(52_500),
      newFirstMonthInterestPaise: rupees(900),
      newDocumentChargesPaise: rupees(100),
    });
    expect(figures.cashToCustomerPaise + figures.cashFromCustomerPaise).toBe(0);
    expect(openNew.some((l) => l.accountCode === '1000' || l.accountCode === '1190')).toBe(false);
  });

  it('Renewal Clearing (1195) nets to 0 and the old penalty is penalty income', () => {
    const { closeOld, openNew } = renewalPostings({
      old: { ...old, penaltyPaise: rupees(250) },
      newLoanPaise: rupees(60_000),
      newFirstMonthInterestPaise: rupees(900),
      newDocumentChargesPaise: rupees(100),
      paymentMethod: 'upi',
    });
    const balances = accountBalances([...closeOld, ...openNew]);
    expect(balances.get('1195')).toBe(0);
    expect(balances.get('4200')).toBe(-rupees(250));
    // A top-up paid by UPI goes out through Bank Clearing.
    expect(balances.get('1190')).toBe(-rupees(7_250));
  });

  it('refuses a new loan whose charges eat it whole, and an old pledge that owes nothing', () => {
    expect(() =>
      renewalFigures({
        old,
        newLoanPaise: 1000,
        newFirstMonthInterestPaise: 900,
        newDocumentChargesPaise: 100,
      }),
    ).toThrow(RangeError);
    expect(() =>
      renewalFigures({
        old: { principalPaise: 0, interestPaise: 0 },
        newLoanPaise: rupees(1_000),
        newFirstMonthInterestPaise: 0,
        newDocumentChargesPaise: 0,
      }),
    ).toThrow(/still owes/);
  });
});

describe('auction sale (docs/domain-rules.md §6.2: the surplus is owed to the pawner, never income)', () => {
  const outstanding = { principalPaise: rupees(60_000), interestPaise: rupees(5_400) };

  it('a sale above the outstanding books the surplus to 2100 Auction Surplus Payable', () => {
    const { settlement, lines: ls } = auctionSalePostings({ salePricePaise: rupees(80_000), outstanding });
    expect(settlement).toEqual({
      outstandingPaise: rupees(65_400),
      surplusPaise: rupees(14_600),
      shortfallPaise: 0,
    });
    expect(lines(ls)).toEqual(['Dr 1000 80000', 'Cr 1200 60000', 'Cr 4000 5400', 'Cr 2100 14600']);
    // Income is only the interest that was owed: not a rupee of the surplus.
    const income = ls.filter((l) => l.accountCode.startsWith('4')).reduce((s, l) => s + l.creditPaise, 0);
    expect(income).toBe(rupees(5_400));
  });

  it('a sale below the outstanding books the shortfall to 1210 as receivable from the pawner', () => {
    const { settlement, lines: ls } = auctionSalePostings({
      salePricePaise: rupees(60_000),
      outstanding,
      paymentMethod: 'bank_transfer',
    });
    expect(settlement.shortfallPaise).toBe(rupees(5_400));
    expect(lines(ls)).toEqual(['Dr 1190 60000', 'Dr 1210 5400', 'Cr 1200 60000', 'Cr 4000 5400']);
  });

  it('a sale at exactly the outstanding leaves neither surplus nor shortfall', () => {
    expect(auctionSettlement(rupees(65_400), outstanding)).toEqual({
      outstandingPaise: rupees(65_400),
      surplusPaise: 0,
      shortfallPaise: 0,
    });
  });

  it('a penalty owed is penalty income from the sale', () => {
    const { lines: ls } = auctionSalePostings({
      salePricePaise: rupees(70_000),
      outstanding: { ...outstanding, penaltyPaise: rupees(600) },
    });
    expect(lines(ls)).toEqual([
      'Dr 1000 70000',
      'Cr 1200 60000',
      'Cr 4000 5400',
      'Cr 4200 600',
      'Cr 2100 4000',
    ]);
  });

  it('refuses a sale for nothing', () => {
    expect(() => auctionSettlement(0, outstanding)).toThrow(/above 0/);
  });
});

describe('after the sale: the surplus paid or deposited, the shortfall collected or written off', () => {
  it('a surplus paid out leaves 2100 by cash or bank', () => {
    expect(lines(surplusPayoutPostings(rupees(14_600)))).toEqual(['Dr 2100 14600', 'Cr 1000 14600']);
    expect(lines(surplusPayoutPostings(rupees(14_600), 'neft'))).toEqual(['Dr 2100 14600', 'Cr 1190 14600']);
  });

  it('a shortfall is collected into cash or written off to 5200 with approval', () => {
    expect(lines(shortfallCollectedPostings(rupees(5_400)))).toEqual(['Dr 1000 5400', 'Cr 1210 5400']);
    expect(lines(shortfallWriteOffPostings(rupees(5_400)))).toEqual(['Dr 5200 5400', 'Cr 1210 5400']);
  });

  it('refuses an amount of 0 or a fraction of a paisa', () => {
    expect(() => surplusPayoutPostings(0)).toThrow(RangeError);
    expect(() => shortfallWriteOffPostings(0.5)).toThrow(RangeError);
  });
});

describe('re-pledge with a bank (docs/domain-rules.md §6.2: the borrowing is a liability, 2200)', () => {
  it('borrowing books the bank loan; the return pays it with the bank interest as expense', () => {
    expect(lines(bankRepledgePostings(rupees(40_000)))).toEqual(['Dr 1190 40000', 'Cr 2200 40000']);
    expect(lines(bankRepledgePostings(rupees(40_000), 'cash'))).toEqual(['Dr 1000 40000', 'Cr 2200 40000']);
    const back = bankReturnPostings({ borrowedPaise: rupees(40_000), bankInterestPaise: rupees(1_200) });
    expect(lines(back)).toEqual(['Dr 2200 40000', 'Dr 5300 1200', 'Cr 1190 41200']);
    expect(accountBalances([...bankRepledgePostings(rupees(40_000)), ...back]).get('2200')).toBe(0);
  });

  it('a return with no bank interest has no expense line', () => {
    expect(
      lines(bankReturnPostings({ borrowedPaise: rupees(40_000), bankInterestPaise: 0 }, 'cash')),
    ).toEqual(['Dr 2200 40000', 'Cr 1000 40000']);
  });

  it('refuses a negative bank interest and a return of nothing borrowed', () => {
    expect(() => bankReturnPostings({ borrowedPaise: rupees(1), bankInterestPaise: -1 })).toThrow(RangeError);
    expect(() => bankReturnPostings({ borrowedPaise: 0, bankInterestPaise: 0 })).toThrow(/above 0/);
  });
});
