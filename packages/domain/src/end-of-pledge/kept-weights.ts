/**
 * A kept article weighed again at a renewal. Gold does not gain weight: a kept
 * article's new gross or net weight above what its pledge stored is either a different scale's last
 * digit (a few milligrams, let through) or a mistake or worse (10 g typed as 500 g raised the eligible
 * loan twenty-fold and paid out the difference in cash). Above the tolerance the renewal needs an
 * admin's approval with a reason; a decrease (wear, a stone out, a finer scale) is always fine. The
 * net weight never exceeds the gross.
 */
import { formatGrams } from '../money/units.ts';

/**
 * How much heavier than stored a kept article may be weighed without an approval, per weight: 10 mg,
 * the last digit of a counter scale reading to 0.01 g, so two scales' readings of the same article pass.
 */
export const KEPT_WEIGHT_TOLERANCE_MG = 10;

export interface ArticleWeightsMg {
  grossMg: number;
  netMg: number;
}

export interface KeptWeighing {
  /** The new net weight is above the new gross weight (a 422 under the net weight). */
  netAboveGross: boolean;
  /** How much heavier than stored, 0 when lighter or the same. */
  grossIncreaseMg: number;
  netIncreaseMg: number;
  /** The gross or the net is heavier than stored by more than the tolerance: needs an approval. */
  needsApproval: boolean;
}

function wholeMg(mg: number, label: string): void {
  if (!Number.isSafeInteger(mg) || mg < 0) {
    throw new RangeError(`${label} must be a whole number of milligrams, got ${String(mg)}`);
  }
}

/** The stored weights of a kept article against its new weighing (docs/domain-rules.md §8.3). */
export function weighKeptArticle(stored: ArticleWeightsMg, weighed: ArticleWeightsMg): KeptWeighing {
  wholeMg(stored.grossMg, 'stored gross weight');
  wholeMg(stored.netMg, 'stored net weight');
  wholeMg(weighed.grossMg, 'gross weight');
  wholeMg(weighed.netMg, 'net weight');
  const grossIncreaseMg = Math.max(0, weighed.grossMg - stored.grossMg);
  const netIncreaseMg = Math.max(0, weighed.netMg - stored.netMg);
  return {
    netAboveGross: weighed.netMg > weighed.grossMg,
    grossIncreaseMg,
    netIncreaseMg,
    needsApproval: grossIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG || netIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG,
  };
}

/** The sentences of the rule, under the weight that rose, the reason and the approver's fields. */
export const KEPT_WEIGHT_MESSAGES = {
  /** Under the gross or net weight field: names the weight the pledge stored. */
  heavier: (storedMg: number) =>
    `Heavier than the ${formatGrams(storedMg)} g stored: gold does not gain weight. An increase needs an admin's approval and a reason.`,
  reason: 'Give the reason a kept article weighs more than its pledge stored.',
  approver:
    "A kept article weighing more than its pledge stored needs an admin's approval: an admin enters their username and password",
} as const;
