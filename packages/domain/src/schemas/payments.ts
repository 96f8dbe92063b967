import { rupeesToPaise } from '../money/money.ts';
import { PAYMENT_MESSAGES, PAYMENT_METHODS, PAYMENT_TYPES } from '../payments/validation.ts';
import { approverSchema } from './branch-day.ts';
import { id, nonNegativeRupees, optionalText, plainDate, positiveRupees } from './common.ts';
import { z } from './zod.ts';

/**
 * Payment request bodies (pledges-and-payments §5 and §7). The schemas check shape and the rules that
 * need no balance; `validatePayment` / `validateMultiplePayment` check the amounts against the pledge.
 */

const method = z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.paymentMethod });
const bankReference = z.string().trim().max(100, { error: 'Bank reference must be at most 100 characters' });

const needsReference = (m: unknown, ref: string | null | undefined) =>
  typeof m === 'string' && m !== 'cash' && !ref?.trim();

const singlePaymentFields = {
  pledge_id: id(PAYMENT_MESSAGES.pledge),
  payment_date: plainDate(PAYMENT_MESSAGES.paymentDate),
  payment_type: z.enum(PAYMENT_TYPES, { error: PAYMENT_MESSAGES.paymentType }),
  amount: positiveRupees(PAYMENT_MESSAGES.amount),
  interest_amount: nonNegativeRupees('Interest amount cannot be negative').default(0),
  principal_amount: nonNegativeRupees('Principal amount cannot be negative').default(0),
  penalty_amount: nonNegativeRupees(PAYMENT_MESSAGES.penaltyNegative).default(0),
  discount_amount: nonNegativeRupees(PAYMENT_MESSAGES.discountNegative).default(0),
  payment_method: method,
  bank_reference: bankReference.nullable().optional(),
  remarks: optionalText(1000),
  /** Typed by the user: used as is and unique in the company; generated when empty (docs/domain-rules.md §5). */
  receipt_no: z.string().trim().max(50).nullable().optional(),
  /** The clerk confirmed a cash receipt at or over the company's cash limit (warn mode). */
  cash_limit_confirmed: z.boolean().default(false),
  /** An admin's name and password typed on a clerk's screen to approve a discount or penalty. */
  approver: approverSchema.nullable().optional(),
};

function singlePaymentChecks(
  p: { payment_method: string; bank_reference?: string | null | undefined },
  ctx: z.RefinementCtx,
): void {
  if (needsReference(p.payment_method, p.bank_reference)) {
    ctx.addIssue({ code: 'custom', path: ['bank_reference'], message: PAYMENT_MESSAGES.bankReference });
  }
}

/** POST /pledge-payments/ (alias POST /pledges/payment). */
export const pledgePaymentSchema = z.object(singlePaymentFields).superRefine(singlePaymentChecks);
export type PledgePaymentInput = z.infer<typeof pledgePaymentSchema>;
export const paymentSchema = pledgePaymentSchema;

/** The single-payment form: the request plus the customer picked on the screen. */
export const pledgePaymentFormSchema = z
  .object({ customer_id: id(PAYMENT_MESSAGES.customer), ...singlePaymentFields })
  .superRefine(singlePaymentChecks);
/** What the single-payment form holds (customer included), before defaults are applied. */
export type PledgePaymentFormInput = z.input<typeof pledgePaymentFormSchema>;
/** The parsed single-payment form. */
export type PledgePaymentFormValues = z.infer<typeof pledgePaymentFormSchema>;

export const pledgePaymentPartSchema = z.object({
  pledge_id: id(PAYMENT_MESSAGES.pledge),
  payment_amount: positiveRupees(PAYMENT_MESSAGES.amount),
  /** Version 2 sends 'regular'; the server decides the stored type from the split. */
  payment_type: z.string().trim().max(30).default('regular'),
  interest_amount: nonNegativeRupees('Interest amount cannot be negative').default(0),
  principal_amount: nonNegativeRupees('Principal amount cannot be negative').default(0),
  discount_amount: nonNegativeRupees(PAYMENT_MESSAGES.discountNegative).default(0),
  penalty_amount: nonNegativeRupees(PAYMENT_MESSAGES.penaltyNegative).default(0),
  discount_reason: optionalText(500),
  penalty_reason: optionalText(500),
  remarks: optionalText(500),
});
export type PledgePaymentPartInput = z.infer<typeof pledgePaymentPartSchema>;

function toPaise(rupees: unknown): number | undefined {
  if (typeof rupees !== 'number') return undefined;
  try {
    return rupeesToPaise(rupees);
  } catch {
    return undefined;
  }
}

