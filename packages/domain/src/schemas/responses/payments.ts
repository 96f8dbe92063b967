import { z } from '../zod.ts';

// Answers of the payment calls (pledges-and-payments §3 and §7). Money in rupees as numbers
// (docs/domain-rules.md §1), dates YYYY-MM-DD, timestamps ISO. The server answers with these; the web parses
// with them.

const paymentType = z.enum(['interest', 'partial_principal', 'full_payment']);
const paymentMethod = z.enum(['cash', 'bank', 'online', 'cheque', 'bank_transfer', 'renewal']);

/** GET /pledges/{id}/balance?as_of=YYYY-MM-DD: the server's balance (docs/domain-rules.md §3). */
export const pledgeBalanceSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  as_of: z.string(),
  days_elapsed: z.number().int(),
  months_elapsed: z.number().int(),
  interest_due: z.number(),
  /** First month interest + interest parts of payments (not reversed) on or before `as_of`. */
  interest_paid: z.number(),
  remaining_interest: z.number(),
  remaining_principal: z.number(),
  total_outstanding: z.number(),
  /** Σ principal parts of the pledge's payments (not reversed). */
  paid_principal: z.number(),
  /** Σ interest parts of the pledge's payments (not reversed), without the first month interest. */
  paid_interest: z.number(),
  /** The latest payment's date (not reversed), or null: a new payment may not be dated before it. */
  last_payment_date: z.string().nullable(),
  /** Active, not moved to bank, not closed (docs/domain-rules.md §4). */
  is_payable: z.boolean(),
  closed_date: z.string().nullable(),
});
export type PledgeBalanceView = z.infer<typeof pledgeBalanceSchema>;

/**
 * One payment row (one pledge's part of a receipt): the list, the detail, a pledge's history and the
 * single payment's answer. The spec's fields plus the receipt, the reversal and who made it.
 */
export const pledgePaymentViewSchema = z.object({
  payment_id: z.number().int(),
  id: z.number().int(),
  receipt_id: z.number().int(),
  receipt_no: z.string(),
  /** 'single' or 'multiple' (one receipt over several pledges). */
  receipt_kind: z.enum(['single', 'multiple']),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  payment_date: z.string(),
  payment_type: paymentType,
  payment_method: paymentMethod,
  /** interest_amount + principal_amount. */
  amount: z.number(),
  interest_amount: z.number(),
  principal_amount: z.number(),
  penalty_amount: z.number(),
  discount_amount: z.number(),
  discount_reason: z.string().nullable(),
  penalty_reason: z.string().nullable(),
  /** Remaining principal + remaining interest right after this payment. */
  balance_amount: z.number(),
  bank_reference: z.string().nullable(),
  remarks: z.string().nullable(),
  /** This payment closed the pledge. */
  closed_pledge: z.boolean(),
  voucher_number: z.string(),
  created_at: z.string(),
  created_by_username: z.string().nullable(),
  reversed: z.boolean(),
  reversed_at: z.string().nullable(),
  reversed_by_username: z.string().nullable(),
  reversal_reason: z.string().nullable(),
  reversal_voucher_number: z.string().nullable(),
});
export type PledgePaymentView = z.infer<typeof pledgePaymentViewSchema>;

/** GET /pledges/{id}/payments. */
export const pledgePaymentListSchema = z.array(pledgePaymentViewSchema);

/** A row of Payment History, GET /pledge-payments/ (newest first, X-Total-Count). */
export const paymentHistoryRowSchema = pledgePaymentViewSchema.extend({
  /**
   * Whether the server would reverse this payment's receipt now (docs/domain-rules.md §4): not reversed, not
   * a renewal's, the latest unreversed payment on each of its pledges, and no pledge it closed released
   * since. The screen offers Reverse only on these; the reversal checks it again.
   */
  reversible: z.boolean(),
});
export type PaymentHistoryRow = z.infer<typeof paymentHistoryRowSchema>;
export const paymentHistoryListSchema = z.array(paymentHistoryRowSchema);

/** POST /pledge-payments/ and POST /pledges/payment: the saved payment and the pledge's balance after. */
export const pledgePaymentSavedSchema = pledgePaymentViewSchema.extend({
  balance: pledgeBalanceSchema,
});
export type PledgePaymentSaved = z.infer<typeof pledgePaymentSavedSchema>;

