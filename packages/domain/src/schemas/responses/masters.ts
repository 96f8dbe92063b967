import { z } from '../zod.ts';

/** GET/POST/PUT /bank-details/ */
export const bankViewSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_holder_name: z.string(),
  account_number: z.string(),
  ifsc_code: z.string(),
  branch_name: z.string(),
  account_type: z.string(),
  status: z.boolean(),
  created_at: z.string(),
});
export type BankView = z.infer<typeof bankViewSchema>;

/** GET/POST/PUT /gold_silver_rates (rupees per gram). */
export const rateViewSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  gold_rate_per_gram: z.number(),
  silver_rate_per_gram: z.number(),
  company_id: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type RateView = z.infer<typeof rateViewSchema>;

/** GET/POST/PUT /jewel-types/ */
export const jewelTypeViewSchema = z.object({
  id: z.number().int(),
  jewel_name: z.string(),
  description: z.string().nullable(),
  purity: z.string(),
  /** Gold or silver; older answers without it were gold. */
  metal: z.enum(['gold', 'silver']).default('gold'),
  status: z.boolean(),
  created_at: z.string(),
});
export type JewelTypeView = z.infer<typeof jewelTypeViewSchema>;

/** GET/POST/PUT /jewel-rates/, with the type's name. */
export const jewelRateViewSchema = z.object({
  id: z.number().int(),
  jewel_type_id: z.number().int(),
  jewel_name: z.string(),
  rate_per_gram: z.number(),
  market_price: z.number(),
  selling_price: z.number(),
  effective_date: z.string(),
  status: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});
export type JewelRateView = z.infer<typeof jewelRateViewSchema>;

/** GET/POST /jewell_designs/ */
export const designViewSchema = z.object({
  id: z.number().int(),
  design_name: z.string(),
  /** A coin rather than an ornament; older answers without it were ornaments. */
  is_coin: z.boolean().default(false),
  created_at: z.string(),
});
export type DesignView = z.infer<typeof designViewSchema>;

/** GET/POST/PUT /chart-of-accounts/ (opening balance in rupees). */
export const chartAccountViewSchema = z.object({
  id: z.number().int(),
  account_name: z.string(),
  account_code: z.string(),
  sub_account_of: z.number().int().nullable(),
  account_type: z.string(),
  account_category: z.string(),
  opening_balance: z.number(),
  description: z.string().nullable(),
  status: z.boolean(),
  /** The accounts of docs/domain-rules.md §6.1: renamed, never deleted. */
  is_system: z.boolean(),
  company_id: z.number().int(),
  created_at: z.string(),
});
export type ChartAccountView = z.infer<typeof chartAccountViewSchema>;

/**
 * GET/POST/PUT /schemes/: a scheme in both spellings the specs use, the masters screen's
 * (shell-and-masters §3) and the pledge screens' (pledges-and-payments §3).
 */
export const schemeViewSchema = z.object({
  id: z.number().int(),
  jewel_type_id: z.number().int(),
  jewell_type_id: z.number().int(),
  jewel_name: z.string().nullable(),
  scheme_name: z.string(),
  short_name: z.string(),
  prefix: z.string(),
  duration_in_months: z.number().int(),
  duration: z.number().int(),
  interest_rate_per_month: z.number(),
  interest_rate_monthly: z.number(),
  loan_eligibility_percentage: z.number(),
  loan_allowed_percent: z.number(),
  slippage_percent: z.number(),
  /** Repaid in one sum at the end; older answers without it were. */
  bullet_repayment: z.boolean().default(true),
  status: z.boolean(),
  created_at: z.string(),
});
export type SchemeView = z.infer<typeof schemeViewSchema>;

/** GET/POST/PUT /users/: a user as the users screen reads one; never the password hash. */
export const userViewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  company_id: z.number().int(),
  created_at: z.string(),
});
export type UserView = z.infer<typeof userViewSchema>;
