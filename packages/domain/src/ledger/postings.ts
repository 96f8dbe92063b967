import { assertAmount, credit, debit, isNonZero } from './lines.ts';

/**
 * Voucher lines for the operations that move money (docs/domain-rules.md §6.2). Lines name system accounts by
 * code; the server maps codes to the company's account ids. Zero lines are left out, and every
 * function checks its own result with `assertBalanced` before returning it.
 */

export const SYSTEM_ACCOUNTS = {
  CASH: '1000',
  BANK_CLEARING: '1190',
  PLEDGE_LOANS: '1200',
  CAPITAL: '3000',
  INTEREST_INCOME: '4000',
  DOCUMENT_CHARGES_INCOME: '4100',
  PENALTY_INCOME: '4200',
  DISCOUNT_ALLOWED: '5000',
  /** Day close: counted more than expected / less than expected. */
  CASH_OVER: '4300',
  CASH_SHORT: '5100',
  /** The end of a pledge: renewal, auction, re-pledge with a bank. */
  RENEWAL_CLEARING: '1195',
  AUCTION_SHORTFALL_RECEIVABLE: '1210',
  AUCTION_SURPLUS_PAYABLE: '2100',
  BANK_BORROWINGS: '2200',
  AUCTION_SHORTFALL_WRITTEN_OFF: '5200',
  INTEREST_ON_BANK_BORROWINGS: '5300',
} as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNTS)[keyof typeof SYSTEM_ACCOUNTS];

/** The accounts every company is created with (code, name, type); renamable, not deletable. */
export const SYSTEM_ACCOUNT_LIST: readonly { code: SystemAccountCode; name: string; type: string }[] = [
  { code: '1000', name: 'Cash in Hand', type: 'Asset' },
  { code: '1190', name: 'Bank Clearing', type: 'Asset' },
  { code: '1200', name: 'Pledge Loans Receivable', type: 'Asset' },
  { code: '3000', name: 'Capital', type: 'Equity' },
  { code: '4000', name: 'Interest Income', type: 'Income' },
  { code: '4100', name: 'Document Charges Income', type: 'Income' },
  { code: '4200', name: 'Penalty Income', type: 'Income' },
  { code: '5000', name: 'Discount Allowed', type: 'Expense' },
  { code: '4300', name: 'Cash Over', type: 'Income' },
  { code: '5100', name: 'Cash Short', type: 'Expense' },
  // The end of a pledge: renewal, auction, re-pledge with a bank.
  { code: '1195', name: 'Renewal Clearing', type: 'Asset' },
  { code: '1210', name: 'Auction Shortfall Receivable', type: 'Asset' },
  { code: '2100', name: 'Auction Surplus Payable', type: 'Liability' },
  { code: '2200', name: 'Bank Borrowings on Re-pledged Gold', type: 'Liability' },
  { code: '5200', name: 'Auction Shortfall Written Off', type: 'Expense' },
  { code: '5300', name: 'Interest on Bank Borrowings', type: 'Expense' },
];

export interface VoucherLine<Account extends string = string> {
  accountCode: Account;
  debitPaise: number;
  creditPaise: number;
}

export class UnbalancedVoucherError extends Error {
  override name = 'UnbalancedVoucherError';
}

/**
 * A voucher must have at least 2 lines, each with exactly one side above 0 in whole paise, and
 * Σ debit = Σ credit (docs/domain-rules.md §6).
 */
export function assertBalanced<Line extends VoucherLine>(lines: readonly Line[]): readonly Line[] {
  if (lines.length < 2)
    throw new UnbalancedVoucherError(`a voucher needs at least 2 lines, got ${lines.length}`);
  let debit = 0;
  let credit = 0;
  lines.forEach((line, i) => {
    const { debitPaise: d, creditPaise: c } = line;
    if (!Number.isSafeInteger(d) || !Number.isSafeInteger(c) || d < 0 || c < 0) {
      throw new UnbalancedVoucherError(
        `line ${i + 1} (${line.accountCode}) must have non-negative whole paise`,
      );
    }
    if (d > 0 === c > 0) {
      throw new UnbalancedVoucherError(
        `line ${i + 1} (${line.accountCode}) must be either a debit or a credit`,
      );
    }
    debit += d;
    credit += c;
  });
  if (debit !== credit) {
    throw new UnbalancedVoucherError(
      `debits ${debit} and credits ${credit} differ by ${debit - credit} paise`,
    );
  }
  return lines;
}

export function isBalanced(lines: readonly VoucherLine[]): boolean {
  try {
    assertBalanced(lines);
    return true;
  } catch {
    return false;
  }
}

/**
 * The cash or bank side: cash goes to 1000, every other method through 1190 Bank Clearing; the
 * internal method `renewal` (an old pledge settled from its renewal's new loan) through 1195.
 */
export function cashAccountFor(paymentMethod: string | undefined): SystemAccountCode {
  if (!paymentMethod || paymentMethod === 'cash') return SYSTEM_ACCOUNTS.CASH;
  if (paymentMethod === RENEWAL_METHOD) return SYSTEM_ACCOUNTS.RENEWAL_CLEARING;
  return SYSTEM_ACCOUNTS.BANK_CLEARING;
}

