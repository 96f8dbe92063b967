import { z } from '../zod.ts';

// The answers of the overdue list, the daily collection and the loans paid out:
// JSON pages of `rows` with the range's totals and summaries, all amounts in rupees. The whole range
// comes as CSV with `format=csv`; X-Total-Count counts the range's rows.

const money = z.number();
const pageFields = {
  page: z.number().int(),
  page_size: z.number().int(),
  /** Rows in the whole range (also in X-Total-Count). */
  total_count: z.number().int(),
};

/** GET /registers/overdue?as_of=: open pledges past their due date, most overdue first. */
export const overdueRowSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  mobile_number: z.string(),
  due_date: z.string(),
  days_overdue: z.number().int(),
  loan_amount: money,
  /** As of as_of (docs/domain-rules.md §3–§4), from the payments dated up to as_of that are not reversed. */
  remaining_principal: money,
  remaining_interest: money,
  outstanding: money,
});
export const overdueListSchema = z.object({
  as_of: z.string(),
  ...pageFields,
  rows: z.array(overdueRowSchema),
  totals: z.object({
    count: z.number().int(),
    /** Σ remaining principal as of as_of of every overdue pledge (not just this page). */
    principal_outstanding: money,
  }),
});
export type OverdueRow = z.infer<typeof overdueRowSchema>;
export type OverdueList = z.infer<typeof overdueListSchema>;

/** Sums of a group of payment rows that are not reversed; net = interest + principal + penalty − discount. */
export const collectionSumsSchema = z.object({
  receipts: z.number().int(),
  payments: z.number().int(),
  interest: money,
  principal: money,
  penalty: money,
  discount: money,
  net: money,
});
export type CollectionSums = z.infer<typeof collectionSumsSchema>;

/** GET /reports/collections?from=&to=: the receipts of a range, reversed ones flagged and left out of every sum. */
export const collectionRowSchema = z.object({
  receipt_id: z.number().int(),
  receipt_no: z.string(),
  payment_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  pledge_nos: z.array(z.string()),
  payment_method: z.string(),
  username: z.string().nullable(),
  interest: money,
  principal: money,
  penalty: money,
  discount: money,
  net: money,
  reversed: z.boolean(),
});
/** An auction shortfall collected from a pawner in the range, with its own receipt. */
export const shortfallCollectionRowSchema = z.object({
  settlement_id: z.number().int(),
  receipt_no: z.string().nullable(),
  collected_on: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  pledge_no: z.string(),
  payment_method: z.string(),
  username: z.string().nullable(),
  amount: money,
});
export type ShortfallCollectionRow = z.infer<typeof shortfallCollectionRowSchema>;

export const collectionReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...pageFields,
  rows: z.array(collectionRowSchema),
  totals: collectionSumsSchema,
  /** Receipts of the range that were reversed: listed among the rows, counted here only. */
  reversed: z.object({ receipts: z.number().int(), net: money }),
  by_type: z.array(collectionSumsSchema.extend({ payment_type: z.string() })),
  by_method: z.array(collectionSumsSchema.extend({ payment_method: z.string() })),
  by_user: z.array(
    collectionSumsSchema.extend({ user_id: z.number().int().nullable(), username: z.string().nullable() }),
  ),
  by_day: z.array(collectionSumsSchema.extend({ date: z.string() })),
  /** Cash taken in besides payments: the auction shortfalls collected in the range, all of them. */
  shortfalls_collected: z.object({
    rows: z.array(shortfallCollectionRowSchema),
    receipts: z.number().int(),
    net: money,
  }),
  /** Everything the range brought in: the payments' net (totals.net) and the shortfalls collected. */
  total_collected: money,
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;
export type CollectionReport = z.infer<typeof collectionReportSchema>;

/** Sums of a group of pledges paid out; final = loan − first month interest − document charges. */
export const disbursementSumsSchema = z.object({
  count: z.number().int(),
  loan: money,
  first_month_interest: money,
  document_charges: money,
  final_amount: money,
});
export type DisbursementSums = z.infer<typeof disbursementSumsSchema>;

/** GET /reports/disbursements?from=&to=: the pledges paid out in a range, by pledge date. */
export const disbursementRowSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  scheme_id: z.number().int(),
  scheme_name: z.string(),
  username: z.string().nullable(),
  loan: money,
  first_month_interest: money,
  document_charges: money,
  final_amount: money,
  payout_method: z.string(),
  payout_reference: z.string().nullable(),
});
export const disbursementReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  ...pageFields,
  rows: z.array(disbursementRowSchema),
  totals: disbursementSumsSchema,
  by_day: z.array(disbursementSumsSchema.extend({ date: z.string() })),
  by_scheme: z.array(disbursementSumsSchema.extend({ scheme_id: z.number().int(), scheme_name: z.string() })),
  by_user: z.array(
    disbursementSumsSchema.extend({ user_id: z.number().int().nullable(), username: z.string().nullable() }),
  ),
  by_method: z.array(disbursementSumsSchema.extend({ payout_method: z.string() })),
});
export type DisbursementRow = z.infer<typeof disbursementRowSchema>;
export type DisbursementReport = z.infer<typeof disbursementReportSchema>;
