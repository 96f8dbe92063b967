import { RELEASE_RECEIVER_KINDS } from '../../end-of-pledge/release.ts';
import { endOfPledgeSettingsSchema } from '../releases.ts';
import { z } from '../zod.ts';

// Answers of the release of a pledge's articles, the pending and made releases, a pledge's history and
// the end-of-pledge settings. Money in rupees, weights in grams, dates YYYY-MM-DD, instants ISO.

const userRef = z.object({ id: z.number().int(), username: z.string() }).nullable();

/** A release as the lists show it. */
export const releaseSummarySchema = z.object({
  release_id: z.number().int(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  closed_date: z.string().nullable(),
  released_on: z.string(),
  released_at: z.string(),
  receiver_kind: z.enum(RELEASE_RECEIVER_KINDS),
  receiver_name: z.string(),
  receiver_id_proof: z.string().nullable(),
  proof_reference: z.string().nullable(),
  proof_file_id: z.number().int().nullable(),
  handed_over_by: userRef,
  remarks: z.string().nullable(),
  slip_prints: z.number().int(),
  created_by: userRef,
});
export type ReleaseSummary = z.infer<typeof releaseSummarySchema>;

/** GET /releases?from=&to= (X-Total-Count). */
export const releaseListSchema = z.array(releaseSummarySchema);

/** GET /pledges/{id}/release and the answer of POST: what the release slip (Form H) prints. */
export const releaseViewSchema = releaseSummarySchema.extend({
  pledge: z.object({
    pledge_date: z.string(),
    due_date: z.string(),
    closed_date: z.string().nullable(),
    scheme_name: z.string(),
    packet_no: z.string().nullable(),
    total_loan_amount: z.number(),
    item_count: z.number().int(),
    gross_weight: z.number(),
    net_weight: z.number(),
  }),
  customer: z.object({
    id: z.number().int(),
    acc_code: z.string(),
    customer_name: z.string(),
    guardian_name: z.string(),
    mobile: z.string(),
    address: z.string(),
  }),
  items: z.array(
    z.object({
      pledge_item_id: z.number().int(),
      design_name: z.string(),
      condition: z.string().nullable(),
      gross_weight: z.number(),
      net_weight: z.number(),
    }),
  ),
  /**
   * What the slip prints as paid (redemptionFigures): the counted (not reversed) payments' sums, the
   * first month's interest taken from the loan when it was made, and their total.
   */
  paid: z.object({
    principal: z.number(),
    /**
     * Interest paid (docs/domain-rules.md §3): first_month_interest + interest, the slip's Interest Paid
     * line.
     */
    interest_paid: z.number(),
    /** Taken at the start, out of the loan: part of interest_paid. */
    first_month_interest: z.number(),
    /** The interest of the receipts: the rest of interest_paid. */
    interest: z.number(),
    penalty: z.number(),
    /** Taken off: a positive amount the total subtracts. */
    discount: z.number(),
    /** principal + interest_paid + penalty − discount: the sum of the printed lines. */
    total: z.number(),
    receipts: z.array(z.object({ receipt_no: z.string(), payment_date: z.string(), amount: z.number() })),
  }),
});
export type ReleaseView = z.infer<typeof releaseViewSchema>;

/** POST /pledges/{id}/release/slip-prints. */
export const releaseSlipPrintSchema = z.object({ slip_prints: z.number().int(), duplicate: z.boolean() });

/** GET /releases/pending: a closed pledge whose articles are still in the vault (X-Total-Count). */
export const pendingReleaseSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  packet_no: z.string().nullable(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  customer_mobile: z.string(),
  pledge_date: z.string(),
  closed_date: z.string(),
  closed_by: z.string(),
  total_loan_amount: z.number(),
  item_count: z.number().int(),
  net_weight: z.number(),
  is_move_to_bank: z.boolean(),
  /** Working days (Sundays not counted) from the closing day to as_of. */
  working_days_waited: z.number().int(),
  /** More than the company's release_wait_working_days. */
  overdue: z.boolean(),
});
export type PendingRelease = z.infer<typeof pendingReleaseSchema>;
export const pendingReleaseListSchema = z.array(pendingReleaseSchema);

export const PLEDGE_EVENT_KINDS = [
  'created',
  'paid',
  'payment_reversed',
  'renewed',
  'renewed_from',
  'moved_to_bank',
  'returned_from_bank',
  'notice_created',
  'notice_sent',
  'notice_delivered',
  'put_in_lot',
  'withdrawn_from_lot',
  'sold',
  'released',
] as const;
export type PledgeEventKind = (typeof PLEDGE_EVENT_KINDS)[number];

export const pledgeEventSchema = z.object({
  kind: z.enum(PLEDGE_EVENT_KINDS),
  date: z.string(),
  at: z.string().nullable(),
  text: z.string(),
  amount: z.number().nullable(),
  reference: z.string().nullable(),
  user: z.string().nullable(),
  /** A payment later reversed. */
  reversed: z.boolean(),
});
export type PledgeEvent = z.infer<typeof pledgeEventSchema>;

/** GET /pledges/{id}/history: the pledge's state and every event, oldest first. */
export const pledgeHistorySchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  closed_date: z.string().nullable(),
  closed_by: z.string().nullable(),
  released_on: z.string().nullable(),
  is_move_to_bank: z.boolean(),
  /** The articles may be released now (closed by payment, in the vault, not at a bank). */
  releasable: z.boolean(),
  /** Has a release (its slip can be printed). */
  has_release: z.boolean(),
  events: z.array(pledgeEventSchema),
});
export type PledgeHistory = z.infer<typeof pledgeHistorySchema>;

/** GET/PUT /companies/{id}/end-of-pledge-settings. */
export const endOfPledgeSettingsViewSchema = endOfPledgeSettingsSchema.extend({
  defaults: endOfPledgeSettingsSchema,
});
export type EndOfPledgeSettings = z.infer<typeof endOfPledgeSettingsViewSchema>;
