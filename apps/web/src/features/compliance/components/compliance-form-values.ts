import {
  type CashLimitMode,
  type ComplianceRegime,
  type ComplianceSettingsInput,
  type ComplianceSettingsView,
  complianceSettingsSchema,
  type KycIncompleteMode,
  paiseToRupees,
  type RbiRulesJson,
} from '@pledge-desk/domain';
import { readMoneyText } from '@/components/ui/money-input';

/** One loan-to-value tier as typed: the bound in rupees ('' on the last, open-ended row) and the %. */
export interface TierText {
  key: number;
  upTo: string;
  percent: string;
}

export interface RbiText {
  tiers: TierText[];
  bulletMaxMonths: string;
  goldOrnaments: string;
  goldCoins: string;
  silverOrnaments: string;
  silverCoins: string;
  averageDays: string;
}

/** The form as typed: every box is text, read into numbers only when saving. */
export interface ComplianceText {
  regime: ComplianceRegime;
  licenceNumber: string;
  licenceExpiry: string;
  interestCeiling: string;
  cashLimit: string;
  cashLimitMode: CashLimitMode;
  approvalThreshold: string;
  rbi: RbiText;
  /** The PAN / Form 60 rule (issue 33): whether it applies, and from which loan in rupees. */
  panApplies: boolean;
  panThreshold: string;
  /** A new pledge for a customer whose KYC is incomplete: warned or refused. */
  kycIncompleteMode: KycIncompleteMode;
}

let nextKey = 1;
/** A key for a tier row that stays with it while rows are added and removed. */
export const newTierKey = () => nextKey++;

/** Rupees as the box shows them: whole rupees without decimals (250000), else with two (1250.50). */
export const rupeeText = (rupees: number) => (Number.isInteger(rupees) ? String(rupees) : rupees.toFixed(2));

export function rbiText(rules: RbiRulesJson): RbiText {
  return {
    tiers: rules.ltv_tiers.map((t) => ({
      key: newTierKey(),
      upTo: t.up_to === null ? '' : rupeeText(t.up_to),
      percent: String(t.percent),
    })),
    bulletMaxMonths: String(rules.bullet_max_months),
    goldOrnaments: String(rules.gold_ornaments_max_g),
    goldCoins: String(rules.gold_coins_max_g),
    silverOrnaments: String(rules.silver_ornaments_max_g),
    silverCoins: String(rules.silver_coins_max_g),
    averageDays: String(rules.valuation_average_days),
  };
}

export function complianceText(view: ComplianceSettingsView): ComplianceText {
  return {
    regime: view.regime,
    licenceNumber: view.licence_number ?? '',
    licenceExpiry: view.licence_expiry ?? '',
    interestCeiling: view.interest_ceiling === null ? '' : String(view.interest_ceiling),
    cashLimit: rupeeText(view.cash_limit),
    cashLimitMode: view.cash_limit_mode,
    approvalThreshold: rupeeText(view.approval_threshold),
    rbi: rbiText(view.rbi_rules),
    panApplies: view.pan_applies,
    panThreshold: rupeeText(view.pan_threshold),
    kycIncompleteMode: view.kyc_incomplete_mode,
  };
}

/** A typed number: '' and anything that is not one reach the schema as NaN, which it refuses in its words. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

/** The paths of the form's fields, as zod and the server's 422 `loc` name them. */
export const fieldPaths = {
  regime: 'regime',
  licenceNumber: 'licence_number',
  licenceExpiry: 'licence_expiry',
  interestCeiling: 'interest_ceiling',
  cashLimit: 'cash_limit',
  cashLimitMode: 'cash_limit_mode',
  approvalThreshold: 'approval_threshold',
  tiers: 'rbi_rules.ltv_tiers',
  tierUpTo: (i: number) => `rbi_rules.ltv_tiers.${i}.up_to`,
  tierPercent: (i: number) => `rbi_rules.ltv_tiers.${i}.percent`,
  bulletMaxMonths: 'rbi_rules.bullet_max_months',
  goldOrnaments: 'rbi_rules.gold_ornaments_max_g',
  goldCoins: 'rbi_rules.gold_coins_max_g',
  silverOrnaments: 'rbi_rules.silver_ornaments_max_g',
  silverCoins: 'rbi_rules.silver_coins_max_g',
  averageDays: 'rbi_rules.valuation_average_days',
  panApplies: 'pan_applies',
  panThreshold: 'pan_threshold',
  kycIncompleteMode: 'kyc_incomplete_mode',
} as const;

