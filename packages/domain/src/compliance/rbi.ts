import { addDays } from '../dates/dates.ts';
import { divRoundHalfUp, formatRupees, groupIndianDigits, mulDivRoundHalfUp } from '../money/money.ts';
import { bpToPercent, formatGrams } from '../money/units.ts';

/**
 * The Reserve Bank's rules for lending against gold (the Directions of 2025, in force from 1 April
 * 2026; shared/design/REGULATION.md), applied only when a branch chooses the RBI regime. Every number
 * here is a setting of the branch (`RbiRules`), so a change of the rules is a change of numbers.
 */

/** The RBI regime's refusals that name no figure. */
export const RBI_MESSAGES = {
  noRepledge:
    "Under the RBI regime the branch may not re-pledge a borrower's gold with a bank (its own borrowing against it is not allowed)",
  renewalOverdue:
    'Under the RBI regime an overdue pledge cannot be renewed or topped up: it must be closed or paid up first',
  renewalInterest: (due: string) =>
    `Under the RBI regime the interest due (${due}) must be paid before a renewal or top-up; it cannot be carried into the new loan`,
  noRate: 'Under the RBI regime the valuation needs a rate stored before the pledge date for this jewel type',
} as const;

/** A loan-to-value tier: up to `upToPaise` of the borrower's total gold loans (null: above all others). */
export interface LtvTier {
  upToPaise: number | null;
  ltvBp: number;
}

export interface RbiRules {
  /** Ascending by upToPaise, the last one open-ended (para 19). */
  ltvTiers: LtvTier[];
  /** A loan repaid in one sum at the end lasts at most this many months (para 15). */
  bulletMaxMonths: number;
  /** Per borrower, in the company (para 16). */
  goldOrnamentsMaxMg: number;
  goldCoinsMaxMg: number;
  silverOrnamentsMaxMg: number;
  silverCoinsMaxMg: number;
  /** Valuation at the lower of this many days' average and the previous day's rate (paras 17–18). */
  valuationAverageDays: number;
}

/** The Directions' numbers: 85 % up to ₹2.5 lakh, 80 % up to ₹5 lakh, 75 % above; 12 months; 1 kg / 50 g / 10 kg / 500 g; 30 days. */
export const RBI_DEFAULT_RULES: RbiRules = {
  ltvTiers: [
    { upToPaise: 25_000_000, ltvBp: 8500 },
    { upToPaise: 50_000_000, ltvBp: 8000 },
    { upToPaise: null, ltvBp: 7500 },
  ],
  bulletMaxMonths: 12,
  goldOrnamentsMaxMg: 1_000_000,
  goldCoinsMaxMg: 50_000,
  silverOrnamentsMaxMg: 10_000_000,
  silverCoinsMaxMg: 500_000,
  valuationAverageDays: 30,
};

/**
 * The tier of a borrower whose gold loans in the company come to `totalPaise` (this loan included):
 * the first tier whose upper bound the total does not pass. ₹2,50,000 is still the first tier;
 * ₹2,50,001 is the second.
 */
export function ltvTierFor(totalPaise: number, tiers: readonly LtvTier[]): LtvTier {
  for (const tier of tiers) {
    if (tier.upToPaise === null || totalPaise <= tier.upToPaise) return tier;
  }
  // Tiers always end open-ended (the settings' schema holds it); the last one stands for any total.
  return tiers[tiers.length - 1]!;
}

/**
 * What a loan repaid in one sum at the end owes at maturity: the principal and the interest for the
 * whole term (para 6(v)), interest as docs/domain-rules.md §3 charges it for whole months:
 * roundHalfUp(loan × rate × months).
 */
export function bulletRepayablePaise(loanPaise: number, rateBp: number, months: number): number {
  return loanPaise + mulDivRoundHalfUp([loanPaise, rateBp, months], 10_000);
}

export interface LtvInput {
  loanPaise: number;
  /** The value of this loan's articles at the rate the rules allow. */
  valuationPaise: number;
  /** The borrower's other gold loans in the company still open (their remaining principal). */
  otherLoansPaise: number;
  /** For a loan repaid in one sum at the end: its monthly rate and term, so the interest counts too. */
  bullet: { rateBp: number; months: number } | null;
  tiers: readonly LtvTier[];
}

