/**
 * Voucher lines of the end of a pledge (docs/domain-rules.md §6.2): renewal, auction sale and its surplus or
 * shortfall, re-pledge with a bank and the articles' return. Every function checks its own result with
 * `assertBalanced`; amounts are whole paise.
 */
import { assertAmount, credit, debit, isNonZero } from '../ledger/lines.ts';
import {
  assertBalanced,
  cashAccountFor,
  RENEWAL_METHOD,
  receiptPostings,
  SYSTEM_ACCOUNTS,
  type SystemAccountCode,
  type VoucherLine,
} from '../ledger/postings.ts';

type Lines = VoucherLine<SystemAccountCode>[];

/** What a pledge owes on a date, by part (docs/domain-rules.md §3–§4); penalty is 0 where none is charged. */
export interface OutstandingParts {
  principalPaise: number;
  interestPaise: number;
  penaltyPaise?: number;
}

function outstandingOf(o: OutstandingParts, label: string): number {
  assertAmount(o.principalPaise, `${label} principal`);
  assertAmount(o.interestPaise, `${label} interest`);
  assertAmount(o.penaltyPaise ?? 0, `${label} penalty`);
  return o.principalPaise + o.interestPaise + (o.penaltyPaise ?? 0);
}

export interface RenewalInput {
  /** The old pledge's outstanding as of the renewal date, settled from the new loan. */
  old: OutstandingParts;
  newLoanPaise: number;
  newFirstMonthInterestPaise: number;
  newDocumentChargesPaise: number;
}

export interface RenewalFigures {
  oldOutstandingPaise: number;
  /** The new loan less its first month's interest and document charges (docs/domain-rules.md §2). */
  newFinalAmountPaise: number;
  /** Handed to the customer (a top-up): the new final amount above the old outstanding. */
  cashToCustomerPaise: number;
  /** Paid by the customer: the old outstanding above the new final amount. */
  cashFromCustomerPaise: number;
}

/**
 * The figures of a renewal: the new loan's final amount settles the old outstanding first; the
 * difference is handed over, or paid by the customer. At most one of the two cash figures is above 0.
 */
export function renewalFigures(input: RenewalInput): RenewalFigures {
  const oldOutstandingPaise = outstandingOf(input.old, 'old');
  if (oldOutstandingPaise <= 0)
    throw new RangeError('a renewal settles an old pledge that still owes something');
  assertAmount(input.newLoanPaise, 'new loan');
  assertAmount(input.newFirstMonthInterestPaise, 'new first month interest');
  assertAmount(input.newDocumentChargesPaise, 'new document charges');
  const newFinalAmountPaise =
    input.newLoanPaise - input.newFirstMonthInterestPaise - input.newDocumentChargesPaise;
  if (newFinalAmountPaise <= 0)
    throw new RangeError('final amount must be above 0 (docs/domain-rules.md §2)');
  const difference = newFinalAmountPaise - oldOutstandingPaise;
  return {
    oldOutstandingPaise,
    newFinalAmountPaise,
    cashToCustomerPaise: Math.max(difference, 0),
    cashFromCustomerPaise: Math.max(-difference, 0),
  };
}

/**
 * Renewal in one transaction (docs/domain-rules.md §6.2), two vouchers:
 * - the old pledge closed by a payment of method `renewal`: Dr 1195 the old outstanding; Cr 4000 its
 *   interest; Cr 1200 its principal; Cr 4200 its penalty;
 * - the new pledge paid out from 1195 first: Dr 1200 new loan; Cr 4000 and 4100 as at creation;
 *   Cr 1195 the old outstanding; Cr 1000 (or 1190) the cash handed over, or Dr 1000 (or 1190) the cash
 *   the customer adds.
 * 1195 ends at 0.
 */
export function renewalPostings(input: RenewalInput & { paymentMethod?: string }): {
  figures: RenewalFigures;
  closeOld: Lines;
  openNew: Lines;
} {
  const figures = renewalFigures(input);
  const closeOld = receiptPostings(
    [
      {
        principalPaise: input.old.principalPaise,
        interestPaise: input.old.interestPaise,
        penaltyPaise: input.old.penaltyPaise ?? 0,
      },
    ],
    RENEWAL_METHOD,
  );
  const cash = cashAccountFor(input.paymentMethod);
  const openNew = [
    debit(SYSTEM_ACCOUNTS.PLEDGE_LOANS, input.newLoanPaise),
    debit(cash, figures.cashFromCustomerPaise),
    credit(SYSTEM_ACCOUNTS.INTEREST_INCOME, input.newFirstMonthInterestPaise),
    credit(SYSTEM_ACCOUNTS.DOCUMENT_CHARGES_INCOME, input.newDocumentChargesPaise),
    credit(SYSTEM_ACCOUNTS.RENEWAL_CLEARING, figures.oldOutstandingPaise),
    credit(cash, figures.cashToCustomerPaise),
  ].filter(isNonZero);
  assertBalanced(openNew);
  return { figures, closeOld, openNew };
}

export interface AuctionSettlement {
  outstandingPaise: number;
  /** Owed to the pawner (2100), never income. */
  surplusPaise: number;
  /** Receivable from the pawner (1210), collected or written off with approval. */
  shortfallPaise: number;
}

