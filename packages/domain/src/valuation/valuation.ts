import { addMonthsClamped } from '../dates/dates.ts';
import type { FieldError } from '../errors/field-error.ts';
import { assertPaise, divFloor, formatRupees, mulDivRoundHalfUp } from '../money/money.ts';

/** Valuation of a pledge (docs/domain-rules.md §2): weights in mg, money in paise, percents in basis points. */

function assertNonNegativeInt(value: number, label: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative integer, got ${String(value)}`);
  }
  return value;
}

/** `net_value = roundHalfUp(net_weight_mg × rate_paise / 1000)`: the rate is per gram. */
export function itemValuePaise(netWeightMg: number, ratePaise: number): number {
  assertNonNegativeInt(netWeightMg, 'net weight (mg)');
  assertNonNegativeInt(ratePaise, 'rate (paise per gram)');
  return mulDivRoundHalfUp([netWeightMg, ratePaise], 1000);
}

/** An item's weights in mg; `grossMg`/`netMg` are accepted as short names for the same fields. */
export type PledgeItemWeights =
  | { grossWeightMg: number; netWeightMg: number }
  | { grossMg: number; netMg: number };

function itemWeights(item: PledgeItemWeights): { grossMg: number; netMg: number } {
  return 'grossWeightMg' in item
    ? { grossMg: item.grossWeightMg, netMg: item.netWeightMg }
    : { grossMg: item.grossMg, netMg: item.netMg };
}

export interface PledgeTerms {
  /** Rate per gram in paise, snapshotted on the pledge (`rate_per_gram`). */
  ratePaise: number;
  /** Loan allowed, basis points of the valuation (7500 = 75%). */
  loanAllowedBp: number;
  /** Slippage, basis points of the gross weight. */
  slippageBp: number;
}

export interface PledgeTotals {
  grossMg: number;
  netMg: number;
  itemCount: number;
  valuationPaise: number;
  eligibleLoanPaise: number;
  slippageMg: number;
}

/**
 * Totals of a pledge (docs/domain-rules.md §2): valuation is the sum of item values (each rounded on its own,
 * as printed per item), eligible loan is floored so the cap is never passed, slippage rounds half up.
 */
export function pledgeTotals(items: readonly PledgeItemWeights[], terms: PledgeTerms): PledgeTotals {
  assertNonNegativeInt(terms.loanAllowedBp, 'loan allowed (bp)');
  assertNonNegativeInt(terms.slippageBp, 'slippage (bp)');
  let grossMg = 0;
  let netMg = 0;
  let valuationPaise = 0;
  for (const item of items) {
    const weights = itemWeights(item);
    grossMg += assertNonNegativeInt(weights.grossMg, 'gross weight (mg)');
    netMg += assertNonNegativeInt(weights.netMg, 'net weight (mg)');
    valuationPaise += itemValuePaise(weights.netMg, terms.ratePaise);
  }
  return {
    grossMg,
    netMg,
    itemCount: items.length,
    valuationPaise,
    eligibleLoanPaise: eligibleLoanPaise(valuationPaise, terms.loanAllowedBp),
    slippageMg: slippageMg(grossMg, terms.slippageBp),
  };
}

/** `floor(valuation × loan_allowed_bp / 10000)`: floored so the loan never passes the cap. */
export function eligibleLoanPaise(valuationPaise: number, loanAllowedBp: number): number {
  assertPaise(valuationPaise, 'valuation');
  assertNonNegativeInt(loanAllowedBp, 'loan allowed (bp)');
  const product = valuationPaise * loanAllowedBp;
  if (Number.isSafeInteger(product)) return divFloor(product, 10000);
  return Number((BigInt(valuationPaise) * BigInt(loanAllowedBp)) / 10000n);
}

/** `roundHalfUp(total_gross_mg × slippage_bp / 10000)`. */
export function slippageMg(grossMg: number, slippageBp: number): number {
  return mulDivRoundHalfUp([grossMg, slippageBp], 10000);
}

/** First month interest, taken from the loan at the counter: `roundHalfUp(loan × rate_bp / 10000)`. */
export function firstMonthInterestPaise(loanPaise: number, rateBp: number): number {
  assertPaise(loanPaise, 'loan');
  assertNonNegativeInt(rateBp, 'interest rate (bp)');
  return mulDivRoundHalfUp([loanPaise, rateBp], 10000);
}

/** The monthly interest on a loan, same rounding as the first month. */
export const monthlyInterestPaise = firstMonthInterestPaise;

/**
 * Cash handed over: `loan − fmi − document_charges` (docs/domain-rules.md §2). Returned as is, even when
 * not above 0, so a form can show the figure; `validatePledgeAmounts` rejects it.
 */
export function finalAmountPaise(loanPaise: number, fmiPaise: number, documentChargesPaise: number): number {
  assertPaise(loanPaise, 'loan');
  assertPaise(fmiPaise, 'first month interest');
  assertPaise(documentChargesPaise, 'document charges');
  return loanPaise - fmiPaise - documentChargesPaise;
}

/** Pledge date + scheme duration in calendar months, clamped to the month's last day. */
export function dueDate(pledgeDate: string, durationMonths: number): string {
  assertNonNegativeInt(durationMonths, 'duration (months)');
  return addMonthsClamped(pledgeDate, durationMonths);
}

/**
 * Months until interest eats the margin: `ceil((valuation − loan) / monthly_interest)`, 0 when the
 * monthly interest is not positive or the valuation is not above the loan (docs/domain-rules.md §2).
 * Integer ceiling, so an exact multiple does not tip over by a floating-point hair.
 */
export function liquidationMonths(
  valuationPaise: number,
  loanPaise: number,
  monthlyInterestPaise: number,
): number {
  assertPaise(valuationPaise, 'valuation');
  assertPaise(loanPaise, 'loan');
  assertPaise(monthlyInterestPaise, 'monthly interest');
  if (monthlyInterestPaise <= 0 || valuationPaise <= loanPaise) return 0;
  const margin = valuationPaise - loanPaise;
  const q = Math.floor(margin / monthlyInterestPaise);
  return q * monthlyInterestPaise < margin ? q + 1 : q;
}

/** `N months`, or `Y years M months` above 12 months (singular for 1). */
export function formatLiquidationDuration(months: number): string {
  assertNonNegativeInt(months, 'months');
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (months <= 12) return unit(months, 'month');
  const years = Math.floor(months / 12);
  return `${unit(years, 'year')} ${unit(months - years * 12, 'month')}`;
}

export interface PledgeAmounts {
  loanPaise: number;
  eligibleLoanPaise: number;
  firstMonthInterestPaise: number;
  documentChargesPaise: number;
}

/**
 * The money rules of a pledge (docs/domain-rules.md §2): a positive loan not above the eligible loan, non-negative
 * document charges and a final amount above 0.
 */
export function validatePledgeAmounts(a: PledgeAmounts): FieldError[] {
  const errors: FieldError[] = [];
  if (!(a.loanPaise > 0)) errors.push({ field: 'total_loan_amount', message: 'Loan amount must be above 0' });
  else if (a.loanPaise > a.eligibleLoanPaise) {
    errors.push({
      field: 'total_loan_amount',
      message: `Loan amount cannot exceed the eligible loan of ${formatRupees(a.eligibleLoanPaise)}`,
    });
  }
  if (a.documentChargesPaise < 0) {
    errors.push({ field: 'document_charges', message: 'Document charges cannot be negative' });
  }
  if (
    a.loanPaise > 0 &&
    finalAmountPaise(a.loanPaise, a.firstMonthInterestPaise, a.documentChargesPaise) <= 0
  ) {
    errors.push({
      field: 'final_amount',
      message: 'Final amount (loan minus first month interest and document charges) must be above 0',
    });
  }
  return errors;
}

/** Everything a create or edit pledge screen shows, from the items, the scheme terms and the loan. */
export interface PledgeQuote extends PledgeTotals {
  loanPaise: number;
  firstMonthInterestPaise: number;
  documentChargesPaise: number;
  finalAmountPaise: number;
  dueDate: string;
  liquidationMonths: number;
}

export function pledgeQuote(input: {
  items: readonly PledgeItemWeights[];
  terms: PledgeTerms & { interestRateBp: number; durationMonths: number };
  loanPaise: number;
  documentChargesPaise: number;
  pledgeDate: string;
}): PledgeQuote {
  const totals = pledgeTotals(input.items, input.terms);
  const fmi = firstMonthInterestPaise(input.loanPaise, input.terms.interestRateBp);
  return {
    ...totals,
    loanPaise: input.loanPaise,
    firstMonthInterestPaise: fmi,
    documentChargesPaise: input.documentChargesPaise,
    finalAmountPaise: finalAmountPaise(input.loanPaise, fmi, input.documentChargesPaise),
    dueDate: dueDate(input.pledgeDate, input.terms.durationMonths),
    liquidationMonths: liquidationMonths(totals.valuationPaise, input.loanPaise, fmi),
  };
}
