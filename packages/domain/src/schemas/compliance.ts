import { CASH_LIMIT_MODES } from '../cash/cash-limit.ts';
import { COMPLIANCE_REGIMES } from '../compliance/licence.ts';
import { RBI_DEFAULT_RULES, type RbiRules } from '../compliance/rbi.ts';
import { KYC_INCOMPLETE_MODES } from '../kyc/kyc-status.ts';
import { paiseToRupees, rupeesToPaise } from '../money/money.ts';
import { bpToPercent, gramsToMg, mgToGrams, percentToBp } from '../money/units.ts';
import { grams, nonNegativeRupees, optionalText, percent, plainDate, positiveRupees } from './common.ts';
import { z } from './zod.ts';

// The compliance settings of a branch: GET/PUT /companies/{id}/compliance.
// Money in rupees, weights in grams, percents as numbers, as everywhere in the API.

const kilograms = (label: string) =>
  grams(`${label}: enter a weight in grams`).refine((v) => v > 0, { error: `${label} must be above 0 g` });

/** The RBI regime's numbers as the API carries them (RbiRules in the domain's units). */
export const rbiRulesSchema = z
  .object({
    ltv_tiers: z
      .array(
        z.object({
          /** The borrower's total gold loans up to which this ratio holds; null for the last tier. */
          up_to: positiveRupees('A tier’s upper bound must be above 0').nullable(),
          percent: percent('A tier’s loan-to-value must be between 1 and 100 %', { min: 1 }),
        }),
      )
      .min(1, { error: 'Give at least one loan-to-value tier' })
      .max(6, { error: 'Give at most 6 loan-to-value tiers' }),
    bullet_max_months: z
      .number({ error: 'Enter the longest term in months' })
      .int({ error: 'Enter the longest term in whole months' })
      .min(1, { error: 'The longest term must be at least 1 month' })
      .max(120, { error: 'The longest term must be at most 120 months' }),
    gold_ornaments_max_g: kilograms('Gold ornaments per borrower'),
    gold_coins_max_g: kilograms('Gold coins per borrower'),
    silver_ornaments_max_g: kilograms('Silver ornaments per borrower'),
    silver_coins_max_g: kilograms('Silver coins per borrower'),
    valuation_average_days: z
      .number({ error: 'Enter the days of the average rate' })
      .int({ error: 'Enter the days of the average rate as a whole number' })
      .min(1, { error: 'The average rate needs at least 1 day' })
      .max(365, { error: 'The average rate may cover at most 365 days' }),
  })
  .superRefine((r, ctx) => {
    r.ltv_tiers.forEach((tier, i) => {
      const last = i === r.ltv_tiers.length - 1;
      if (last && tier.up_to !== null) {
        ctx.addIssue({
          code: 'custom',
          path: ['ltv_tiers', i, 'up_to'],
          message: 'The last tier has no upper bound',
        });
      }
      if (!last && tier.up_to === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['ltv_tiers', i, 'up_to'],
          message: 'Only the last tier has no upper bound',
        });
      }
      const previous = r.ltv_tiers[i - 1]?.up_to;
      if (
        i > 0 &&
        tier.up_to !== null &&
        previous !== null &&
        previous !== undefined &&
        tier.up_to <= previous
      ) {
        ctx.addIssue({
          code: 'custom',
          path: ['ltv_tiers', i, 'up_to'],
          message: 'Each tier’s upper bound must be above the one before',
        });
      }
    });
  });
export type RbiRulesJson = z.infer<typeof rbiRulesSchema>;

/** The rules in the domain's units, from the API's (or the stored JSON's) rupees and grams. */
export function rbiRulesFromJson(json: RbiRulesJson): RbiRules {
  return {
    ltvTiers: json.ltv_tiers.map((t) => ({
      upToPaise: t.up_to === null ? null : rupeesToPaise(t.up_to),
      ltvBp: percentToBp(t.percent),
    })),
    bulletMaxMonths: json.bullet_max_months,
    goldOrnamentsMaxMg: gramsToMg(json.gold_ornaments_max_g),
    goldCoinsMaxMg: gramsToMg(json.gold_coins_max_g),
    silverOrnamentsMaxMg: gramsToMg(json.silver_ornaments_max_g),
    silverCoinsMaxMg: gramsToMg(json.silver_coins_max_g),
    valuationAverageDays: json.valuation_average_days,
  };
}

/** The rules as the API carries them. */
export function rbiRulesToJson(rules: RbiRules): RbiRulesJson {
  return {
    ltv_tiers: rules.ltvTiers.map((t) => ({
      up_to: t.upToPaise === null ? null : paiseToRupees(t.upToPaise),
      percent: bpToPercent(t.ltvBp),
    })),
    bullet_max_months: rules.bulletMaxMonths,
    gold_ornaments_max_g: mgToGrams(rules.goldOrnamentsMaxMg),
    gold_coins_max_g: mgToGrams(rules.goldCoinsMaxMg),
    silver_ornaments_max_g: mgToGrams(rules.silverOrnamentsMaxMg),
    silver_coins_max_g: mgToGrams(rules.silverCoinsMaxMg),
    valuation_average_days: rules.valuationAverageDays,
  };
}

