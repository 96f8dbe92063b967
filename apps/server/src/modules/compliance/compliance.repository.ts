import {
  type CashLimitMode,
  type ComplianceRegime,
  type ComplianceSettingsInput,
  type ComplianceSettingsView,
  defaultPanRule,
  type KycIncompleteMode,
  licenceDaysLeft,
  licenceMessage,
  licenceState,
  type PanRule,
  paiseToRupees,
  percentToBp,
  RBI_DEFAULT_RULES,
  type RbiRules,
  rbiRulesFromJson,
  rbiRulesSchema,
  rbiRulesToJson,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { companies } from '../../db/schema/index.ts';

/** A branch's compliance settings in the domain's units. */
export interface Compliance {
  regime: ComplianceRegime;
  licenceNo: string | null;
  licenceExpiry: string | null;
  ceilingBp: number | null;
  cashLimitPaise: number;
  cashLimitMode: CashLimitMode;
  approvalThresholdPaise: number;
  rbiRules: RbiRules;
  /** The PAN / Form 60 rule in force: the branch's own, or its regime's default where unset. */
  panRule: PanRule;
  kycIncompleteMode: KycIncompleteMode;
}

/** Stored RBI numbers that no longer read as valid settings fall back to the Directions' own. */
function storedRules(json: unknown): RbiRules {
  if (json === null || json === undefined) return RBI_DEFAULT_RULES;
  const parsed = rbiRulesSchema.safeParse(json);
  return parsed.success ? rbiRulesFromJson(parsed.data) : RBI_DEFAULT_RULES;
}

export async function findCompliance(db: DbOrTx, companyId: number): Promise<Compliance | undefined> {
  const [row] = await db
    .select({
      regime: companies.complianceRegime,
      licenceNo: companies.licenceNo,
      licenceExpiry: companies.licenceExpiry,
      ceiling: companies.interestCeiling,
      cashLimit: companies.cashLimit,
      cashLimitMode: companies.cashLimitMode,
      approvalThreshold: companies.approvalThreshold,
      rbiRules: companies.rbiRules,
      panApplies: companies.panApplies,
      panThreshold: companies.panThreshold,
      kycIncompleteMode: companies.kycIncompleteMode,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) return undefined;
  const regime = row.regime as ComplianceRegime;
  const regimeRule = defaultPanRule(regime);
  return {
    regime,
    licenceNo: row.licenceNo.trim() === '' ? null : row.licenceNo,
    licenceExpiry: row.licenceExpiry,
    ceilingBp: row.ceiling === null ? null : percentToBp(row.ceiling),
    cashLimitPaise: rupeesToPaise(row.cashLimit),
    cashLimitMode: row.cashLimitMode === 'block' ? 'block' : 'warn',
    approvalThresholdPaise: rupeesToPaise(row.approvalThreshold),
    rbiRules: storedRules(row.rbiRules),
    panRule: {
      applies: row.panApplies ?? regimeRule.applies,
      thresholdPaise: row.panThreshold === null ? regimeRule.thresholdPaise : rupeesToPaise(row.panThreshold),
    },
    kycIncompleteMode: row.kycIncompleteMode === 'block' ? 'block' : 'warn',
  };
}

/** The settings as the API answers them, with where the licence stands on `today`. */
export function complianceView(c: Compliance, today: string): ComplianceSettingsView {
  const state = licenceState(c.licenceExpiry, today);
  return {
    regime: c.regime,
    licence_number: c.licenceNo,
    licence_expiry: c.licenceExpiry,
    licence_state: state,
    licence_days_left: c.licenceExpiry ? licenceDaysLeft(c.licenceExpiry, today) : null,
    licence_message:
      (state === 'expiring' || state === 'expired') && c.licenceExpiry
        ? licenceMessage(state, { number: c.licenceNo, expiry: c.licenceExpiry }, today)
        : null,
    interest_ceiling: c.ceilingBp === null ? null : c.ceilingBp / 100,
    cash_limit: paiseToRupees(c.cashLimitPaise),
    cash_limit_mode: c.cashLimitMode,
    approval_threshold: paiseToRupees(c.approvalThresholdPaise),
    rbi_rules: rbiRulesToJson(c.rbiRules),
    pan_applies: c.panRule.applies,
    pan_threshold: paiseToRupees(c.panRule.thresholdPaise),
    pan_default: {
      applies: defaultPanRule(c.regime).applies,
      threshold: paiseToRupees(defaultPanRule(c.regime).thresholdPaise),
    },
    kyc_incomplete_mode: c.kycIncompleteMode,
  };
}

export async function updateCompliance(
  tx: Tx,
  companyId: number,
  input: ComplianceSettingsInput,
): Promise<void> {
  await tx
    .update(companies)
    .set({
      complianceRegime: input.regime,
      licenceNo: input.licence_number?.trim() ?? '',
      licenceExpiry: input.licence_expiry ?? null,
      interestCeiling:
        input.interest_ceiling === null || input.interest_ceiling === undefined
          ? null
          : String(input.interest_ceiling),
      cashLimit: input.cash_limit.toFixed(2),
      cashLimitMode: input.cash_limit_mode,
      approvalThreshold: input.approval_threshold.toFixed(2),
      // Kept as the API writes them (rupees, grams, percents); the Directions' own when left out.
      rbiRules: input.rbi_rules ?? null,
      // Left out: the regime's default holds (and follows a change of regime).
      panApplies: input.pan_applies ?? null,
      panThreshold: input.pan_threshold === undefined ? null : input.pan_threshold.toFixed(2),
      kycIncompleteMode: input.kyc_incomplete_mode ?? 'warn',
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId));
}