/** Sale price against the outstanding as of the sale date: a surplus or a shortfall, never both. */
export function auctionSettlement(salePricePaise: number, outstanding: OutstandingParts): AuctionSettlement {
  assertAmount(salePricePaise, 'sale price');
  if (salePricePaise === 0) throw new RangeError('a sale has a price above 0');
  const outstandingPaise = outstandingOf(outstanding, 'outstanding');
  return {
    outstandingPaise,
    surplusPaise: Math.max(salePricePaise - outstandingPaise, 0),
    shortfallPaise: Math.max(outstandingPaise - salePricePaise, 0),
  };
}

/**
 * Auction sale of a pledge at price S with outstanding O (docs/domain-rules.md §6.2): Dr 1000 or 1190 S;
 * Cr 1200 remaining principal; Cr 4000 remaining interest; Cr 4200 penalty; then Cr 2100 S − O when
 * S > O, or Dr 1210 O − S when S < O.
 */
export function auctionSalePostings(p: {
  salePricePaise: number;
  outstanding: OutstandingParts;
  paymentMethod?: string;
}): { settlement: AuctionSettlement; lines: Lines } {
  const settlement = auctionSettlement(p.salePricePaise, p.outstanding);
  const lines = [
    debit(cashAccountFor(p.paymentMethod), p.salePricePaise),
    debit(SYSTEM_ACCOUNTS.AUCTION_SHORTFALL_RECEIVABLE, settlement.shortfallPaise),
    credit(SYSTEM_ACCOUNTS.PLEDGE_LOANS, p.outstanding.principalPaise),
    credit(SYSTEM_ACCOUNTS.INTEREST_INCOME, p.outstanding.interestPaise),
    credit(SYSTEM_ACCOUNTS.PENALTY_INCOME, p.outstanding.penaltyPaise ?? 0),
    credit(SYSTEM_ACCOUNTS.AUCTION_SURPLUS_PAYABLE, settlement.surplusPaise),
  ].filter(isNonZero);
  assertBalanced(lines);
  return { settlement, lines };
}

function positive(paise: number, label: string): void {
  assertAmount(paise, label);
  if (paise === 0) throw new RangeError(`${label} must be above 0`);
}

/**
 * A surplus paid to the pawner, or deposited with the Government after the set period (the same lines;
 * the narration names the deposit): Dr 2100, Cr 1000 or 1190.
 */
export function surplusPayoutPostings(amountPaise: number, paymentMethod?: string): Lines {
  positive(amountPaise, 'surplus paid');
  return [
    ...assertBalanced([
      debit(SYSTEM_ACCOUNTS.AUCTION_SURPLUS_PAYABLE, amountPaise),
      credit(cashAccountFor(paymentMethod), amountPaise),
    ]),
  ];
}

/** A shortfall collected from the pawner: Dr 1000 (or 1190), Cr 1210. */
export function shortfallCollectedPostings(amountPaise: number, paymentMethod?: string): Lines {
  positive(amountPaise, 'shortfall collected');
  return [
    ...assertBalanced([
      debit(cashAccountFor(paymentMethod), amountPaise),
      credit(SYSTEM_ACCOUNTS.AUCTION_SHORTFALL_RECEIVABLE, amountPaise),
    ]),
  ];
}

/** A shortfall written off with approval: Dr 5200, Cr 1210. */
export function shortfallWriteOffPostings(amountPaise: number): Lines {
  positive(amountPaise, 'shortfall written off');
  return [
    ...assertBalanced([
      debit(SYSTEM_ACCOUNTS.AUCTION_SHORTFALL_WRITTEN_OFF, amountPaise),
      credit(SYSTEM_ACCOUNTS.AUCTION_SHORTFALL_RECEIVABLE, amountPaise),
    ]),
  ];
}

/** Articles re-pledged with a bank: Dr 1190 (or 1000 when the bank pays cash) the amount borrowed, Cr 2200. */
export function bankRepledgePostings(borrowedPaise: number, receivedBy: 'bank' | 'cash' = 'bank'): Lines {
  positive(borrowedPaise, 'amount borrowed');
  return [
    ...assertBalanced([
      debit(receivedBy === 'cash' ? SYSTEM_ACCOUNTS.CASH : SYSTEM_ACCOUNTS.BANK_CLEARING, borrowedPaise),
      credit(SYSTEM_ACCOUNTS.BANK_BORROWINGS, borrowedPaise),
    ]),
  ];
}

/**
 * Articles back from the bank: Dr 2200 the amount borrowed, Dr 5300 the bank's interest, Cr 1190 (or
 * 1000) what was paid (borrowed + interest).
 */
export function bankReturnPostings(
  p: { borrowedPaise: number; bankInterestPaise: number },
  paidBy: 'bank' | 'cash' = 'bank',
): Lines {
  positive(p.borrowedPaise, 'amount borrowed');
  assertAmount(p.bankInterestPaise, "bank's interest");
  const lines = [
    debit(SYSTEM_ACCOUNTS.BANK_BORROWINGS, p.borrowedPaise),
    debit(SYSTEM_ACCOUNTS.INTEREST_ON_BANK_BORROWINGS, p.bankInterestPaise),
    credit(
      paidBy === 'cash' ? SYSTEM_ACCOUNTS.CASH : SYSTEM_ACCOUNTS.BANK_CLEARING,
      p.borrowedPaise + p.bankInterestPaise,
    ),
  ].filter(isNonZero);
  assertBalanced(lines);
  return lines;
}
