import {
  formatIndianDate,
  formatRupees,
  gramsToMg,
  mgToGrams,
  type PledgeQuote,
  type PledgeWarning,
  pledgeFigureMismatches,
  pledgeQuote,
  rupeesToPaise,
  validatePledgeAmounts,
} from '@pledge-desk/domain';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { fromDomain, PLEDGE_SERVER_MESSAGES, validation } from './pledge-messages.ts';
import type { Terms } from './pledge-terms.service.ts';

// A pledge's figures from its items and terms (docs/domain-rules.md §2.2–2.3), checked against those the
// screen sent, the columns that keep them, and the save warnings. No database: create, change and a
// renewal's new pledge compute through these.

/** The largest totals the pledge columns hold: numeric(10,3) grams and numeric(14,2) rupees. */
const MAX_TOTAL_MG = 9_999_999_999;
const MAX_TOTAL_PAISE = 99_999_999_999_999;

/** Warnings (docs/decisions.md, "Pledge save warnings"): the save goes through, the screen shows a toast. */
export const NET_WEIGHT_LOW_BP = 7500;
export const LOAN_NEAR_ELIGIBLE_BP = 9000;

/** An item as the quote and the table take it. */
export interface ItemWeights {
  grossWeightMg: number;
  netWeightMg: number;
}

/** An item's weights as sent, in grams, as milligrams. */
export const weightsOf = (item: { gross_weight: number; net_weight: number }): ItemWeights => ({
  grossWeightMg: gramsToMg(item.gross_weight),
  netWeightMg: gramsToMg(item.net_weight),
});

/** Milligrams as the numeric(10,3) grams a weight column keeps. */
export const gramsNumeric = (mg: number) => mgToGrams(mg).toFixed(3);

/** The figure columns of a pledge from the server's own quote. */
export function figureColumns(q: PledgeQuote) {
  return {
    dueDate: q.dueDate,
    totalValuation: numericFromPaise(q.valuationPaise),
    eligibleLoan: numericFromPaise(q.eligibleLoanPaise),
    totalLoanAmount: numericFromPaise(q.loanPaise),
    firstMonthInterest: numericFromPaise(q.firstMonthInterestPaise),
    documentCharges: numericFromPaise(q.documentChargesPaise),
    finalAmount: numericFromPaise(q.finalAmountPaise),
    grossWeight: gramsNumeric(q.grossMg),
    netWeight: gramsNumeric(q.netMg),
    itemCount: q.itemCount,
  };
}

/**
 * Recomputes the pledge (docs/domain-rules.md §2.3) and refuses, naming each field, a figure sent that differs
 * from the server's, a loan above the eligible loan, or a final amount not above 0.
 */
export function quoteOrRefuse(
  input: {
    total_loan_amount: number;
    document_charges: number;
    due_date?: string | undefined;
    first_month_interest?: number | undefined;
    final_amount?: number | undefined;
  },
  sentItems: readonly { net_weight: number; net_value?: number | undefined }[],
  items: readonly ItemWeights[],
  terms: Terms,
  pledgeDate: string,
): PledgeQuote {
  let quote: PledgeQuote;
  try {
    quote = pledgeQuote({
      items,
      terms,
      loanPaise: rupeesToPaise(input.total_loan_amount),
      documentChargesPaise: rupeesToPaise(input.document_charges),
      pledgeDate,
    });
  } catch {
    // Only numbers beyond any whole paisa or milligram get here (the schema bounds each one).
    throw AppError.field('items', PLEDGE_SERVER_MESSAGES.tooLarge);
  }
  // The totals must fit their columns: weights numeric(10,3), money numeric(14,2).
  if (quote.grossMg > MAX_TOTAL_MG || quote.valuationPaise > MAX_TOTAL_PAISE) {
    throw AppError.field('items', PLEDGE_SERVER_MESSAGES.tooLarge);
  }
  const errors = [
    ...pledgeFigureMismatches({ ...input, items: sentItems }, quote, terms.ratePaise),
    ...validatePledgeAmounts({
      loanPaise: quote.loanPaise,
      eligibleLoanPaise: quote.eligibleLoanPaise,
      firstMonthInterestPaise: quote.firstMonthInterestPaise,
      documentChargesPaise: quote.documentChargesPaise,
    }),
  ];
  // One complaint per field: a mismatched final amount and a final amount not above 0 say one thing.
  const seen = new Set<string>();
  const unique = errors.filter((e) => !seen.has(e.field) && seen.add(e.field));
  if (unique.length > 0) throw validation(fromDomain(unique));
  return quote;
}

/** The warnings of a saved pledge (docs/decisions.md, "Pledge save warnings"). */
export function warningsOf(
  items: readonly ItemWeights[],
  quote: PledgeQuote,
  backdated: { pledgeDate: string } | null,
): PledgeWarning[] {
  const warnings: PledgeWarning[] = [];
  items.forEach((item, i) => {
    if (item.netWeightMg * 10000 < item.grossWeightMg * NET_WEIGHT_LOW_BP) {
      warnings.push({
        code: 'NET_WEIGHT_LOW',
        message: `Item ${i + 1}: the net weight is less than 75% of the gross weight. Please check the weights.`,
      });
    }
  });
  if (quote.loanPaise * 10000 > quote.eligibleLoanPaise * LOAN_NEAR_ELIGIBLE_BP) {
    warnings.push({
      code: 'LOAN_NEAR_ELIGIBLE',
      message: `The loan is above 90% of the eligible loan of ${formatRupees(quote.eligibleLoanPaise)}.`,
    });
  }
  if (backdated) {
    warnings.push({
      code: 'BACKDATED',
      message: `The pledge is dated ${formatIndianDate(backdated.pledgeDate)}, before today.`,
    });
  }
  return warnings;
}
