import type { PledgePaymentView } from '@pledge-desk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import {
  customers,
  paymentReceipts,
  pledgePayments,
  pledges,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

// How a payment row is read for every answer (pledgePaymentViewSchema): the row, its receipt, the
// pledge's number, the customer's name, the receipt's voucher and reversal voucher numbers and who
// made and reversed it. pay-server writes the same in modules/payments/payment-view.ts; the lead folds
// the two into one (this one is kept in one place for that).

// Who made and reversed it and the voucher numbers are scalar subqueries on primary keys rather than
// joins: four joined tables instead of eight keep the planning of a page to a fraction of a
// millisecond, and each lookup is one index probe per row of the page.
export const paymentViewColumns = {
  payment: pledgePayments,
  receipt: {
    receiptNo: paymentReceipts.receiptNo,
    kind: paymentReceipts.kind,
    customerId: paymentReceipts.customerId,
    bankReference: paymentReceipts.bankReference,
    reversedAt: paymentReceipts.reversedAt,
    reversalReason: paymentReceipts.reversalReason,
  },
  pledgeNo: pledges.pledgeNo,
  customerName: customers.customerName,
  voucherNumber: sql<string>`(select v.voucher_number from ${vouchers} v where v.company_id = ${paymentReceipts.companyId} and v.id = ${paymentReceipts.voucherId})`,
  reversalVoucherNumber: sql<
    string | null
  >`(select v.voucher_number from ${vouchers} v where v.company_id = ${paymentReceipts.companyId} and v.id = ${paymentReceipts.reversalVoucherId})`,
  createdByUsername: sql<
    string | null
  >`(select u.username from ${users} u where u.id = ${pledgePayments.createdBy})`,
  reversedByUsername: sql<
    string | null
  >`(select u.username from ${users} u where u.id = ${paymentReceipts.reversedBy})`,
};

/**
 * The payment rows with everything their answer shows; callers add `where`, `orderBy` and paging.
 * Every join is on a composite (company, id) key.
 */
export function selectPaymentViews(db: DbOrTx) {
  return db
    .select(paymentViewColumns)
    .from(pledgePayments)
    .innerJoin(
      paymentReceipts,
      and(
        eq(paymentReceipts.companyId, pledgePayments.companyId),
        eq(paymentReceipts.id, pledgePayments.receiptId),
      ),
    )
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, pledgePayments.companyId), eq(pledges.id, pledgePayments.pledgeId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.companyId, paymentReceipts.companyId), eq(customers.id, paymentReceipts.customerId)),
    );
}

export interface PaymentViewRow {
  payment: typeof pledgePayments.$inferSelect;
  receipt: {
    receiptNo: string;
    kind: string;
    customerId: number;
    bankReference: string | null;
    reversedAt: string | null;
    reversalReason: string | null;
  };
  pledgeNo: string;
  customerName: string;
  voucherNumber: string;
  reversalVoucherNumber: string | null;
  createdByUsername: string | null;
  reversedByUsername: string | null;
}

const money = rupeesFromNumeric;

/** A stored payment row as the answers spell it (rupees as numbers, instants as ISO). */
export function toPaymentView(row: PaymentViewRow): PledgePaymentView {
  const p = row.payment;
  const reversedAt = row.receipt.reversedAt ?? p.reversedAt;
  return {
    payment_id: p.id,
    id: p.id,
    receipt_id: p.receiptId,
    receipt_no: row.receipt.receiptNo,
    receipt_kind: row.receipt.kind as PledgePaymentView['receipt_kind'],
    pledge_id: p.pledgeId,
    pledge_no: row.pledgeNo,
    customer_id: row.receipt.customerId,
    customer_name: row.customerName,
    payment_date: p.paymentDate,
    payment_type: p.paymentType as PledgePaymentView['payment_type'],
    payment_method: p.paymentMethod as PledgePaymentView['payment_method'],
    amount: money(p.amount),
    interest_amount: money(p.interestAmount),
    principal_amount: money(p.principalAmount),
    penalty_amount: money(p.penaltyAmount),
    discount_amount: money(p.discountAmount),
    discount_reason: p.discountReason,
    penalty_reason: p.penaltyReason,
    balance_amount: money(p.balanceAmount),
    bank_reference: row.receipt.bankReference,
    remarks: p.remarks,
    closed_pledge: p.closedPledge,
    voucher_number: row.voucherNumber,
    created_at: isoInstant(p.createdAt),
    created_by_username: row.createdByUsername,
    reversed: reversedAt !== null,
    reversed_at: reversedAt === null ? null : isoInstant(reversedAt),
    reversed_by_username: row.reversedByUsername,
    reversal_reason: row.receipt.reversalReason,
    reversal_voucher_number: row.reversalVoucherNumber,
  };
}
