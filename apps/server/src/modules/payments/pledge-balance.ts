import {
  type PaymentParts,
  type PledgeBalance,
  paiseToRupees,
  percentToBp,
  pledgeBalance,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { AppError } from '../../lib/app-error.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';

// A stored pledge's balance from its counted payments (docs/domain-rules.md §3.3), and whether it takes
// a payment (§4.2). Every payment, renewal, notice and auction reads a pledge's balance through here;
// the payments repository's loadStoredPayments reads the counted payments.

export const PAYMENT_SERVER_MESSAGES = {
  receiptNoTaken: (receiptNo: string) => `Receipt number ${receiptNo} is already used.`,
  pledgeClosed: 'This pledge is closed and takes no further payment.',
  pledgeInactive: 'This pledge is inactive and takes no payment.',
  pledgeAtBank: 'This pledge is moved to bank and takes no payment until it is back.',
} as const;

/** 409 unless the pledge takes payments: active, not moved to bank, not closed (docs/domain-rules.md §4.2). */
export function assertPayable(pledge: PledgeRow): void {
  if (pledge.closedDate !== null)
    throw AppError.conflict('PLEDGE_CLOSED', PAYMENT_SERVER_MESSAGES.pledgeClosed);
  if (pledge.status !== 'active')
    throw AppError.conflict('PLEDGE_INACTIVE', PAYMENT_SERVER_MESSAGES.pledgeInactive);
  if (pledge.isMoveToBank) throw AppError.conflict('PLEDGE_AT_BANK', PAYMENT_SERVER_MESSAGES.pledgeAtBank);
}

export function isPayable(pledge: Pick<PledgeRow, 'closedDate' | 'status' | 'isMoveToBank'>): boolean {
  return pledge.closedDate === null && pledge.status === 'active' && !pledge.isMoveToBank;
}

/** A pledge's payments that count (not reversed), in date and id order. */
export interface StoredPayments {
  parts: PaymentParts[];
  lastPaymentDate: string | null;
  paidPrincipalPaise: number;
  paidInterestPaise: number;
}

const NO_PAYMENTS: StoredPayments = {
  parts: [],
  lastPaymentDate: null,
  paidPrincipalPaise: 0,
  paidInterestPaise: 0,
};

export function storedPaymentsOf(map: Map<number, StoredPayments>, pledgeId: number): StoredPayments {
  return map.get(pledgeId) ?? NO_PAYMENTS;
}

/**
 * The counted payments with one more, where loadStoredPayments would read it once committed (by date,
 * after those of the same date: its id is the newest).
 */
export function withPayment(stored: StoredPayments, part: PaymentParts): StoredPayments {
  const at = stored.parts.findLastIndex((p) => p.date <= part.date) + 1;
  return {
    parts: [...stored.parts.slice(0, at), part, ...stored.parts.slice(at)],
    lastPaymentDate:
      stored.lastPaymentDate === null || part.date > stored.lastPaymentDate
        ? part.date
        : stored.lastPaymentDate,
    paidPrincipalPaise: stored.paidPrincipalPaise + part.principalPaise,
    paidInterestPaise: stored.paidInterestPaise + part.interestPaise,
  };
}

/** The domain balance (docs/domain-rules.md §3.3) of a stored pledge with its counted payments, as of a date. */
export function balanceOf(pledge: PledgeRow, stored: StoredPayments, asOf: string): PledgeBalance {
  return pledgeBalance(
    {
      loanPaise: rupeesToPaise(pledge.totalLoanAmount),
      rateBp: percentToBp(pledge.interestRate),
      pledgeDate: pledge.pledgeDate,
      firstMonthInterestPaise: rupeesToPaise(pledge.firstMonthInterest),
      payments: stored.parts,
    },
    asOf,
  );
}

/** The answer of GET /pledges/{id}/balance (pledgeBalanceSchema). */
export function toBalanceView(pledge: PledgeRow, stored: StoredPayments, asOf: string) {
  const b = balanceOf(pledge, stored, asOf);
  return {
    pledge_id: pledge.id,
    pledge_no: pledge.pledgeNo,
    as_of: asOf,
    days_elapsed: b.daysElapsed,
    months_elapsed: b.monthsElapsed,
    interest_due: paiseToRupees(b.interestDuePaise),
    interest_paid: paiseToRupees(b.interestPaidPaise),
    remaining_interest: paiseToRupees(b.remainingInterestPaise),
    remaining_principal: paiseToRupees(b.remainingPrincipalPaise),
    total_outstanding: paiseToRupees(b.totalOutstandingPaise),
    paid_principal: paiseToRupees(stored.paidPrincipalPaise),
    paid_interest: paiseToRupees(stored.paidInterestPaise),
    last_payment_date: stored.lastPaymentDate,
    is_payable: isPayable(pledge),
    closed_date: pledge.closedDate,
  };
}