export interface LtvVerdict {
  ok: boolean;
  /** What counts against the value: the loan, or for a bullet loan what is repayable at maturity. */
  exposurePaise: number;
  /** The borrower's total that chose the tier: other loans and this one. */
  totalPaise: number;
  tier: LtvTier;
  /** The most the exposure may be: floor(valuation × tier). */
  limitPaise: number;
}

/** floor(value × bp / 10,000), exact for any value (the product can pass 2^53). */
const shareOf = (valuePaise: number, bp: number) => Number((BigInt(valuePaise) * BigInt(bp)) / 10_000n);

/** The most a tier allows on a value (floor(value × tier)); the ratio report compares the outstanding with it. */
export function ltvLimitPaise(valuePaise: number, ltvBp: number): number {
  return shareOf(valuePaise, ltvBp);
}

/** The loan-to-value rule (paras 19, 6(v)): the exposure may not pass the tier's share of the value. */
export function checkRbiLtv(p: LtvInput): LtvVerdict {
  const totalPaise = p.otherLoansPaise + p.loanPaise;
  const tier = ltvTierFor(totalPaise, p.tiers);
  const exposurePaise = p.bullet
    ? bulletRepayablePaise(p.loanPaise, p.bullet.rateBp, p.bullet.months)
    : p.loanPaise;
  const limitPaise = shareOf(p.valuationPaise, tier.ltvBp);
  return { ok: exposurePaise <= limitPaise, exposurePaise, totalPaise, tier, limitPaise };
}

/**
 * The largest loan the rule allows on this valuation (0 when none): for each tier, the most whose
 * exposure stays within the tier's share and whose total stays in the tier; the best of them.
 */
export function rbiMaxLoanPaise(p: Omit<LtvInput, 'loanPaise'>): number {
  let best = 0;
  let previousUpTo: number | null = null;
  for (const tier of p.tiers) {
    const cap = shareOf(p.valuationPaise, tier.ltvBp);
    // The largest loan whose exposure stays within cap (the exposure grows with the loan).
    let lo = 0;
    let hi = cap;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      const exposure = p.bullet ? bulletRepayablePaise(mid, p.bullet.rateBp, p.bullet.months) : mid;
      if (exposure <= cap) lo = mid;
      else hi = mid - 1;
    }
    // This tier's totals: above the previous tier's bound, up to its own.
    const most = tier.upToPaise === null ? lo : Math.min(lo, tier.upToPaise - p.otherLoansPaise);
    const least = previousUpTo === null ? 1 : Math.max(1, previousUpTo - p.otherLoansPaise + 1);
    if (most >= least && most > best) best = most;
    previousUpTo = tier.upToPaise;
  }
  return best;
}

/** The refusal of a loan over the ratio, naming the tier and the limit. */
export function ltvMessage(v: LtvVerdict, bullet: boolean): string {
  const what = bullet ? 'The amount repayable at maturity' : 'The loan';
  return `${what} of ${formatRupees(v.exposurePaise, '₹')} is above ${bpToPercent(v.tier.ltvBp)}% of the articles' value (${formatRupees(v.limitPaise, '₹')}), the RBI limit for a borrower whose gold loans come to ${formatRupees(v.totalPaise, '₹')}`;
}

/** A term longer than the rules allow for a loan repaid in one sum (para 15). */
export function isBulletTermTooLong(months: number, rules: Pick<RbiRules, 'bulletMaxMonths'>): boolean {
  return months > rules.bulletMaxMonths;
}

export function bulletTermMessage(months: number, maxMonths: number): string {
  return `A loan repaid in one sum may last at most ${maxMonths} months under the RBI rules; this scheme runs ${months} months`;
}

/** What a borrower holds with the company, or adds, by metal and kind, in milligrams. */
export interface GoldSilverWeights {
  goldOrnamentsMg: number;
  goldCoinsMg: number;
  silverOrnamentsMg: number;
  silverCoinsMg: number;
}

export const NO_WEIGHTS: GoldSilverWeights = {
  goldOrnamentsMg: 0,
  goldCoinsMg: 0,
  silverOrnamentsMg: 0,
  silverCoinsMg: 0,
};

