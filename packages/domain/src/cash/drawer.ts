import { formatIndianDate } from '../dates/dates.ts';
import { assertPaise, formatRupees, rupeesToPaise } from '../money/money.ts';

/**
 * The notes a cash drawer is counted in: ₹500, 200, 100, 50, 20 and 10 notes by
 * count, and coins (₹1, 2, 5, 10 and 20 coins together) as one amount in rupees.
 */
export const DRAWER_NOTES = [500, 200, 100, 50, 20, 10] as const;
export type DrawerNote = (typeof DRAWER_NOTES)[number];

/**
 * A count of the drawer as JSON carries it: notes by count (`"500": 12`), coins in rupees. A type, not
 * an interface, so that it fits the request schema's loose object (unknown keys are refused by its
 * refinement, not stripped by a transform, which JSON Schema and so the OpenAPI document cannot show).
 */
export type Denominations = {
  '500': number;
  '200': number;
  '100': number;
  '50': number;
  '20': number;
  '10': number;
  coins: number;
};

/** The keys a count may carry: the notes of `DRAWER_NOTES` and `coins`. */
export const DENOMINATION_KEYS: readonly string[] = [...DRAWER_NOTES.map(String), 'coins'];

/**
 * The refusal of a key that is not a note of the count: `{"2000": 5}` is refused,
 * never dropped, or the drawer would be counted ₹10,000 short of what the clerk typed. ₹2000 notes are
 * withdrawn from circulation (RBI, 19 May 2023): a bank exchanges them, a drawer does not count them.
 */