/** One pledge in GET /customers/{id}/pending-pledges (spec §3, version 2), from the server's balances. */
export const pendingPledgeSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  /** The loan (total_loan_amount). */
  pledge_amount: z.number(),
  pledge_date: z.string(),
  due_date: z.string(),
  scheme_name: z.string(),
  monthly_interest_rate: z.number(),
  days_elapsed: z.number().int(),
  remaining_interest: z.number(),
  remaining_principal: z.number(),
  total_outstanding: z.number(),
  paid_principal: z.number(),
  paid_interest: z.number(),
  last_payment_date: z.string().nullable(),
});
export type PendingPledge = z.infer<typeof pendingPledgeSchema>;

export const pendingPledgesSchema = z.object({
  customer_id: z.number().int(),
  as_of: z.string(),
  total_pledges: z.number().int(),
  total_outstanding: z.number(),
  pledges: z.array(pendingPledgeSchema),
});
export type PendingPledges = z.infer<typeof pendingPledgesSchema>;

/** POST /customers/{id}/multiple-pledge-payment (spec §3 'Multi-pledge payment response'). */
export const multiplePaymentResultSchema = z.object({
  receipt_no: z.string(),
  receipt_id: z.number().int(),
  /** The spec's payment id: the receipt's id (one receipt, a payment row per pledge). */
  payment_id: z.number().int(),
  master_voucher_no: z.string(),
  payment_date: z.string(),
  /** Σ payment_amount (interest + principal). */
  total_amount_paid: z.number(),
  /** What was received: total + penalty − discount. */
  net_amount: z.number(),
  total_discount: z.number(),
  total_penalty: z.number(),
  payment_method: paymentMethod,
  pledge_results: z.array(
    z.object({
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      payment_id: z.number().int(),
      payment_type: paymentType,
      payment_amount: z.number(),
      interest_paid: z.number(),
      principal_paid: z.number(),
      discount_amount: z.number(),
      penalty_amount: z.number(),
      remaining_balance: z.number(),
      payment_status: z.enum(['completed', 'partial']),
    }),
  ),
  /** The voucher's lines as text, e.g. 'Dr Cash in Hand ₹1,200.00'. */
  accounting_entries: z.array(z.string()),
  message: z.string(),
});
export type MultiplePaymentResult = z.infer<typeof multiplePaymentResultSchema>;

/** GET /receipts/{id}: everything a printed receipt shows. */
export const receiptViewSchema = z.object({
  receipt_id: z.number().int(),
  receipt_no: z.string(),
  kind: z.enum(['single', 'multiple']),
  payment_date: z.string(),
  customer: z.object({
    id: z.number().int(),
    acc_code: z.string(),
    customer_name: z.string(),
    mobile_number: z.string(),
    address: z.string().nullable(),
    city: z.string().nullable(),
  }),
  payment_method: paymentMethod,
  bank_reference: z.string().nullable(),
  remarks: z.string().nullable(),
  total_amount: z.number(),
  total_penalty: z.number(),
  total_discount: z.number(),
  net_amount: z.number(),
  discount_reason: z.string().nullable(),
  penalty_reason: z.string().nullable(),
  /** The clerk confirmed a cash receipt at or over the cash limit (optional: older answers). */
  cash_limit_confirmed: z.boolean().optional(),
  /** The admin who approved the discount or penalty; null when none was needed. */
  approved_by_username: z.string().nullable().optional(),
  lines: z.array(
    z.object({
      payment_id: z.number().int(),
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      payment_type: paymentType,
      amount: z.number(),
      interest_amount: z.number(),
      principal_amount: z.number(),
      penalty_amount: z.number(),
      discount_amount: z.number(),
      balance_amount: z.number(),
      closed_pledge: z.boolean(),
    }),
  ),
  voucher_number: z.string(),
  receipt_prints: z.number().int(),
  created_at: z.string(),
  created_by_username: z.string().nullable(),
  reversed: z.boolean(),
  reversed_at: z.string().nullable(),
  reversed_by_username: z.string().nullable(),
  reversal_reason: z.string().nullable(),
  reversal_voucher_number: z.string().nullable(),
});
export type ReceiptView = z.infer<typeof receiptViewSchema>;

/** POST /receipts/{id}/prints: records a print; `duplicate` when the receipt was printed before. */
export const receiptPrintSchema = z.object({ receipt_prints: z.number().int(), duplicate: z.boolean() });
export type ReceiptPrint = z.infer<typeof receiptPrintSchema>;