/** The messages of a money box left empty, in the reader's language (English when not given). */
export interface RequiredMessages {
  cashLimit: string;
  approvalThreshold: string;
  panThreshold: string;
}

const REQUIRED_IN_ENGLISH: RequiredMessages = {
  cashLimit: 'Enter the cash limit',
  approvalThreshold: 'Enter the approval threshold',
  panThreshold: 'Enter the amount from which PAN or Form 60 is needed',
};

/**
 * The body of PUT /companies/{id}/compliance from what was typed, checked by the domain's schema (the
 * server checks the same one), or the message of each field that is wrong, by its path.
 */
export function readComplianceForm(
  text: ComplianceText,
  required: RequiredMessages = REQUIRED_IN_ENGLISH,
): { values: ComplianceSettingsInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  // Money is read as typed text (readMoneyText), never by the browser, so '1e3' is not 1000.
  const money = (typed: string, path: string, emptyMessage: string): number => {
    const read = readMoneyText(typed);
    if ('error' in read) {
      errors[path] = read.error;
      return 0;
    }
    if (read.paise === null) {
      errors[path] = emptyMessage;
      return 0;
    }
    return paiseToRupees(read.paise);
  };
  const cashLimit = money(text.cashLimit, fieldPaths.cashLimit, required.cashLimit);
  const approvalThreshold = money(
    text.approvalThreshold,
    fieldPaths.approvalThreshold,
    required.approvalThreshold,
  );
  // Sent whether or not the rule applies: switched off and on again, the branch keeps its amount.
  const panThreshold = money(text.panThreshold, fieldPaths.panThreshold, required.panThreshold);
  const tiers = text.rbi.tiers.map((tier, i) => {
    const isLast = i === text.rbi.tiers.length - 1;
    let upTo: number | null = null;
    if (!isLast && tier.upTo.trim() !== '') {
      const read = readMoneyText(tier.upTo);
      if ('error' in read) errors[fieldPaths.tierUpTo(i)] = read.error;
      else if (read.paise !== null) upTo = paiseToRupees(read.paise);
    }
    return { up_to: upTo, percent: numberOf(tier.percent) };
  });
  const candidate = {
    regime: text.regime,
    licence_number: text.licenceNumber.trim() === '' ? null : text.licenceNumber.trim(),
    licence_expiry: text.licenceExpiry === '' ? null : text.licenceExpiry,
    interest_ceiling: text.interestCeiling.trim() === '' ? null : numberOf(text.interestCeiling),
    cash_limit: cashLimit,
    cash_limit_mode: text.cashLimitMode,
    approval_threshold: approvalThreshold,
    rbi_rules: {
      ltv_tiers: tiers,
      bullet_max_months: numberOf(text.rbi.bulletMaxMonths),
      gold_ornaments_max_g: numberOf(text.rbi.goldOrnaments),
      gold_coins_max_g: numberOf(text.rbi.goldCoins),
      silver_ornaments_max_g: numberOf(text.rbi.silverOrnaments),
      silver_coins_max_g: numberOf(text.rbi.silverCoins),
      valuation_average_days: numberOf(text.rbi.averageDays),
    },
    pan_applies: text.panApplies,
    pan_threshold: panThreshold,
    kyc_incomplete_mode: text.kycIncompleteMode,
  };
  const parsed = complianceSettingsSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { values: parsed.data };
}
