import { z } from '../zod.ts';
import { pledgeViewSchema } from './pledges.ts';

// Answers of the renewal calls (docs/domain-rules.md §8.3). Money in rupees as
// numbers, weights in grams, dates YYYY-MM-DD (docs/domain-rules.md §1).

/** One line of a voucher, its account named. */
export const renewalVoucherLineSchema = z.object({
  account_code: z.string(),
  account_name: z.string(),
  debit: z.number(),
  credit: z.number(),
});

export const renewalVoucherSchema = z.object({
  voucher_type: z.enum(['Receipt', 'Payment']),
  /** Null in a preview (nothing is numbered before the save). */
  voucher_number: z.string().nullable(),
  lines: z.array(renewalVoucherLineSchema),
});

/** An article of the new pledge: carried over from the old pledge, or added. */
export const renewalNewItemSchema = z.object({
  source: z.enum(['kept', 'added']),
  renewed_from_item_id: z.number().int().nullable(),
  jewell_design_id: z.number().int(),
  design_name: z.string().nullable(),
  gross_weight: z.number(),
  net_weight: z.number(),
  net_value: z.number(),
});

/** A kept article weighed heavier than its pledge stored: its stored and its new weights. */
export const renewalWeightIncreaseSchema = z.object({
  pledge_item_id: z.number().int(),
  stored_gross_weight: z.number(),
  stored_net_weight: z.number(),
  gross_weight: z.number(),
  net_weight: z.number(),
});

/** An article of the old pledge handed back to the customer with the renewal. */
export const renewalReturnedItemSchema = z.object({
  pledge_item_id: z.number().int(),
  jewell_design_id: z.number().int(),
  design_name: z.string(),
  gross_weight: z.number(),
  net_weight: z.number(),
});

/** POST /pledges/{id}/renew/preview: every figure of the renewal, nothing written. */
export const renewalPreviewSchema = z.object({
  renewal_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  old_pledge: z.object({
    pledge_id: z.number().int(),
    pledge_no: z.string(),
    pledge_date: z.string(),
    days_elapsed: z.number().int(),
    last_payment_date: z.string().nullable(),
    /** The outstanding as of the renewal date (docs/domain-rules.md §3), settled from the new loan. */
    principal: z.number(),
    interest: z.number(),
    outstanding: z.number(),
  }),
  new_pledge: z.object({
    scheme_id: z.number().int(),
    scheme_name: z.string(),
    pledge_date: z.string(),
    due_date: z.string(),
    rate_per_gram: z.number(),
    interest_rate: z.number(),
    loan_allowed_percent: z.number(),
    item_count: z.number().int(),
    gross_weight: z.number(),
    net_weight: z.number(),
    total_valuation: z.number(),
    eligible_loan: z.number(),
    total_loan_amount: z.number(),
    first_month_interest: z.number(),
    document_charges: z.number(),
    final_amount: z.number(),
    items: z.array(renewalNewItemSchema),
  }),
  returned_items: z.array(renewalReturnedItemSchema),
  /**
   * The kept articles weighed heavier than their pledge stored, beyond the scale's tolerance: the
   * save needs a reason and an admin's approval for them.
   */
  weight_increases: z.array(renewalWeightIncreaseSchema),
  /** The new final amount less the old outstanding: at most one of the two is above 0. */
  cash_to_customer: z.number(),
  cash_from_customer: z.number(),
  /** The difference in a sentence for the counter ("Pay Rs. 1,234.00 to the customer"). */
  cash_statement: z.string(),
  payment_method: z.string(),
  /** The cash that moves is at or over the company's cash limit (the save needs the confirmation). */
  cash_limit_reached: z.boolean(),
  close_voucher: renewalVoucherSchema,
  open_voucher: renewalVoucherSchema,
  warnings: z.array(z.object({ code: z.string(), message: z.string() })),
});
export type RenewalPreview = z.infer<typeof renewalPreviewSchema>;

/** POST /pledges/{id}/renew: the figures as saved, both pledges, the receipt and the two vouchers. */
export const renewalSavedSchema = renewalPreviewSchema.extend({
  renewal_id: z.number().int(),
  receipt_id: z.number().int(),
  receipt_no: z.string(),
  old_pledge_view: pledgeViewSchema,
  new_pledge_view: pledgeViewSchema,
});
export type RenewalSaved = z.infer<typeof renewalSavedSchema>;

/** GET /pledges/{id}/renewals: the renewals a pledge was made by or ended in (links both ways). */
export const pledgeRenewalLinksSchema = z.object({
  pledge_id: z.number().int(),
  renewed_from: z
    .object({
      renewal_id: z.number().int(),
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      renewal_date: z.string(),
    })
    .nullable(),
  renewed_to: z
    .object({
      renewal_id: z.number().int(),
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      renewal_date: z.string(),
      receipt_id: z.number().int(),
      receipt_no: z.string(),
    })
    .nullable(),
});
export type PledgeRenewalLinks = z.infer<typeof pledgeRenewalLinksSchema>;