export function unknownDenominationMessage(key: string): string {
  if (key === '2000') {
    return '₹2000 notes are withdrawn from circulation and are not counted in a drawer: exchange them at a bank.';
  }
  const named = /^\d{1,7}$/.test(key) ? `₹${key} notes` : `'${key.slice(0, 20)}'`;
  return `A count has no ${named}: count ₹500, ₹200, ₹100, ₹50, ₹20 and ₹10 notes, and coins in rupees.`;
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
 * One group of a drawer user's cash movements dated on the drawer's day: what their vouchers received
 * (Dr 1000) and paid out (Cr 1000), and whether they were written after the drawer was opened.
 */
export interface DrawerCashMovement {
  receiptsPaise: number;
  payoutsPaise: number;
  /** Written at or after the drawer's opening; only these are the drawer's cash. */
  afterOpening: boolean;
}

/**
 * The cash a drawer moved: the receipts and payouts of the movements written after it was opened.
 * What its user did on the same day before opening it (a bank deposit, an earlier payout) went through
 * no drawer: that cash was never in the float counted at the opening.
 */
export function drawerMovedPaise(movements: readonly DrawerCashMovement[]): {
  receiptsPaise: number;
  payoutsPaise: number;
} {
  let receiptsPaise = 0;
  let payoutsPaise = 0;
  for (const m of movements) {
    assertPaise(m.receiptsPaise, 'receipts');
    assertPaise(m.payoutsPaise, 'payouts');
    if (!m.afterOpening) continue;
    receiptsPaise += m.receiptsPaise;
    payoutsPaise += m.payoutsPaise;
  }
  return { receiptsPaise, payoutsPaise };
}

/**
 * The drawer's expected cash: the opening float, plus what an admin
 * added to it to cover a payout it could not (`addedPaise`, the 'admin' short-payout setting), plus the
 * cash its user received minus the cash they paid out AFTER the drawer was opened (`drawerMovedPaise`).
 * It is also the cash the drawer holds while open, which a cash payout may not exceed.
 */
export function drawerExpectedPaise(p: {
  openingPaise: number;
  addedPaise: number;
  movements: readonly DrawerCashMovement[];
}): number {
  assertPaise(p.openingPaise, 'opening');
  assertPaise(p.addedPaise, 'added');
  const moved = drawerMovedPaise(p.movements);
  return p.openingPaise + p.addedPaise + moved.receiptsPaise - moved.payoutsPaise;
}

/**
 * Cash paid out with no drawer open: 'warn' lets it pass after the payout screen said
 * so, 'block' refuses it until the clerk opens their drawer.
 */
export const NO_DRAWER_PAYOUT_MODES = ['warn', 'block'] as const;
export type NoDrawerPayoutMode = (typeof NO_DRAWER_PAYOUT_MODES)[number];

/**
 * A cash payout larger than the cash the drawer holds: 'block' refuses it for
 * everyone; 'admin' lets an admin make it, the shortfall recorded on the drawer as cash the admin
 * added from the safe, and refuses anyone else. Never taken silently: the drawer would close on a
 * negative expected cash and post the count as false income (Cash Over).
 */
export const DRAWER_SHORT_PAYOUT_MODES = ['block', 'admin'] as const;
export type DrawerShortPayoutMode = (typeof DRAWER_SHORT_PAYOUT_MODES)[number];

export type DrawerPayoutVerdict =
  | { verdict: 'ok'; addedPaise: number }
  | { verdict: 'no-drawer' }
  | { verdict: 'short'; heldPaise: number };

/**
 * What the drawer rules say of one voucher's cash out of the drawer (`payoutPaise`: its credits to
 * 1000 less its debits; 0 or less is no payout). `heldPaise` is the drawer's expected cash before this
 * voucher, null when its writer has no drawer open on its day. 'ok' may carry `addedPaise`: the
 * shortfall an admin covers from the safe in 'admin' mode (the drawer ends at 0, never below).
 */
export function drawerPayoutVerdict(p: {
  payoutPaise: number;
  heldPaise: number | null;
  noDrawerMode: NoDrawerPayoutMode;
  shortMode: DrawerShortPayoutMode;
  isAdmin: boolean;
}): DrawerPayoutVerdict {
  if (!Number.isSafeInteger(p.payoutPaise)) throw new RangeError('payout must be whole paise');
  if (p.payoutPaise <= 0) return { verdict: 'ok', addedPaise: 0 };
  if (p.heldPaise === null) {
    return p.noDrawerMode === 'block' ? { verdict: 'no-drawer' } : { verdict: 'ok', addedPaise: 0 };
  }
  if (!Number.isSafeInteger(p.heldPaise)) throw new RangeError('held must be whole paise');
  if (p.payoutPaise <= p.heldPaise) return { verdict: 'ok', addedPaise: 0 };
  if (p.shortMode === 'admin' && p.isAdmin) return { verdict: 'ok', addedPaise: p.payoutPaise - p.heldPaise };
  return { verdict: 'short', heldPaise: p.heldPaise };
}

/** The sentences of the drawer rules, as the server refuses and the payout screens warn. */
export const DRAWER_PAYOUT_MESSAGES = {
  /** 'block': the server's 409 DRAWER_NOT_OPEN, and the payout screen's reason Save is off. */
  noDrawerBlock: (date: string) =>
    `You have no cash drawer open for ${formatIndianDate(date)}. Open your cash drawer before paying out cash.`,
  /** 'warn': the payout screen's notice; the payout is taken outside any drawer. */
  noDrawerWarn: (date: string) =>
    `You have no cash drawer open for ${formatIndianDate(date)}: this cash will not be in any drawer's count. Open your cash drawer before paying out cash.`,
  /** The server's 409 DRAWER_SHORT, and the payout screen's reason Save is off. */
  short: (heldPaise: number, payoutPaise: number, mode: DrawerShortPayoutMode) =>
    `Your cash drawer holds ${formatRupees(heldPaise, '₹')}, less than this cash payout of ${formatRupees(payoutPaise, '₹')}. ${
      mode === 'admin' ? 'An admin must make this payout, or pay' : 'Pay'
    } by bank transfer or online.`,
} as const;

/**
 * The difference of the close, counted − expected, and the voucher it needs (docs/domain-rules.md §9.2, §6.2): a
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
