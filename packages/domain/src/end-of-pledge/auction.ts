/**
 * The rules of an auction lot and its surpluses (REGULATION.md, Tamil Nadu
 * Pawnbrokers Act s. 12): which pledges may go into a lot, and how old an owed surplus is. The postings
 * are in postings.ts; the dates of a surplus (30 days, the holding period) in rules.ts.
 */
import { compareDates, daysBetween } from '../dates/dates.ts';

/** What the lot check needs to know of a pledge. */
export interface LotCandidate {
  closed: boolean;
  atBank: boolean;
  /** The pledge is in another lot and not withdrawn from it. */
  inLiveLot: boolean;
  /** The latest notice that was sent (sent_on set), or null when none was. */
  servedNotice: { saleAfter: string } | null;
}

export const AUCTION_MESSAGES = {
  closed: 'is closed',
  atBank: 'is at a bank; bring the articles back first',
  inLot: 'is already in another auction lot',
  noNotice: 'has no notice before sale that was sent to the pawner',
  notYet: (saleAfter: string) => `may not be sold before ${saleAfter} (its notice's date of sale)`,
} as const;

/**
 * Why a pledge may not go into a lot held on `auctionDate`, or null when it may: it must be open, not
 * at a bank, in no other live lot, and have a notice that was sent whose date of sale is on or before
 * the auction date (s. 12, Rule 12).
 */
export function lotRefusal(p: LotCandidate, auctionDate: string): string | null {
  if (p.closed) return AUCTION_MESSAGES.closed;
  if (p.atBank) return AUCTION_MESSAGES.atBank;
  if (p.inLiveLot) return AUCTION_MESSAGES.inLot;
  if (p.servedNotice === null) return AUCTION_MESSAGES.noNotice;
  if (compareDates(p.servedNotice.saleAfter, auctionDate) > 0)
    return AUCTION_MESSAGES.notYet(p.servedNotice.saleAfter);
  return null;
}

/** Days since the sale (0 on the sale's day and before it). */
export function surplusAgeDays(saleDate: string, asOf: string): number {
  return Math.max(daysBetween(saleDate, asOf), 0);
}

/** A surplus may be deposited with the Government on or after its deposit date, never before. */
export function mayDepositSurplus(depositDueDate: string, depositedOn: string): boolean {
  return compareDates(depositedOn, depositDueDate) >= 0;
}

/** `AL/2026-27/0001`: an auction lot's number, per company and financial year, at least 4 digits. */
export function formatLotNumber(financialYear: string, n: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new RangeError(`bad financial year ${financialYear}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`bad running number ${String(n)}`);
  return `AL/${financialYear}/${String(n).padStart(4, '0')}`;
}

/**
 * `SR/2026-27/0001`: the receipt of an auction shortfall collected from the pawner,
 * per company and financial year from a counter of its own, at least 4 digits.
 */
export function formatShortfallReceiptNumber(financialYear: string, n: number): string {
  if (!/^\d{4}-\d{2}$/.test(financialYear)) throw new RangeError(`bad financial year ${financialYear}`);
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`bad running number ${String(n)}`);
  return `SR/${financialYear}/${String(n).padStart(4, '0')}`;
}
