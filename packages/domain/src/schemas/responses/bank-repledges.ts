import { z } from '../zod.ts';

// Re-pledge with a bank: a re-pledge as the register and the pledge's detail show
// it. Amounts in rupees, weights in grams.

export const bankRepledgeSchema = z.object({
  id: z.number().int(),
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  customer_id: z.number().int(),
  customer_code: z.string(),
  customer_name: z.string(),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  /** The pawner's loan, for comparison with what the bank lent. */
  loan_amount: z.number(),
  bank_id: z.number().int(),
  bank_name: z.string(),
  bank_branch: z.string(),
  pledged_on: z.string(),
  amount_borrowed: z.number(),
  bank_reference: z.string(),
  received_by: z.enum(['bank', 'cash']),
  voucher_number: z.string(),
  /** 'open' while the articles are at the bank. */
  status: z.enum(['open', 'returned']),
  returned_on: z.string().nullable(),
  bank_interest: z.number().nullable(),
  paid_by: z.enum(['bank', 'cash']).nullable(),
  return_reference: z.string().nullable(),
  return_voucher_number: z.string().nullable(),
  /** Days at the bank: to the return, or to today while still there. */
  days_at_bank: z.number().int(),
  remarks: z.string().nullable(),
  created_at: z.string(),
});
export type BankRepledge = z.infer<typeof bankRepledgeSchema>;

export const bankRepledgeListSchema = z.array(bankRepledgeSchema);

/** The register's totals of one bank (or of all, bank_id null) over the filter's rows. */
export const bankRepledgeTotalsSchema = z.object({
  bank_id: z.number().int().nullable(),
  bank_name: z.string(),
  count: z.number().int(),
  item_count: z.number().int(),
  gross_weight: z.number(),
  net_weight: z.number(),
  amount_borrowed: z.number(),
  /** Open re-pledges among them (what is still at the bank). */
  open_count: z.number().int(),
  open_borrowed: z.number(),
});

/** GET /bank-repledges: the register of what is at which bank. */
export const bankRepledgeRegisterSchema = z.object({
  status: z.enum(['open', 'returned', 'all']),
  bank_id: z.number().int().nullable(),
  as_of: z.string(),
  skip: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  rows: bankRepledgeListSchema,
  by_bank: z.array(bankRepledgeTotalsSchema),
  totals: bankRepledgeTotalsSchema,
});
export type BankRepledgeRegister = z.infer<typeof bankRepledgeRegisterSchema>;
