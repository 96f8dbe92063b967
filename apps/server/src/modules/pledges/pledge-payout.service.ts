import {
  type PledgeQuote,
  pledgePostings,
  reversePostings,
  rupeesToPaise,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';
import type { PledgeWriter } from './pledge-shared.service.ts';
import { findVoucherLines } from './pledges.repository.ts';

// The loan paid out (docs/domain-rules.md §6.2): how the final amount leaves (cash within the cash
// limit, or a non-cash method with its reference), its Payment voucher, and the reversal of that voucher
// when an edit changes the money. Each runs inside the caller's transaction.

/** The payout columns a pledge stores. */
export interface PayoutColumns {
  payoutMethod: string;
  payoutReference: string | null;
  cashLimitConfirmed: boolean;
}

/**
 * How the final amount is paid out: a non-cash payout needs its reference (as a
 * non-cash payment does; docs/decisions.md), and a cash one must pass the company's cash limit. Answers
 * the columns to store; `cash_limit_confirmed` is kept only when the confirmation was needed.
 */
export async function payoutOrRefuse(
  tx: Tx,
  companyId: number,
  input: {
    payout_method: string;
    payout_reference?: string | null | undefined;
    cash_limit_confirmed: boolean;
  },
  finalAmountPaise: number,
): Promise<PayoutColumns> {
  const reference = input.payout_reference?.trim() || null;
  if (input.payout_method !== 'cash' && !reference) {
    throw AppError.field('payout_reference', PLEDGE_SERVER_MESSAGES.payoutReference);
  }
  const overLimit = await assertCashLimit(tx, companyId, {
    amountPaise: finalAmountPaise,
    method: input.payout_method,
    confirmed: input.cash_limit_confirmed,
    what: 'payout',
    methodField: 'payout_method',
  });
  return {
    payoutMethod: input.payout_method,
    payoutReference: input.payout_method === 'cash' ? null : reference,
    cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
  };
}

/**
 * The Payment voucher that pays the loan out (docs/domain-rules.md §6.2), dated `date`: the final amount from
 * 1000 Cash in Hand, or from 1190 Bank Clearing for a bank transfer, online payment or cheque.
 */
export async function postPayout(
  tx: Tx,
  writer: PledgeWriter,
  pledge: { id: number; pledgeNo: string; customerName: string },
  quote: PledgeQuote,
  date: string,
  payoutMethod: string,
): Promise<number> {
  const lines = pledgePostings({
    loanPaise: quote.loanPaise,
    firstMonthInterestPaise: quote.firstMonthInterestPaise,
    documentChargesPaise: quote.documentChargesPaise,
    payoutMethod,
  });
  const voucher = await postVoucher(tx, {
    companyId: writer.companyId,
    voucherType: 'Payment',
    entryDate: date,
    ...voucherNarration('pledge_payout', { pledge: pledge.pledgeNo, customer: pledge.customerName }),
    referenceNumber: pledge.pledgeNo,
    lines,
    source: { kind: 'pledge', id: pledge.id },
    createdBy: writer.userId,
  });
  return voucher.id;
}

/** Undoes the pledge's payout voucher with its lines reversed (a Journal, source 'pledge-reversal'). */
export async function reversePayout(
  tx: Tx,
  writer: PledgeWriter,
  pledge: { id: number; pledgeNo: string },
  voucherId: number,
): Promise<void> {
  const old = await findVoucherLines(tx, writer.companyId, voucherId);
  const lines = reversePostings(
    old.map((l) => ({
      accountId: l.accountId,
      debitPaise: rupeesToPaise(l.debit),
      creditPaise: rupeesToPaise(l.credit),
    })),
  );
  await postVoucher(tx, {
    companyId: writer.companyId,
    voucherType: 'Journal',
    entryDate: writer.today,
    ...voucherNarration('pledge_payout_reversed', { pledge: pledge.pledgeNo }),
    referenceNumber: pledge.pledgeNo,
    lines,
    source: { kind: 'pledge-reversal', id: pledge.id },
    createdBy: writer.userId,
  });
}
