/**
 * The release of a closed pledge's articles (Tamil Nadu Pawnbrokers Act s. 8, Rule 6;
 * Form H): which pledges may be released, who needs a proof, the release date's bounds, and the day
 * from which a closed pledge's articles count as waiting too long.
 */
import { addDays, compareDates, formatIndianDate } from '../dates/dates.ts';
import { interestPaidPaise } from '../interest/interest.ts';
import { assertPaise, sumPaise } from '../money/money.ts';
import { isReleaseOverdue } from './rules.ts';

/** Who may take the articles home (s. 8, Rule 6). */
export const RELEASE_RECEIVER_KINDS = ['pawner', 'agent', 'legal_heir', 'transferee', 'lost_ticket'] as const;
export type ReleaseReceiverKind = (typeof RELEASE_RECEIVER_KINDS)[number];

export const RELEASE_RECEIVER_LABELS: Record<ReleaseReceiverKind, string> = {
  pawner: 'The pawner in person',
  agent: "An agent with the pawner's letter",
  legal_heir: 'A legal heir',
  transferee: 'A transferee of the ticket',
  lost_ticket: 'On a lost-ticket declaration',
};

/** The proof each kind shows (the label of proof_reference on the screen and the slip). */
export const RELEASE_PROOF_LABELS: Record<ReleaseReceiverKind, string> = {
  pawner: 'Proof',
  agent: "Agent's authorisation letter",
  legal_heir: "Legal heir's document",
  transferee: 'Transfer document',
  lost_ticket: 'Lost-ticket declaration',
};

/** Anyone but the pawner in person shows a proof (s. 8, Rule 6). */
export function releaseNeedsProof(kind: ReleaseReceiverKind): boolean {
  return kind !== 'pawner';
}

export const RELEASE_MESSAGES = {
  open: 'This pledge is still open: take its full payment before releasing the articles.',
  released: (on: string) => `The articles of this pledge were already released on ${formatIndianDate(on)}.`,
  renewal: 'This pledge was closed by a renewal: its articles went into the new pledge, not to a release.',
  auction: "This pledge was sold at auction: its articles went to the auction's buyer.",
  atBank: 'The articles of this pledge are at a bank: bring them back from the bank before releasing them.',
  inFuture: 'The release date cannot be after today',
  beforeClosing: (closed: string) =>
    `The release date cannot be before the pledge was closed (${formatIndianDate(closed)})`,
  receiverName: "Enter the receiver's name",
  proofReference: 'Enter the proof (letter, document or declaration) the receiver showed',
  receiverKind: 'Choose who receives the articles',
  handedOverBy: 'Choose a staff member of this company',
  proofFile: 'The proof file was not found',
  releaseDate: 'Use a date as YYYY-MM-DD',
} as const;

/** The state of a pledge the release reads. */
export interface ReleasablePledge {
  closedDate: string | null;
  closedBy: string | null;
  releasedOn: string | null;
  isMoveToBank: boolean;
}

export type ReleaseRefusal = { code: string; message: string };

/**
 * Why a pledge's articles may not be released now, or null when they may: the pledge must be closed by
 * payment, its articles not yet released, and not at a bank. The bank comes first: a pledge whose
 * articles are at a bank takes no payment, so 'take its full payment' would send the clerk to a
 * payment the counter refuses.
 */
export function releaseRefusal(p: ReleasablePledge): ReleaseRefusal | null {
  if (p.isMoveToBank) return { code: 'PLEDGE_AT_BANK', message: RELEASE_MESSAGES.atBank };
  if (p.closedDate === null) return { code: 'PLEDGE_OPEN', message: RELEASE_MESSAGES.open };
  if (p.closedBy === 'renewal') return { code: 'PLEDGE_RENEWED', message: RELEASE_MESSAGES.renewal };
  if (p.closedBy === 'auction') return { code: 'PLEDGE_SOLD', message: RELEASE_MESSAGES.auction };
  if (p.releasedOn !== null) {
    return { code: 'PLEDGE_RELEASED', message: RELEASE_MESSAGES.released(p.releasedOn) };
  }
  return null;
}

/** The release date's bounds: not after today, not before the closing day. Undefined when fine. */
export function releaseDateProblem(
  releasedOn: string,
  closedDate: string,
  today: string,
): string | undefined {
  if (compareDates(releasedOn, today) > 0) return RELEASE_MESSAGES.inFuture;
  if (compareDates(releasedOn, closedDate) < 0) return RELEASE_MESSAGES.beforeClosing(closedDate);
  return undefined;
}

/**
 * The latest closing day whose articles are over the wait on `asOf` (isReleaseOverdue), or null when
 * none is found (it always is for a wait the settings allow): the pending list is in closing order, so its overdue rows are those closed
 * on or before this day.
 */
export function releaseOverdueCutoff(
  asOf: string,
  waitWorkingDays: number,
  holidays?: ReadonlySet<string>,
): string | null {
  // Six working days a week: the cutoff lies within wait * 7 / 6 days and a week, plus a day for each
  // holiday; walk back no further.
  const limit = Math.ceil((waitWorkingDays * 7) / 6) + 8 + (holidays?.size ?? 0);
  let day = asOf;
  for (let i = 0; i <= limit; i++) {
    if (isReleaseOverdue(day, asOf, waitWorkingDays, holidays)) return day;
    day = addDays(day, -1);
  }
  return null;
}

/** The lines of the redemption receipt's (Form H) money part, in the order it prints them. */
export const REDEMPTION_LINES = ['principal', 'interest', 'penalty', 'discount'] as const;
export type RedemptionLine = (typeof REDEMPTION_LINES)[number];

/** A counted (not reversed) payment's parts, in paise. */
export interface RedemptionPayment {
  principalPaise: number;
  interestPaise: number;
  penaltyPaise: number;
  discountPaise: number;
}

export interface RedemptionFigures {
  /**
   * Each line's signed amount in paise: the discount is taken off, so it is negative. `interest` is the
   * interest paid: the first month's and the receipts' (interestPaidPaise).
   */
  lines: Readonly<Record<RedemptionLine, number>>;
  /** What the interest line is made of, printed under it (not added again). */
  interestParts: Readonly<{ firstMonth: number; onReceipts: number }>;
  /** The sum of the lines, so the printed total is the sum of what is printed above it. */
  totalPaise: number;
}

/**
 * What the release slip (Form H) prints as paid for a pledge: the principal, the interest paid (the first
 * month's, taken from the loan when it was made, and the interest of the receipts; docs/domain-rules.md
 * §3 'interest paid = first month interest + Σ interest parts'), the penalty, less the discount, and
 * their total. The total is summed from the lines themselves, never computed apart, so the slip adds
 * up whatever the lines hold.
 */
export function redemptionFigures(input: {
  firstMonthInterestPaise: number;
  payments: readonly RedemptionPayment[];
}): RedemptionFigures {
  const sum = (pick: (p: RedemptionPayment) => number) => sumPaise(input.payments.map(pick));
  const firstMonth = assertPaise(input.firstMonthInterestPaise, 'first month interest');
  const interest = interestPaidPaise({
    firstMonthInterestPaise: firstMonth,
    paymentInterestPaise: input.payments.map((p) => p.interestPaise),
  });
  const lines: Record<RedemptionLine, number> = {
    principal: sum((p) => p.principalPaise),
    interest,
    penalty: sum((p) => p.penaltyPaise),
    discount: -sum((p) => p.discountPaise),
  };
  return {
    lines,
    interestParts: { firstMonth, onReceipts: interest - firstMonth },
    totalPaise: sumPaise(REDEMPTION_LINES.map((k) => lines[k])),
  };
}