const WEIGHT_LIMITS: Record<keyof GoldSilverWeights, { rule: keyof RbiRules; label: string }> = {
  goldOrnamentsMg: { rule: 'goldOrnamentsMaxMg', label: 'gold ornaments' },
  goldCoinsMg: { rule: 'goldCoinsMaxMg', label: 'gold coins' },
  silverOrnamentsMg: { rule: 'silverOrnamentsMaxMg', label: 'silver ornaments' },
  silverCoinsMg: { rule: 'silverCoinsMaxMg', label: 'silver coins' },
};

/** Grams with three decimals and Indian grouping (1,000.001). */
function grams(mg: number): string {
  const [whole, part] = formatGrams(mg).split('.');
  return `${groupIndianDigits(whole!)}.${part}`;
}

export interface WeightBreach {
  kind: keyof GoldSilverWeights;
  totalMg: number;
  limitMg: number;
  message: string;
}

/**
 * The per-borrower weight limits (para 16): what the borrower already has pledged and open with the
 * company plus this pledge's articles, by kind; 1,000 g of gold ornaments is allowed, 1,000.001 g is not.
 */
export function rbiWeightBreaches(
  held: GoldSilverWeights,
  adding: GoldSilverWeights,
  rules: RbiRules,
): WeightBreach[] {
  const out: WeightBreach[] = [];
  for (const kind of Object.keys(WEIGHT_LIMITS) as (keyof GoldSilverWeights)[]) {
    if (adding[kind] <= 0) continue;
    const totalMg = held[kind] + adding[kind];
    const limitMg = rules[WEIGHT_LIMITS[kind].rule] as number;
    if (totalMg > limitMg) {
      out.push({
        kind,
        totalMg,
        limitMg,
        message: `The borrower's ${WEIGHT_LIMITS[kind].label} would come to ${grams(totalMg)} g, above the RBI limit of ${grams(limitMg)} g per borrower`,
      });
    }
  }
  return out;
}

/**
 * The rate a pledge is valued at under the RBI regime (paras 17–18): the lower of the previous day's
 * stored rate and the average of the stored rates of the last `valuationAverageDays` days (whole paise,
 * half up). Either may be missing (no rate stored then); with neither there is no rate (null).
 */
export function rbiValuationRatePaise(
  previousDayPaise: number | null,
  windowRatesPaise: readonly number[],
): { ratePaise: number | null; averagePaise: number | null } {
  const averagePaise =
    windowRatesPaise.length === 0
      ? null
      : divRoundHalfUp(
          windowRatesPaise.reduce((a, b) => a + b, 0),
          windowRatesPaise.length,
        );
  const candidates = [previousDayPaise, averagePaise].filter((v): v is number => v !== null);
  return { ratePaise: candidates.length === 0 ? null : Math.min(...candidates), averagePaise };
}

/** A stored rate of a jewel type: its effective date and rate per gram. */
export interface DatedRate {
  date: string;
  ratePaise: number;
}

export type RbiRateBasis = 'rbi_previous_day' | 'rbi_average';

/**
 * The rate a pledge made on `pledgeDate` is valued at under the RBI regime, from the type's stored
 * rates: the previous day's is the latest stored before the pledge date (the day before, when rates are
 * stored daily); the average is over the rates dated in the `averageDays` days before the pledge date.
 * The lower wins (a tie is the previous day's). Null when no rate is stored before
 * the pledge date.
 */
export function rbiRateOn(
  rates: readonly DatedRate[],
  pledgeDate: string,
  averageDays: number,
): { ratePaise: number; basis: RbiRateBasis; previousDayPaise: number; averagePaise: number } | null {
  const from = addDays(pledgeDate, -averageDays);
  let previous: DatedRate | null = null;
  const window: number[] = [];
  for (const r of rates) {
    if (r.date >= pledgeDate) continue;
    if (previous === null || r.date > previous.date) previous = r;
    if (r.date >= from) window.push(r.ratePaise);
  }
  if (previous === null) return null;
  const { averagePaise } = rbiValuationRatePaise(previous.ratePaise, window);
  const average = averagePaise ?? previous.ratePaise;
  return average < previous.ratePaise
    ? {
        ratePaise: average,
        basis: 'rbi_average',
        previousDayPaise: previous.ratePaise,
        averagePaise: average,
      }
    : {
        ratePaise: previous.ratePaise,
        basis: 'rbi_previous_day',
        previousDayPaise: previous.ratePaise,
        averagePaise: average,
      };
}