/** One receipt pays at most this many pledges (far above a customer's pledges at one counter visit). */
export const MAX_PLEDGES_PER_PAYMENT = 100;
const TOO_MANY_PLEDGES = `At most ${MAX_PLEDGES_PER_PAYMENT} pledges can be paid in one payment`;

/** POST /customers/{id}/multiple-pledge-payment (docs/domain-rules.md §4.5): every pledge paid or none. */
export const multiplePledgePaymentSchema = z
  .object({
    customer_id: id(PAYMENT_MESSAGES.selectCustomerAndPledges),
    total_payment_amount: positiveRupees(PAYMENT_MESSAGES.enterPaymentAmounts),
    payment_method: method,
    bank_reference: bankReference.nullable().optional(),
    payment_date: plainDate(PAYMENT_MESSAGES.paymentDate),
    pledge_payments: z
      .array(pledgePaymentPartSchema, { error: PAYMENT_MESSAGES.selectCustomerAndPledges })
      .min(1, { error: PAYMENT_MESSAGES.selectCustomerAndPledges })
      .max(MAX_PLEDGES_PER_PAYMENT, { error: TOO_MANY_PLEDGES }),
    general_remarks: optionalText(1000),
    receipt_no: z.string().trim().max(50).nullable().optional(),
    total_discount_amount: nonNegativeRupees(PAYMENT_MESSAGES.discountNegative).default(0),
    total_penalty_amount: nonNegativeRupees(PAYMENT_MESSAGES.penaltyNegative).default(0),
    discount_reason: optionalText(500),
    penalty_reason: optionalText(500),
    approve_discount: z.boolean().default(false),
    approve_penalty: z.boolean().default(false),
    /** The clerk confirmed a cash receipt at or over the company's cash limit (warn mode). */
    cash_limit_confirmed: z.boolean().default(false),
    /** An admin's name and password typed on a clerk's screen to approve a discount or penalty. */
    approver: approverSchema.nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (needsReference(p.payment_method, p.bank_reference)) {
      ctx.addIssue({ code: 'custom', path: ['bank_reference'], message: PAYMENT_MESSAGES.bankReference });
    }
    if (p.total_discount_amount > 0 && !p.approve_discount) {
      ctx.addIssue({ code: 'custom', path: ['approve_discount'], message: PAYMENT_MESSAGES.approveDiscount });
    }
    if (p.total_penalty_amount > 0 && !p.approve_penalty) {
      ctx.addIssue({ code: 'custom', path: ['approve_penalty'], message: PAYMENT_MESSAGES.approvePenalty });
    }
    // Totals are compared in paise: 0.1 + 0.2 must equal 0.3 here too.
    const parts = Array.isArray(p.pledge_payments) ? p.pledge_payments : [];
    const sum = (pick: (part: PledgePaymentPartInput) => number) =>
      parts.reduce((s, part) => s + (toPaise(pick(part)) ?? Number.NaN), 0);
    const total = toPaise(p.total_payment_amount);
    if (parts.length > 0 && total !== undefined && total > 0 && sum((x) => x.payment_amount) !== total) {
      ctx.addIssue({
        code: 'custom',
        path: ['total_payment_amount'],
        message: PAYMENT_MESSAGES.totalMismatch,
      });
    }
    const seen = new Set<number>();
    parts.forEach((part, i) => {
      if (seen.has(part.pledge_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pledge_payments', i, 'pledge_id'],
          message: 'A pledge can appear only once in a payment',
        });
      }
      seen.add(part.pledge_id);
    });
  });
export type MultiplePledgePaymentInput = z.infer<typeof multiplePledgePaymentSchema>;
/** What a form may send before defaults are applied. */
export type MultiplePledgePaymentFormInput = z.input<typeof multiplePledgePaymentSchema>;

/** POST /pledge-payments/{id}/reverse (docs/domain-rules.md §4.9): an admin, with a reason that is kept. */
export const PAYMENT_REVERSAL_MESSAGES = {
  reason: 'Please give the reason for the reversal',
} as const;
export const paymentReversalSchema = z.object({
  reason: z
    .string({ error: PAYMENT_REVERSAL_MESSAGES.reason })
    .trim()
    .min(1, { error: PAYMENT_REVERSAL_MESSAGES.reason })
    .max(500, { error: 'Reason must be at most 500 characters' })
    .refine((s) => !s.includes('\u0000'), { error: PAYMENT_REVERSAL_MESSAGES.reason }),
});
export type PaymentReversalInput = z.infer<typeof paymentReversalSchema>;

/** GET /pledge-payments/ query (spec §7 filters; empty values are omitted by the screen). */
export const PAYMENT_LIST_MAX_LIMIT = 100;
