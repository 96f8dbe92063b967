import { z } from '../zod.ts';

const balanceSide = z.enum(['debit', 'credit']);

/** GET /reports/trial-balance (amounts in rupees). */
export const trialBalanceSchema = z.object({
  as_of: z.string(),
  rows: z.array(
    z.object({
      account_id: z.number().int().nullable(),
      account_code: z.string(),
      account_name: z.string(),
      account_type: z.string(),
      balance_side: balanceSide,
      opening_balance: z.number(),
      debit: z.number(),
      credit: z.number(),
      closing_balance: z.number(),
      closing_debit: z.number(),
      closing_credit: z.number(),
    }),
  ),
  opening_balance_difference: z.number(),
  totals: z.object({
    debit: z.number(),
    credit: z.number(),
    closing_debit: z.number(),
    closing_credit: z.number(),
  }),
  balanced: z.boolean(),
});
export type TrialBalance = z.infer<typeof trialBalanceSchema>;

/** GET /reports/ledger: one account's lines with their running balance. */
export const ledgerSchema = z.object({
  account: z.object({
    account_id: z.number().int(),
    account_code: z.string(),
    account_name: z.string(),
    account_type: z.string(),
    balance_side: balanceSide,
  }),
  from: z.string(),
  to: z.string(),
  brought_forward: z.number(),
  lines: z.array(
    z.object({
      entry_date: z.string(),
      entry_id: z.number().int(),
      voucher_number: z.string(),
      voucher_type: z.string(),
      narration: z.string(),
      /** The kind and values of the voucher's narration when the line shows it (VOUCHER_NARRATIONS). */
      narration_code: z.string().nullable().optional(),
      narration_params: z.record(z.string(), z.string()).nullable().optional(),
      debit: z.number(),
      credit: z.number(),
      balance: z.number(),
    }),
  ),
  totals: z.object({ debit: z.number(), credit: z.number() }),
  closing_balance: z.number(),
});
export type Ledger = z.infer<typeof ledgerSchema>;

/** GET /reports/day-book: every voucher of a range with its lines, and totals per type. */
export const dayBookSchema = z.object({
  from: z.string(),
  to: z.string(),
  vouchers: z.array(
    z.object({
      entry_id: z.number().int(),
      entry_date: z.string(),
      voucher_type: z.string(),
      voucher_number: z.string(),
      reference_number: z.string().nullable(),
      narration: z.string(),
      /** The kind of a narration the server wrote (VOUCHER_NARRATIONS) and its values; null when typed. */
      narration_code: z.string().nullable().optional(),
      narration_params: z.record(z.string(), z.string()).nullable().optional(),
      total_amount: z.number(),
      source: z.string(),
      lines: z.array(
        z.object({
          account_code: z.string(),
          account_name: z.string(),
          debit: z.number(),
          credit: z.number(),
          narration: z.string().nullable(),
        }),
      ),
    }),
  ),
  totals_by_type: z.array(
    z.object({ voucher_type: z.string(), count: z.number().int(), total_amount: z.number() }),
  ),
  totals: z.object({ count: z.number().int(), debit: z.number(), credit: z.number() }),
});
export type DayBook = z.infer<typeof dayBookSchema>;
