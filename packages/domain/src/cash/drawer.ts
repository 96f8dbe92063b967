import { assertPaise, rupeesToPaise } from '../money/money.ts';

/**
 * The notes a cash drawer is counted in (issue 14 item 2): ₹500, 200, 100, 50, 20 and 10 notes by
 * count, and coins (₹1, 2, 5, 10 and 20 coins together) as one amount in rupees.
 */
export const DRAWER_NOTES = [500, 200, 100, 50, 20, 10] as const;
export type DrawerNote = (typeof DRAWER_NOTES)[number];

/** A count of the drawer as JSON carries it: notes by count (`"500": 12`), coins in rupees. */
export interface Denominations {
  '500': number;
  '200': number;
  '100': number;
  '50': number;
  '20': number;
  '10': number;
  coins: number;
}

/** The most notes of one kind a count may name (a drawer of 1 lakh notes is a typo, not a drawer). */
export const MAX_NOTES_PER_KIND = 100_000;

/** The value of a count in paise: Σ note × count + coins. */
export function denominationsTotalPaise(d: Denominations): number {
  let total = rupeesToPaise(d.coins);
  for (const note of DRAWER_NOTES) {
    const count = d[String(note) as keyof Denominations];
    if (!Number.isSafeInteger(count) || count < 0) {
      throw new RangeError(`The count of ₹${note} notes must be a whole number of 0 or more`);
    }
    total += note * 100 * count;
  }
  return assertPaise(total, 'drawer total');
}

/** An empty count (every note 0, no coins). */
export function emptyDenominations(): Denominations {
  return { '500': 0, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 };
}

/**
 * The drawer's expected cash at the close (issue 14 item 2): the opening float plus the user's cash
 * received (debits to 1000) minus the cash paid out (credits to 1000) by that user's vouchers of the day.
 */
export function drawerExpectedPaise(p: {
  openingPaise: number;
  receiptsPaise: number;
  payoutsPaise: number;
}): number {
  assertPaise(p.openingPaise, 'opening');
  assertPaise(p.receiptsPaise, 'receipts');
  assertPaise(p.payoutsPaise, 'payouts');
  return p.openingPaise + p.receiptsPaise - p.payoutsPaise;
}

/**
 * The difference of the close, counted − expected, and the voucher it needs (DOMAIN-RULES §6): a
 * shortage Dr 5100 Cash Short, Cr 1000; an excess Dr 1000, Cr 4300 Cash Over; none when they match.
 */
export function drawerDifference(p: { expectedPaise: number; countedPaise: number }): {
  differencePaise: number;
  kind: 'match' | 'shortage' | 'excess';
  lines: { accountCode: '1000' | '4300' | '5100'; debitPaise: number; creditPaise: number }[];
} {
  assertPaise(p.countedPaise, 'counted');
  if (!Number.isSafeInteger(p.expectedPaise)) throw new RangeError('expected must be whole paise');
  const differencePaise = p.countedPaise - p.expectedPaise;
  if (differencePaise === 0) return { differencePaise, kind: 'match', lines: [] };
  if (differencePaise < 0) {
    const short = -differencePaise;
    return {
      differencePaise,
      kind: 'shortage',
      lines: [
        { accountCode: '5100', debitPaise: short, creditPaise: 0 },
        { accountCode: '1000', debitPaise: 0, creditPaise: short },
      ],
    };
  }
  return {
    differencePaise,
    kind: 'excess',
    lines: [
      { accountCode: '1000', debitPaise: differencePaise, creditPaise: 0 },
      { accountCode: '4300', debitPaise: 0, creditPaise: differencePaise },
    ],
  };
}
