import {
  financialYear,
  narrationFilledLater,
  type PaymentType,
  RENEWAL_METHOD,
  receiptNumberShape,
  receiptPostings,
  type SystemAccountCode,
  type VoucherLine,
  voucherCode,
  voucherNarration,
  voucherNumberShape,
} from '@pledge-desk/domain';
import type { Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { voucherCounter } from '../vouchers/vouchers.repository.ts';
import { guardVoucher, writeVoucher, writeVoucherNumberedLater } from '../vouchers/vouchers.service.ts';
import type { PaymentRecord } from './payment-view.ts';
import {
  closeSettledPledges,
  insertPayments,
  insertReceipt,
  numberReceipt,
  PENDING_RECEIPT_NO,
  receiptNoTaken,
} from './payments.repository.ts';
import { PAYMENT_SERVER_MESSAGES } from './pledge-balance.ts';

// The receipt writer (docs/domain-rules.md §4, §6.2), shared by the single and the multiple payment
// and a renewal's closing payment: it takes the receipt number and writes the Receipt voucher, the
// receipt and its payment rows in the caller's transaction.

/** One pledge's part of a receipt, already checked by the caller. */
export interface ReceiptPart {
  pledge: PledgeRow;
  paymentType: PaymentType;
  interestPaise: number;
  principalPaise: number;
  penaltyPaise: number;
  discountPaise: number;
  discountReason?: string | null;
  penaltyReason?: string | null;
  remarks?: string | null;
  /** Remaining principal + remaining interest right after the part (docs/domain-rules.md §4.4). */
  balanceAfterPaise: number;
  /** The part settles the pledge: it closes (closed_date, inactive). */
  closes: boolean;
}

export interface ReceiptInput {
  companyId: number;
  /** The clerk confirmed a cash receipt at or over the company's cash limit. */
  cashLimitConfirmed?: boolean;
  userId: number | null;
  customerId: number;
  kind: 'single' | 'multiple';
  paymentDate: string;
  paymentMethod: string;
  bankReference?: string | null;
  /** Typed by the user (used as is, unique in the company); generated when empty. */
  receiptNo?: string | null;
  remarks?: string | null;
  discountReason?: string | null;
  penaltyReason?: string | null;
  approveDiscount?: boolean;
  approvePenalty?: boolean;
  /** The admin who approved the discount or penalty. */
  approvedBy?: number | null;
  parts: readonly ReceiptPart[];
}

export interface RecordedReceipt {
  receiptId: number;
  receiptNo: string;
  voucherId: number;
  voucherNumber: string;
  /** The payment row ids, in the order of `parts`. */
  paymentIds: number[];
  /** The payment rows as stored, in the order of `parts` (a pledge a part closes is closed too). */
  payments: PaymentRecord[];
  /** The receipt's bank reference as stored. */
  bankReference: string | null;
  /** The Receipt voucher's lines (for `accounting_entries`). */
  lines: VoucherLine<SystemAccountCode>[];
  totalPaise: number;
  netPaise: number;
}

/** A typed receipt number, used as is: 409 when the company has it already. */
async function typedReceiptNo(tx: Tx, companyId: number, wanted: string): Promise<string> {
  if (await receiptNoTaken(tx, companyId, wanted)) {
    throw AppError.conflict('RECEIPT_NO_TAKEN', PAYMENT_SERVER_MESSAGES.receiptNoTaken(wanted));
  }
  return wanted;
}

/**
 * Writes one receipt in the caller's transaction: its number (typed and unique, or the next of the
 * company's financial year, gapless), the Receipt voucher (docs/domain-rules.md §6.2, one master voucher for all
 * parts), the receipt, a payment row per part, and the close of every pledge a part settles. The caller
 * has locked the pledges and checked every rule.
 */
export async function recordReceipt(tx: Tx, input: ReceiptInput): Promise<RecordedReceipt> {
  if (input.parts.length === 0) throw new Error('recordReceipt: a receipt needs at least one part');
  const lines = receiptPostings(
    input.parts.map((p) => ({
      interestPaise: p.interestPaise,
      principalPaise: p.principalPaise,
      penaltyPaise: p.penaltyPaise,
      discountPaise: p.discountPaise,
    })),
    input.paymentMethod,
  );
  const totalPaise = input.parts.reduce((s, p) => s + p.interestPaise + p.principalPaise, 0);
  const penaltyPaise = input.parts.reduce((s, p) => s + p.penaltyPaise, 0);
  const discountPaise = input.parts.reduce((s, p) => s + p.discountPaise, 0);
  const netPaise = totalPaise + penaltyPaise - discountPaise;
  const pledgeNos = input.parts.map((p) => p.pledge.pledgeNo).join(', ');
  const bankReference = input.bankReference?.trim() || null;
  // The voucher's guards (the day, the accounts, the drawer), the voucher, the receipt and its payment
  // rows, and the receipt's numbers last: the receipt counter's row stays locked from its number to the
  // commit, and every other receipt of the company waits on it, so it is taken as late as it can be.
  const guarded = await guardVoucher(tx, {
    companyId: input.companyId,
    voucherType: 'Receipt',
    entryDate: input.paymentDate,
    lines: lines.map((l) => ({
      accountCode: l.accountCode,
      debitPaise: l.debitPaise,
      creditPaise: l.creditPaise,
    })),
    // The receipt's id is taken by the voucher's insert (its source), so the receipt written next
    // names the voucher and the voucher already names it.
    source: { kind: 'payment', id: { nextIdOf: 'payment_receipts' } },
    createdBy: input.userId,
  });
  // A typed number is used as is, with the voucher numbered at once. Otherwise the receipt and its
  // voucher are written with stand-in numbers and numbered last (numberReceipt): the company's receipt
  // and voucher counters are then held from that one statement to the commit, not through every write.
  const typed = input.receiptNo?.trim() || null;
  const header = (receipt: string) => ({
    ...voucherNarration('receipt_payment', { receipt, pledges: pledgeNos }),
    referenceNumber: typed,
  });
  const numbered = typed
    ? await writeVoucher(tx, guarded, header(await typedReceiptNo(tx, input.companyId, typed)))
    : null;
  const voucher = numbered ?? (await writeVoucherNumberedLater(tx, guarded, header('{receipt}')));
  const receiptId = await insertReceipt(tx, {
    id: voucher.sourceId!,
    companyId: input.companyId,
    receiptNo: typed ?? PENDING_RECEIPT_NO,
    kind: input.kind,
    customerId: input.customerId,
    paymentDate: input.paymentDate,
    paymentMethod: input.paymentMethod,
    bankReference,
    totalAmount: numericFromPaise(totalPaise),
    totalPenalty: numericFromPaise(penaltyPaise),
    totalDiscount: numericFromPaise(discountPaise),
    netAmount: numericFromPaise(netPaise),
    // Kept for the daily collection (the payment rows below, summed; their pledges in row order).
    totalInterest: numericFromPaise(input.parts.reduce((s, p) => s + p.interestPaise, 0)),
    totalPrincipal: numericFromPaise(input.parts.reduce((s, p) => s + p.principalPaise, 0)),
    pledgeNos: input.parts.map((p) => p.pledge.pledgeNo),
    discountReason: input.discountReason ?? null,
    penaltyReason: input.penaltyReason ?? null,
    // True to what happened (the audit trail shows it): ticked on the multiple payment, or approved
    // by an admin.
    approveDiscount: (input.approveDiscount ?? false) || (discountPaise > 0 && input.approvedBy != null),
    approvePenalty: (input.approvePenalty ?? false) || (penaltyPaise > 0 && input.approvedBy != null),
    approvedBy: input.approvedBy ?? null,
    cashLimitConfirmed: input.cashLimitConfirmed ?? false,
    remarks: input.remarks ?? null,
    voucherId: voucher.id,
    createdBy: input.userId,
  });
  const inserted = await insertPayments(
    tx,
    input.parts.map((p) => ({
      companyId: input.companyId,
      receiptId,
      pledgeId: p.pledge.id,
      paymentDate: input.paymentDate,
      paymentMethod: input.paymentMethod,
      paymentType: p.paymentType,
      amount: numericFromPaise(p.interestPaise + p.principalPaise),
      interestAmount: numericFromPaise(p.interestPaise),
      principalAmount: numericFromPaise(p.principalPaise),
      penaltyAmount: numericFromPaise(p.penaltyPaise),
      discountAmount: numericFromPaise(p.discountPaise),
      discountReason: p.discountReason ?? null,
      penaltyReason: p.penaltyReason ?? null,
      remarks: p.remarks ?? null,
      balanceAmount: numericFromPaise(p.balanceAfterPaise),
      closedPledge: p.closes,
      createdBy: input.userId,
    })),
  );
  const byPledge = new Map(inserted.map((r) => [r.pledgeId, r]));
  const closing = input.parts.filter((p) => p.closes).map((p) => p.pledge.id);
  await closeSettledPledges(tx, input.companyId, closing, {
    closedDate: input.paymentDate,
    // A renewal's closing payment closes the old pledge by the renewal.
    closedBy: input.paymentMethod === RENEWAL_METHOD ? 'renewal' : 'payment',
    userId: input.userId,
  });
  const fy = financialYear(input.paymentDate);
  const numbers =
    numbered && typed
      ? { receiptNo: typed, voucherNumber: numbered.voucherNumber }
      : await numberReceipt(tx, {
          companyId: input.companyId,
          receiptId,
          voucherId: voucher.id,
          period: fy,
          receiptShape: receiptNumberShape(fy),
          voucherCounter: voucherCounter(voucherCode('Receipt')),
          voucherShape: voucherNumberShape('Receipt', fy),
          narrationText: narrationFilledLater('receipt_payment', { pledges: pledgeNos }, 'receipt'),
        });
  return {
    receiptId,
    receiptNo: numbers.receiptNo,
    voucherId: voucher.id,
    voucherNumber: numbers.voucherNumber,
    paymentIds: input.parts.map((p) => byPledge.get(p.pledge.id)!.id),
    payments: input.parts.map((p) => byPledge.get(p.pledge.id)!),
    bankReference,
    lines,
    totalPaise,
    netPaise,
  };
}
