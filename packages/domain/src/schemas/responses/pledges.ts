import { PLEDGE_PAYOUT_METHODS } from '../pledges.ts';
import { z } from '../zod.ts';

// Answers of the pledge calls (pledges-and-payments §3 and §7). Money in rupees, weights in
// grams, percents as numbers (docs/domain-rules.md §1). The server answers with these; the web parses with them.

/** One item of a pledge (GET /pledges/{id}/items, and `items` of a pledge). */
export const pledgeItemViewSchema = z.object({
  pledge_item_id: z.number().int(),
  pledge_id: z.number().int(),
  jewell_design_id: z.number().int(),
  design_name: z.string(),
  jewell_condition: z.string().nullable(),
  gross_weight: z.number(),
  net_weight: z.number(),
  net_value: z.number(),
  remarks: z.string().nullable(),
  /** A short-lived signed link to the item's photo, or null (an <img> cannot send the bearer token). */
  image: z.string().nullable(),
  created_at: z.string(),
});
export type PledgeItemView = z.infer<typeof pledgeItemViewSchema>;

/**
 * A pledge as the list, the detail and the payment screens read it: the spec's fields, the customer's
 * and scheme's names for the list, the scheme terms kept on the pledge (docs/domain-rules.md §2), and the
 * payment screens' spelling (`principal_amount` = the loan, `start_date` = the pledge date).
 */
export const pledgeSummarySchema = z.object({
  pledge_id: z.number().int(),
  id: z.number().int(),
  pledge_no: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_acc_code: z.string(),
  customer_mobile: z.string(),
  scheme_id: z.number().int(),
  scheme_name: z.string(),
  pledge_date: z.string(),
  due_date: z.string(),
  closed_date: z.string().nullable(),
  document_charges: z.number(),
  first_month_interest: z.number(),
  total_loan_amount: z.number(),
  final_amount: z.number(),
  total_valuation: z.number(),
  eligible_loan: z.number(),
  status: z.enum(['active', 'inactive']),
  is_move_to_bank: z.boolean(),
  remarks: z.string().nullable(),
  /** The packet the articles are sealed in (null when none was given). */
  packet_no: z.string().nullable().optional(),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  /** Scheme terms when the pledge was made. */
  rate_per_gram: z.number(),
  interest_rate: z.number(),
  loan_allowed_percent: z.number(),
  slippage_percent: z.number(),
  duration: z.number().int(),
  /** Payment screens' names (pledges-and-payments §3). */
  principal_amount: z.number(),
  start_date: z.string(),
  /** The Payment voucher that paid the loan out. */
  voucher_number: z.string().nullable(),
  /** Pawn tickets printed so far; every print after the first is a 'DUPLICATE'. */
  ticket_prints: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PledgeSummary = z.infer<typeof pledgeSummarySchema>;

/** GET /pledges/{id}, PUT /pledges/{id}/with-items: the pledge with its items. */
export const pledgeViewSchema = pledgeSummarySchema.extend({
  items: z.array(pledgeItemViewSchema),
  /**
   * How the final amount was paid out and its reference, and whether the clerk confirmed a cash payout
   * at or over the cash limit. Optional in the type only so older answers still
   * parse; the server always sends them.
   */
  payout_method: z.enum(PLEDGE_PAYOUT_METHODS).optional(),
  payout_reference: z.string().nullable().optional(),
  cash_limit_confirmed: z.boolean().optional(),
});
export type PledgeView = z.infer<typeof pledgeViewSchema>;

/** A server warning shown as a warning toast (net weight well under gross, loan near the eligible amount). */
export const pledgeWarningSchema = z.object({ code: z.string(), message: z.string() });
export type PledgeWarning = z.infer<typeof pledgeWarningSchema>;

/** POST /pledges/with-items and PUT /pledges/{id}/with-items: the pledge, its items and warnings. */
export const pledgeSavedSchema = pledgeViewSchema.extend({ warnings: z.array(pledgeWarningSchema) });
export type PledgeSaved = z.infer<typeof pledgeSavedSchema>;

/**
 * How a pledge's rate per gram is chosen (docs/decisions.md): the jewel type's rate in the
 * Jewel Rates master in force on the pledge date, or under the RBI regime the lower of the previous
 * day's rate and the average of the days before.
 */
export const VALUATION_BASES = ['rate_in_force', 'rbi_previous_day', 'rbi_average'] as const;
export type ValuationBasis = (typeof VALUATION_BASES)[number];

/**
 * GET /pledges/valuation-rate: the rate per gram the server values a new pledge of a scheme on a date
 * at, so the form shows the figures the server will check.
 */
export const valuationRateSchema = z.object({
  scheme_id: z.number().int(),
  jewel_type_id: z.number().int(),
  jewel_type_name: z.string(),
  pledge_date: z.string(),
  rate_per_gram: z.number(),
  basis: z.enum(VALUATION_BASES),
  /** The date of the Jewel Rates entry used: the one in force, or (RBI) the previous day's. */
  rate_date: z.string(),
  /** Under the RBI regime: the previous day's rate, the average of the window, the window's days. */
  previous_day_rate: z.number().nullable(),
  average_rate: z.number().nullable(),
  average_days: z.number().int().nullable(),
});
export type ValuationRateView = z.infer<typeof valuationRateSchema>;

/** GET /pledges/ and GET /customers/{id}/pledges/active: one page, newest first. */
export const pledgeListSchema = z.array(pledgeSummarySchema);

/** GET /pledges/count */
export const pledgeCountSchema = z.object({ count: z.number().int() });
export type PledgeCount = z.infer<typeof pledgeCountSchema>;

/** POST /pledges/{id}/ticket-prints: records a print; `duplicate` when a ticket was printed before. */
export const ticketPrintSchema = z.object({ ticket_prints: z.number().int(), duplicate: z.boolean() });
export type TicketPrint = z.infer<typeof ticketPrintSchema>;

/** GET /search?q=: the header's Search box. */
export const quickSearchSchema = z.object({
  pledges: z.array(
    z.object({
      pledge_id: z.number().int(),
      pledge_no: z.string(),
      customer_name: z.string(),
      status: z.enum(['active', 'inactive']),
      closed_date: z.string().nullable(),
    }),
  ),
  customers: z.array(
    z.object({
      id: z.number().int(),
      acc_code: z.string(),
      customer_name: z.string(),
      mobile_number: z.string(),
    }),
  ),
});
export type QuickSearch = z.infer<typeof quickSearchSchema>;
