import { formatIndianDate } from '../dates/dates.ts';
import type { FieldError } from '../errors/field-error.ts';
import { formatRupees, rupeesToPaise } from '../money/money.ts';
import { gramsToMg } from '../money/units.ts';
import { itemValuePaise, type PledgeQuote } from './valuation.ts';

/** The derived numbers a create or edit pledge request carries, as JSON has them (rupees, grams). */
export interface PledgeRequestFigures {
  due_date?: string | undefined;
  first_month_interest?: number | undefined;
  final_amount?: number | undefined;
  items: readonly { net_weight: number; net_value?: number | undefined }[];
}

function paiseOrUndefined(rupees: number): number | undefined {
  try {
    return rupeesToPaise(rupees);
  } catch {
    return undefined;
  }
}

/**
 * The server never trusts a number the browser computed (docs/domain-rules.md, introduction): it recomputes
 * the pledge with `pledgeQuote` and rejects each figure that was sent and differs, naming the field.
 * Figures left out are not errors; the server stores its own.
 */
export function pledgeFigureMismatches(
  sent: PledgeRequestFigures,
  quote: Pick<PledgeQuote, 'dueDate' | 'firstMonthInterestPaise' | 'finalAmountPaise'>,
  ratePaise: number,
): FieldError[] {
  const errors: FieldError[] = [];
  if (sent.due_date !== undefined && sent.due_date !== quote.dueDate) {
    errors.push({ field: 'due_date', message: `Due date must be ${formatIndianDate(quote.dueDate)}` });
  }
  if (
    sent.first_month_interest !== undefined &&
    paiseOrUndefined(sent.first_month_interest) !== quote.firstMonthInterestPaise
  ) {
    errors.push({
      field: 'first_month_interest',
      message: `First month interest must be ${formatRupees(quote.firstMonthInterestPaise)}`,
    });
  }
  if (sent.final_amount !== undefined && paiseOrUndefined(sent.final_amount) !== quote.finalAmountPaise) {
    errors.push({
      field: 'final_amount',
      message: `Final amount must be ${formatRupees(quote.finalAmountPaise)}`,
    });
  }
  sent.items.forEach((item, i) => {
    if (item.net_value === undefined) return;
    let expected: number;
    try {
      expected = itemValuePaise(gramsToMg(item.net_weight), ratePaise);
    } catch {
      return; // the weight itself is reported by the schema
    }
    if (paiseOrUndefined(item.net_value) !== expected) {
      errors.push({ field: `items.${i}.net_value`, message: `Net value must be ${formatRupees(expected)}` });
    }
  });
  return errors;
}
