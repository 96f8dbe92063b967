import {
  gramsToMg,
  type PledgeItemView,
  type PledgeQuote,
  type PledgeView,
  percentToBp,
  pledgeQuote,
  rupeesToPaise,
  type SchemeView,
} from '@pledge-desk/domain';
import { readMoneyText } from '@/components/ui/money-input';
import type { Design } from '@/shared/api/search-designs';

/** One row of the item table as typed: weights stay text until they are sent. */
export interface ItemRow {
  key: string;
  /** The stored item's id on the edit screen; null for a row added here. */
  pledgeItemId: number | null;
  design: Design | null;
  condition: string;
  gross: string;
  net: string;
  /** Once the clerk types a net weight of its own, the gross weight stops copying into it. */
  netTouched: boolean;
  remarks: string;
  photo: File | null;
  /** The stored photo's signed link (edit screen). */
  imageUrl: string | null;
}

let rowCounter = 0;

export function emptyRow(): ItemRow {
  rowCounter += 1;
  return {
    key: `row-${rowCounter}`,
    pledgeItemId: null,
    design: null,
    condition: '',
    gross: '',
    net: '',
    netTouched: false,
    remarks: '',
    photo: null,
    imageUrl: null,
  };
}

export function rowOfItem(item: PledgeItemView): ItemRow {
  return {
    ...emptyRow(),
    pledgeItemId: item.pledge_item_id,
    design: { id: item.jewell_design_id, design_name: item.design_name, created_at: '' },
    condition: item.jewell_condition ?? '',
    gross: String(item.gross_weight),
    net: String(item.net_weight),
    netTouched: item.net_weight !== item.gross_weight,
    remarks: item.remarks ?? '',
    imageUrl: item.image,
  };
}

/** What a row sends, compared with the stored item to tell keep from update. */
function sentFields(row: ItemRow) {
  return {
    design: row.design?.id ?? null,
    condition: row.condition.trim(),
    gross: weightMg(row.gross),
    net: weightMg(row.net),
    remarks: row.remarks.trim(),
  };
}

export function rowAction(row: ItemRow, stored: PledgeItemView | undefined): 'keep' | 'update' | 'add' {
  if (row.pledgeItemId === null || !stored) return 'add';
  const now = sentFields(row);
  const unchanged =
    now.design === stored.jewell_design_id &&
    now.condition === (stored.jewell_condition ?? '').trim() &&
    now.gross === weightMg(String(stored.gross_weight)) &&
    now.net === weightMg(String(stored.net_weight)) &&
    now.remarks === (stored.remarks ?? '').trim() &&
    row.photo === null;
  return unchanged ? 'keep' : 'update';
}

export const WEIGHT_MESSAGES = {
  figures: 'Enter the weight in grams, like 10.5.',
  decimals: 'Enter a weight with at most 3 decimals.',
} as const;

/** Milligrams of a weight as typed, or null when it is empty or not a weight. */
export function weightMg(text: string): number | null {
  const read = readWeightText(text);
  return 'mg' in read ? read.mg : null;
}

export function readWeightText(text: string): { mg: number | null } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { mg: null };
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(trimmed)) return { error: WEIGHT_MESSAGES.figures };
  if ((trimmed.split('.')[1] ?? '').replace(/0+$/, '').length > 3) return { error: WEIGHT_MESSAGES.decimals };
  try {
    return { mg: gramsToMg(trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed) };
  } catch {
    return { error: WEIGHT_MESSAGES.figures };
  }
}

/** Paise of a money text, 0 while it is empty or wrong (the field itself says what is wrong). */
export function moneyPaise(text: string): number {
  const read = readMoneyText(text);
  return 'paise' in read && read.paise !== null ? read.paise : 0;
}

/** The terms a quote needs (docs/domain-rules.md §2), in paise, basis points and months. */
export interface FormTerms {
  ratePaise: number;
  interestRateBp: number;
  loanAllowedBp: number;
  slippageBp: number;
  durationMonths: number;
}

export function termsOfScheme(scheme: SchemeView, rateRupees: number): FormTerms {
  return {
    ratePaise: rupeesToPaise(rateRupees),
    interestRateBp: percentToBp(scheme.interest_rate_monthly),
    loanAllowedBp: percentToBp(scheme.loan_allowed_percent),
    slippageBp: percentToBp(scheme.slippage_percent),
    durationMonths: scheme.duration,
  };
}

/** The scheme terms kept on a pledge when it was made (its rate, interest, cap, slippage, duration). */
export function termsOfPledge(pledge: PledgeView): FormTerms {
  return {
    ratePaise: rupeesToPaise(pledge.rate_per_gram),
    interestRateBp: percentToBp(pledge.interest_rate),
    loanAllowedBp: percentToBp(pledge.loan_allowed_percent),
    slippageBp: percentToBp(pledge.slippage_percent),
    durationMonths: pledge.duration,
  };
}

/**
 * Every figure of the summary, from the domain's pledgeQuote (never worked out here). Rows whose
 * weights are empty or wrong count as 0 until corrected; their fields say what is wrong.
 */
export function quoteOf(input: {
  rows: readonly ItemRow[];
  terms: FormTerms;
  loanText: string;
  documentChargesText: string;
  pledgeDate: string;
}): PledgeQuote {
  return pledgeQuote({
    items: input.rows.map((row) => ({ grossMg: weightMg(row.gross) ?? 0, netMg: weightMg(row.net) ?? 0 })),
    terms: input.terms,
    loanPaise: moneyPaise(input.loanText),
    documentChargesPaise: moneyPaise(input.documentChargesText),
    pledgeDate: input.pledgeDate,
  });
}

/** A weight as JSON sends it (grams), or NaN so the schema names the field. */
export function weightForJson(text: string): number {
  const mg = weightMg(text);
  return mg === null ? Number.NaN : mg / 1000;
}

/** Rupees as JSON sends them, or NaN for text that is not an amount. */
export function moneyForJson(text: string): number {
  const read = readMoneyText(text);
  return 'paise' in read && read.paise !== null ? read.paise / 100 : Number.NaN;
}