export const RBI_DEFAULT_RULES_JSON: RbiRulesJson = rbiRulesToJson(RBI_DEFAULT_RULES);

/** PUT /companies/{id}/compliance. */
export const complianceSettingsSchema = z.object({
  regime: z.enum(COMPLIANCE_REGIMES, {
    error: "Regime must be 'none', 'tn_pawnbroker' or 'rbi'",
  }),
  /** The licence's number (the company's licence number, also on Company Details). */
  licence_number: optionalText(50),
  /** The last day the licence is valid; null when none is recorded. */
  licence_expiry: plainDate('Licence expiry must be a date').nullable().optional(),
  /** Interest per month no scheme may pass; null for none. */
  interest_ceiling: percent('Interest ceiling must be above 0 and at most 100 % a month', {
    exclusiveMin: true,
  })
    .nullable()
    .optional(),
  cash_limit: positiveRupees('Cash limit must be above 0'),
  cash_limit_mode: z.enum(CASH_LIMIT_MODES, { error: "Cash limit mode must be 'warn' or 'block'" }),
  /** A discount or penalty above this needs an admin's approval (0: every discount and penalty). */
  approval_threshold: nonNegativeRupees('Approval threshold cannot be negative'),
  /** The RBI regime's numbers; the Directions' when left out. */
  rbi_rules: rbiRulesSchema.optional(),
  /** Whether a loan at or above pan_threshold needs PAN or Form 60; left out: the regime's default. */
  pan_applies: z.boolean({ error: 'PAN rule must be true or false' }).optional(),
  /** The loan (with the customer's open loans) from which PAN or Form 60 is needed; left out: the regime's. */
  pan_threshold: nonNegativeRupees('PAN threshold cannot be negative').optional(),
  /** A new pledge for a customer whose KYC is incomplete: warned ('warn', the default) or refused ('block'). */
  kyc_incomplete_mode: z
    .enum(KYC_INCOMPLETE_MODES, { error: "KYC mode must be 'warn' or 'block'" })
    .optional(),
});
export type ComplianceSettingsInput = z.infer<typeof complianceSettingsSchema>;

/** GET /companies/{id}/compliance: the settings and where the licence stands today. */
export const complianceSettingsViewSchema = z.object({
  regime: z.enum(COMPLIANCE_REGIMES),
  licence_number: z.string().nullable(),
  licence_expiry: z.string().nullable(),
  licence_state: z.enum(['none', 'valid', 'expiring', 'expired']),
  licence_days_left: z.number().int().nullable(),
  /** The banner's sentence while expiring or expired; null otherwise. */
  licence_message: z.string().nullable(),
  interest_ceiling: z.number().nullable(),
  cash_limit: z.number(),
  cash_limit_mode: z.enum(CASH_LIMIT_MODES),
  approval_threshold: z.number(),
  rbi_rules: rbiRulesSchema,
  /** The PAN / Form 60 rule in force, and the regime's default beside it. */
  pan_applies: z.boolean(),
  pan_threshold: z.number(),
  pan_default: z.object({ applies: z.boolean(), threshold: z.number() }),
  kyc_incomplete_mode: z.enum(KYC_INCOMPLETE_MODES),
});
export type ComplianceSettingsView = z.infer<typeof complianceSettingsViewSchema>;

/** A pledge whose outstanding with accrued interest passes its loan-to-value tier (the RBI ratio report). */
export const ratioBreachRowSchema = z.object({
  pledge_id: z.number().int(),
  pledge_no: z.string(),
  pledge_date: z.string(),
  due_date: z.string(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  mobile_number: z.string(),
  jewel_type: z.string().nullable(),
  net_weight: z.number(),
  /** Today's rate per gram of the jewel type, and the articles' value at it. */
  rate_per_gram: z.number(),
  value: z.number(),
  /** The borrower's open gold loans (remaining principal) that choose the tier. */
  borrower_total: z.number(),
  tier_percent: z.number(),
  /** The most the tier allows: floor(value × tier). */
  limit: z.number(),
  principal: z.number(),
  interest: z.number(),
  outstanding: z.number(),
  /** outstanding − limit: what the customer would pay (or pledge more against) to come back within. */
  excess: z.number(),
  /** outstanding ÷ value, in percent with 2 decimals. */
  ratio_percent: z.number(),
});
export type RatioBreachRow = z.infer<typeof ratioBreachRowSchema>;

/** GET /reports/rbi-ratio?as_of=: every breach, largest excess first (paged; X-Total-Count). */
export const ratioReportSchema = z.object({
  as_of: z.string(),
  regime: z.enum(COMPLIANCE_REGIMES),
  page: z.number().int(),
  page_size: z.number().int(),
  total_count: z.number().int(),
  /** Open pledges looked at, and those with no stored rate for their jewel type (not judged). */
  open_pledges: z.number().int(),
  without_rate: z.number().int(),
  rows: z.array(ratioBreachRowSchema),
});
export type RatioReport = z.infer<typeof ratioReportSchema>;
