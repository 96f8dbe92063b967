import { mulDivRoundHalfUp } from '../money/money.ts';

/** Business constants of the specs (pledges-and-payments §9, shell-and-masters §9), in domain units. */

/** Default document charge on a new pledge: Rs. 100. */
export const DEFAULT_DOCUMENT_CHARGES_PAISE = 10_000;
/** Customer search and the searchable dropdown start at 2 characters. */
export const MIN_SEARCH_CHARACTERS = 2;
export const SEARCH_DEBOUNCE_MS = 500;
export const DROPDOWN_DEBOUNCE_MS = 300;
export const PLEDGE_LIST_PAGE_SIZE = 10;
export const PAYMENT_LIST_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAYMENT_LIST_PAGE_SIZE = 10;
export const TOAST_LIFETIME_MS = 5_000;
/** Daybook entries need at least two lines. */
export const MIN_DAYBOOK_LINES = 2;

/** 22K gold is priced at 24K × 11/12 (shell-and-masters §2), rounded half up to the paisa. */
export function gold22kRatePaise(rate24kPaise: number): number {
  return mulDivRoundHalfUp([rate24kPaise, 11], 12);
}

/** Silver per kg from the per-gram rate (999 fine). */
export function silverPerKgPaise(perGramPaise: number): number {
  return perGramPaise * 1000;
}
