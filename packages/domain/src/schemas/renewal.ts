import { gramsToMg } from '../money/units.ts';
import { approverSchema } from './branch-day.ts';
import { grams, id, MAX_ID, nonNegativeRupees, optionalText, plainDate, positiveRupees } from './common.ts';
import { MAX_PLEDGE_ITEMS, PLEDGE_PAYOUT_METHODS, pledgeItemSchema } from './pledges.ts';
import { z } from './zod.ts';

// POST /pledges/{id}/renew and /renew/preview (docs/domain-rules.md §8.3): the old
// pledge closed and a new one opened for the same customer in one step. The server recomputes every
// figure; these are the request's bounds.

export const RENEWAL_MESSAGES = {
  renewalDate: 'Please enter the renewal date as YYYY-MM-DD',
  scheme: 'Please select a scheme',
  itemId: 'Please choose an article of the old pledge',
  loan: 'Please enter the new loan amount (above 0)',
  noItems: 'Keep or add at least one article',
  tooManyItems: 'A pledge can have at most 100 items',
  netAboveGross: 'Net weight cannot be more than gross weight',
  documentCharges: 'Document charges cannot be negative',
  method: 'Payment method must be cash, bank transfer, online or cheque',
  expectedCash: 'The cash the preview showed must be an amount of 0 or more',
} as const;

/** How the cash difference moves: through the drawer (1000) or the bank (1190), as a pledge's payout. */
export const RENEWAL_PAYMENT_METHODS = PLEDGE_PAYOUT_METHODS;
export type RenewalPaymentMethod = (typeof RENEWAL_PAYMENT_METHODS)[number];

/** An article of the old pledge carried over; its weights may be weighed again (else as stored). */
export const renewalKeepItemSchema = z
  .object({
    pledge_item_id: z
      .number({ error: RENEWAL_MESSAGES.itemId })
      .int({ error: RENEWAL_MESSAGES.itemId })
      .positive({ error: RENEWAL_MESSAGES.itemId })
      .max(MAX_ID, { error: RENEWAL_MESSAGES.itemId }),
    gross_weight: grams('Gross weight must be above 0')
      .refine((v) => v > 0, { error: 'Gross weight must be above 0' })
      .optional(),
    net_weight: grams('Net weight must be above 0')
      .refine((v) => v > 0, { error: 'Net weight must be above 0' })
      .optional(),
    jewell_condition: optionalText(200),
    remarks: optionalText(500),
  })
  .refine(
    (item) => {
      if (item.gross_weight === undefined || item.net_weight === undefined) return true;
      try {
        return gramsToMg(item.net_weight) <= gramsToMg(item.gross_weight);
      } catch {
        return true;
      }
    },
    { path: ['net_weight'], error: RENEWAL_MESSAGES.netAboveGross },
  );
export type RenewalKeepItemInput = z.infer<typeof renewalKeepItemSchema>;

export const renewPledgeSchema = z.object({
  /** Today by default; not after today, not before the old pledge's latest payment. */
  renewal_date: plainDate(RENEWAL_MESSAGES.renewalDate).optional(),
  /** The new pledge's scheme: the old pledge's by default. */
  scheme_id: id(RENEWAL_MESSAGES.scheme).optional(),
  items: z
    .object({
      keep: z
        .array(renewalKeepItemSchema)
        .max(MAX_PLEDGE_ITEMS, { error: RENEWAL_MESSAGES.tooManyItems })
        .default([]),
      add: z
        .array(pledgeItemSchema)
        .max(MAX_PLEDGE_ITEMS, { error: RENEWAL_MESSAGES.tooManyItems })
        .default([]),
    })
    .refine((items) => items.keep.length + items.add.length >= 1, { error: RENEWAL_MESSAGES.noItems })
    .refine((items) => items.keep.length + items.add.length <= MAX_PLEDGE_ITEMS, {
      error: RENEWAL_MESSAGES.tooManyItems,
    }),
  total_loan_amount: positiveRupees(RENEWAL_MESSAGES.loan),
  document_charges: nonNegativeRupees(RENEWAL_MESSAGES.documentCharges).default(100),
  payment_method: z.enum(RENEWAL_PAYMENT_METHODS, { error: RENEWAL_MESSAGES.method }).default('cash'),
  payment_reference: z
    .string()
    .trim()
    .max(100, { error: 'Payment reference must be at most 100 characters' })
    .refine((v) => !v.includes('\u0000'), { error: 'Payment reference cannot contain a NUL character' })
    .nullable()
    .optional(),
  /** The clerk confirmed a cash amount at or over the company's cash limit (warn mode). */
  cash_limit_confirmed: z.boolean().default(false),
  remarks: optionalText(1000),
  /**
   * The cash the clerk's preview showed: the save answers 409 FIGURES_CHANGED when
   * its own figures differ (the loan typed after the preview, the outstanding or the rate moved
   * meanwhile), so what is saved is what was shown. The preview ignores them; the screen always sends them.
   */
  expected_cash_to_customer: nonNegativeRupees(RENEWAL_MESSAGES.expectedCash).optional(),
  expected_cash_from_customer: nonNegativeRupees(RENEWAL_MESSAGES.expectedCash).optional(),
  /**
   * A kept article weighed heavier than its pledge stored (`weighKeptArticle`): the
   * save needs the reason, and an admin's approval: the caller's own when an admin, else `approver`.
   */
  weight_increase_reason: optionalText(500),
  approver: approverSchema.nullable().optional(),
});
export type RenewPledgeInput = z.infer<typeof renewPledgeSchema>;
export type RenewPledgeFormInput = z.input<typeof renewPledgeSchema>;
