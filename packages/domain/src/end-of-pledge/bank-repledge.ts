/**
 * Re-pledge with a bank (docs/domain-rules.md §8.4): the articles of
 * an open pledge go to a bank against a loan, and come back when it is repaid. The postings are
 * `bankRepledgePostings` and `bankReturnPostings` (postings.ts); these are the states and dates.
 */
import { compareDates, daysBetween } from '../dates/dates.ts';

/** The sentences a clerk reads when a pledge is in the wrong state or a date is out of bounds. */
export const BANK_REPLEDGE_MESSAGES = {
  closed: "This pledge is closed: only an open pledge's articles can go to a bank.",
  inactive: 'This pledge is inactive: make it active before its articles go to a bank.',
  alreadyAtBank: "This pledge's articles are already at a bank. Return them from the bank first.",
  notAtBank: "This pledge's articles are not at a bank.",
  inLot: (lotNo: string) =>
    `This pledge is in auction lot ${lotNo}: withdraw it from the lot before its articles go to a bank.`,
  bank: 'Please select an active bank of this company.',
  pledgedOnFuture: 'The date given to the bank cannot be after today.',
  pledgedOnBeforePledge: 'The date given to the bank cannot be before the pledge date.',
  returnedOnFuture: 'The date of return cannot be after today.',
  returnedOnBeforePledged: (pledgedOn: string) =>
    `The date of return cannot be before the date the articles went to the bank (${pledgedOn}).`,
  createAtBank: "A new pledge's articles are in the vault: save the pledge, then use Move to Bank on it.",
  editFlag: "Use 'Move to Bank' or 'Return from Bank' on the pledge: the edit does not move its articles.",
} as const;

/** How the bank's money moved: through the bank account (1190) or in cash through the drawer (1000). */
export const BANK_MONEY_WAYS = ['bank', 'cash'] as const;
export type BankMoneyWay = (typeof BANK_MONEY_WAYS)[number];

/** Whether a pledge's articles may go to a bank: open, active and not already at one. */
export type RepledgeRefusal = 'closed' | 'inactive' | 'alreadyAtBank';

export function repledgeRefusal(p: {
  closedDate: string | null;
  status: string;
  atBank: boolean;
}): RepledgeRefusal | undefined {
  if (p.closedDate !== null) return 'closed';
  if (p.status !== 'active') return 'inactive';
  if (p.atBank) return 'alreadyAtBank';
  return undefined;
}

/** The day given to the bank: not after today, not before the pledge date. Undefined when fine. */
export function repledgeDateProblem(
  pledgedOn: string,
  today: string,
  pledgeDate: string,
): string | undefined {
  if (compareDates(pledgedOn, today) > 0) return BANK_REPLEDGE_MESSAGES.pledgedOnFuture;
  if (compareDates(pledgedOn, pledgeDate) < 0) return BANK_REPLEDGE_MESSAGES.pledgedOnBeforePledge;
  return undefined;
}

/** The day of return: not after today, not before the day the articles went. Undefined when fine. */
export function returnDateProblem(returnedOn: string, today: string, pledgedOn: string): string | undefined {
  if (compareDates(returnedOn, today) > 0) return BANK_REPLEDGE_MESSAGES.returnedOnFuture;
  if (compareDates(returnedOn, pledgedOn) < 0)
    return BANK_REPLEDGE_MESSAGES.returnedOnBeforePledged(pledgedOn);
  return undefined;
}

/**
 * Days the articles have been at the bank: from the day they went to the day they came back, or to
 * `asOf` while they are still there (0 on the day they went; never below 0).
 */
export function daysAtBank(pledgedOn: string, returnedOn: string | null, asOf: string): number {
  return Math.max(0, daysBetween(pledgedOn, returnedOn ?? asOf));
}