/** The payment method of an old pledge closed by its renewal (never accepted from a client). */
export const RENEWAL_METHOD = 'renewal';

/**
 * Pledge created (Payment voucher): Dr 1200 loan; Cr 1000 final amount; Cr 4000 first month interest;
 * Cr 4100 document charges. A payout by a non-cash method credits 1190 instead of 1000.
 */
export function pledgePostings(p: {
  loanPaise: number;
  firstMonthInterestPaise: number;
  documentChargesPaise: number;
  payoutMethod?: string;
}): VoucherLine<SystemAccountCode>[] {
  assertAmount(p.loanPaise, 'loan');
  assertAmount(p.firstMonthInterestPaise, 'first month interest');
  assertAmount(p.documentChargesPaise, 'document charges');
  const finalPaise = p.loanPaise - p.firstMonthInterestPaise - p.documentChargesPaise;
  if (finalPaise <= 0) throw new RangeError('final amount must be above 0 (docs/domain-rules.md §2)');
  const lines = [
    debit(SYSTEM_ACCOUNTS.PLEDGE_LOANS, p.loanPaise),
    credit(cashAccountFor(p.payoutMethod), finalPaise),
    credit(SYSTEM_ACCOUNTS.INTEREST_INCOME, p.firstMonthInterestPaise),
    credit(SYSTEM_ACCOUNTS.DOCUMENT_CHARGES_INCOME, p.documentChargesPaise),
  ].filter(isNonZero);
  assertBalanced(lines);
  return lines;
}

export interface PaymentPostingInput {
  interestPaise: number;
  principalPaise: number;
  penaltyPaise?: number;
  discountPaise?: number;
  paymentMethod?: string;
}

/**
 * Payment (Receipt voucher): Dr 1000 or 1190 cash received; Dr 5000 discount; Cr 4000 interest;
 * Cr 1200 principal; Cr 4200 penalty. Cash received = interest + principal + penalty − discount.
 */
export function paymentPostings(p: PaymentPostingInput): VoucherLine<SystemAccountCode>[] {
  return receiptPostings([p], p.paymentMethod);
}

/**
 * The Receipt voucher of one receipt, whether it pays one pledge or several (docs/domain-rules.md §4.5:
 * one master voucher for a multiple payment): the parts' lines added up per account, so the voucher has
 * at most one line per account.
 */
export function receiptPostings(
  parts: readonly Omit<PaymentPostingInput, 'paymentMethod'>[],
  paymentMethod?: string,
): VoucherLine<SystemAccountCode>[] {
  let interest = 0;
  let principal = 0;
  let penalty = 0;
  let discount = 0;
  for (const part of parts) {
    assertAmount(part.interestPaise, 'interest');
    assertAmount(part.principalPaise, 'principal');
    assertAmount(part.penaltyPaise ?? 0, 'penalty');
    assertAmount(part.discountPaise ?? 0, 'discount');
    interest += part.interestPaise;
    principal += part.principalPaise;
    penalty += part.penaltyPaise ?? 0;
    discount += part.discountPaise ?? 0;
  }
  const received = interest + principal + penalty - discount;
  if (received < 0)
    throw new RangeError('discount cannot exceed the amount plus penalty (docs/domain-rules.md §4.1)');
  const lines = [
    debit(cashAccountFor(paymentMethod), received),
    debit(SYSTEM_ACCOUNTS.DISCOUNT_ALLOWED, discount),
    credit(SYSTEM_ACCOUNTS.INTEREST_INCOME, interest),
    credit(SYSTEM_ACCOUNTS.PLEDGE_LOANS, principal),
    credit(SYSTEM_ACCOUNTS.PENALTY_INCOME, penalty),
  ].filter(isNonZero);
  assertBalanced(lines);
  return lines;
}

/**
 * The lines that undo a voucher (edit of a pledge's amounts reverses the old voucher, §6): each line's
 * debit and credit swapped, whatever names its account (a code, or a stored line's account id) kept.
 */
export function reversePostings<L extends { debitPaise: number; creditPaise: number }>(
  lines: readonly L[],
): L[] {
  return lines.map((l) => ({ ...l, debitPaise: l.creditPaise, creditPaise: l.debitPaise }));
}

/** Σ debit − Σ credit per account: the balance effect of a set of voucher lines. */
export function accountBalances(lines: Iterable<VoucherLine>): Map<string, number> {
  const balances = new Map<string, number>();
  for (const l of lines)
    balances.set(l.accountCode, (balances.get(l.accountCode) ?? 0) + l.debitPaise - l.creditPaise);
  return balances;
}

/** Voucher lines as text, e.g. for the multiple-payment answer's `accounting_entries`. */
export function describePostings(
  lines: readonly VoucherLine[],
  accountName: (code: string) => string = (code) =>
    SYSTEM_ACCOUNT_LIST.find((a) => a.code === code)?.name ?? code,
  formatAmount: (paise: number) => string = (paise) => (paise / 100).toFixed(2),
): string[] {
  return lines.map((l) =>
    l.debitPaise > 0
      ? `Dr ${accountName(l.accountCode)} ${formatAmount(l.debitPaise)}`
      : `Cr ${accountName(l.accountCode)} ${formatAmount(l.creditPaise)}`,
  );
}
