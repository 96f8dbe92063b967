import type { PledgePaymentView } from '@pledge-desk/domain';
import type { pledgePayments } from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

export type PaymentRecord = typeof pledgePayments.$inferSelect;

/** A payment row as the payments repository's selectPaymentViews reads it. */
export interface PaymentViewRow {
  payment: PaymentRecord;
  receiptNo: string;
  receiptKind: string;
  customerId: number;
  bankReference: string | null;
  reversedBy: number | null;
  reversalReason: string | null;
  pledgeNo: string;
  customerName: string;
  voucherNumber: string;
  reversalVoucherNumber: string | null;
  createdByUsername: string | null;
  reversedByUsername: string | null;
}

/** A stored payment row as the answers spell it (rupees as numbers, instants as ISO). */
export function toPaymentView(row: PaymentViewRow): PledgePaymentView {
  const p = row.payment;
  return {
    payment_id: p.id,
    id: p.id,
    receipt_id: p.receiptId,
    receipt_no: row.receiptNo,
    receipt_kind: row.receiptKind === 'multiple' ? 'multiple' : 'single',
    pledge_id: p.pledgeId,
    pledge_no: row.pledgeNo,
    customer_id: row.customerId,
    customer_name: row.customerName,
    payment_date: p.paymentDate,
    payment_type: p.paymentType as PledgePaymentView['payment_type'],
    payment_method: p.paymentMethod as PledgePaymentView['payment_method'],
    amount: rupeesFromNumeric(p.amount),
    interest_amount: rupeesFromNumeric(p.interestAmount),
    principal_amount: rupeesFromNumeric(p.principalAmount),
    penalty_amount: rupeesFromNumeric(p.penaltyAmount),
    discount_amount: rupeesFromNumeric(p.discountAmount),
    discount_reason: p.discountReason,
    penalty_reason: p.penaltyReason,
    balance_amount: rupeesFromNumeric(p.balanceAmount),
    bank_reference: row.bankReference,
    remarks: p.remarks,
    closed_pledge: p.closedPledge,
    voucher_number: row.voucherNumber,
    created_at: isoInstant(p.createdAt),
    created_by_username: row.createdByUsername,
    reversed: p.reversedAt !== null,
    reversed_at: p.reversedAt === null ? null : isoInstant(p.reversedAt),
    reversed_by_username: p.reversedAt === null ? null : row.reversedByUsername,
    reversal_reason: p.reversedAt === null ? null : row.reversalReason,
    reversal_voucher_number: p.reversedAt === null ? null : row.reversalVoucherNumber,
  };
}
