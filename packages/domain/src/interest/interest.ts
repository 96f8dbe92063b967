import { toEpochDay } from '../dates/dates.ts';
import { assertPaise, divRoundHalfUp, mulDivRoundHalfUp, sumPaise } from '../money/money.ts';

/**
 * Interest accrual (docs/domain-rules.md §3). Months are counted in halves, so the code works with
 * "half-months" (twice the charged months, always an integer) and divides by 20000 instead of
 * 10000 at the end: `P × rate_bp × M = P × rate_bp × halfMonths / 2 / 10000`, with no 0.5 in floats.
 */

/**
 * Twice the charged months for `daysElapsed` days: the first month is always charged; after day 30
 * each full 30-day block is a month, and a remainder of 1-15 days adds half a month, 16-29 a full one.
 */
export function chargedHalfMonths(daysElapsed: number): number {
  if (!Number.isSafeInteger(daysElapsed) || daysElapsed < 0) {
    throw new RangeError(`days elapsed must be a non-negative integer, got ${String(daysElapsed)}`);
  }
  if (daysElapsed <= 30) return 2;
  const q = Math.floor(daysElapsed / 30);
  const r = daysElapsed - q * 30;
  return 2 * q + (r === 0 ? 0 : r <= 15 ? 1 : 2);
}

/** M(d) of docs/domain-rules.md §3: 0..30 -> 1, 31..45 -> 1.5, 46..60 -> 2, 61..75 -> 2.5 … */
export function chargedMonths(daysElapsed: number): number {
  return chargedHalfMonths(daysElapsed) / 2;
}

/** Months elapsed for display: `floor(d / 30)`. */
export function monthsElapsed(daysElapsed: number): number {
  return Math.floor(Math.max(0, daysElapsed) / 30);
}

/** `roundHalfUp(P × rate_bp × halfMonths / 20000)`, the interest on P for that many half-months. */
export function interestForHalfMonthsPaise(
  principalPaise: number,
  rateBp: number,
  halfMonths: number,
): number {
  const product = principalPaise * rateBp * halfMonths;
  return Number.isSafeInteger(product)
    ? divRoundHalfUp(product, 20000)
    : mulDivRoundHalfUp([principalPaise, rateBp, halfMonths], 20000);
}

/** The parts of a payment that move a pledge's balance. Penalty and discount do not. */
export interface PaymentParts {
  date: string;
  interestPaise: number;
  principalPaise: number;
}

export interface PledgeForBalance {
  loanPaise: number;
  rateBp: number;
  pledgeDate: string;
  firstMonthInterestPaise: number;
  payments: readonly PaymentParts[];
}

export interface PledgeBalance {
  daysElapsed: number;
  monthsElapsed: number;
  interestDuePaise: number;
  interestPaidPaise: number;
  remainingInterestPaise: number;
  remainingPrincipalPaise: number;
  totalOutstandingPaise: number;
}

/**
 * Interest paid on a pledge (docs/domain-rules.md §3): the first month's interest, taken out of the loan
 * when the pledge was made, plus the interest part of every counted payment. A pledge closed within its
 * first month has paid the first month's interest though no receipt holds any.
 */
export function interestPaidPaise(input: {
  firstMonthInterestPaise: number;
  paymentInterestPaise: readonly number[];
}): number {
  assertPaise(input.firstMonthInterestPaise, 'first month interest');
  for (const part of input.paymentInterestPaise) {
    assertPaise(part, 'interest part');
    if (part < 0) throw new RangeError('an interest part must not be negative');
  }
  return input.firstMonthInterestPaise + sumPaise(input.paymentInterestPaise);
}

/**
 * The balance of a pledge as of a date (docs/domain-rules.md §3.2–§3.3).
 *
 * Interest due runs in segments between principal changes: segment k charges `Pk` for the
 * half-months between M(tk) and M(tk+1), each segment rounded half up, starting from M'(t0) = 0.
 *
 * Choices the rules leave open (docs/decisions.md, "Money and domain rules"):
 * - only payments dated on or before `asOf` count, so a balance "as of" a past date ignores later ones;
 * - `asOf` before the pledge date counts as day 0 (the first month is charged anyway);
 * - a principal payment on the pledge date itself opens a segment at day 0: the first month stays
 *   charged on the full loan (it was taken at the counter), later months on the reduced principal;
 * - several payments on one day change the principal once, by their sum.
 */
export function pledgeBalance(p: PledgeForBalance, asOf: string): PledgeBalance {
  const { loanPaise, rateBp } = p;
  assertPaise(loanPaise, 'loan');
  assertPaise(p.firstMonthInterestPaise, 'first month interest');
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) {
    throw new RangeError(`interest rate must be non-negative basis points, got ${String(rateBp)}`);
  }
  const pledgeDay = toEpochDay(p.pledgeDate);
  const asOfDay = toEpochDay(asOf);
  const d = asOfDay > pledgeDay ? asOfDay - pledgeDay : 0;

  let interestPaid = p.firstMonthInterestPaise;
  let principalPaid = 0;
  // Principal changes as (elapsed day, amount) pairs; flat arrays avoid an object per payment.
  let changeDays: number[] | undefined;
  let changeAmounts: number[] | undefined;
  let sorted = true;
  const payments = p.payments;
  for (let i = 0; i < payments.length; i++) {
    const pay = payments[i]!;
    const day = toEpochDay(pay.date);
    if (day > asOfDay) continue;
    if (!(pay.interestPaise >= 0 && pay.principalPaise >= 0)) {
      throw new RangeError('payment parts must not be negative');
    }
    assertPaise(pay.interestPaise, 'interest part');
    assertPaise(pay.principalPaise, 'principal part');
    interestPaid += pay.interestPaise;
    if (pay.principalPaise === 0) continue;
    principalPaid += pay.principalPaise;
    const t = day > pledgeDay ? day - pledgeDay : 0;
    if (changeDays === undefined || changeAmounts === undefined) {
      changeDays = [t];
      changeAmounts = [pay.principalPaise];
      continue;
    }
    const lastIndex = changeDays.length - 1;
    if (changeDays[lastIndex] === t) {
      changeAmounts[lastIndex]! += pay.principalPaise;
    } else {
      if (changeDays[lastIndex]! > t) sorted = false;
      changeDays.push(t);
      changeAmounts.push(pay.principalPaise);
    }
  }

  let interestDue = 0;
  let principal = loanPaise;
  let previousHalfMonths = 0; // M'(t0) = 0
  if (changeDays !== undefined && changeAmounts !== undefined) {
    if (!sorted) ({ changeDays, changeAmounts } = sortChanges(changeDays, changeAmounts));
    for (let k = 0; k < changeDays.length; k++) {
      const t = changeDays[k]!;
      const halfMonths = chargedHalfMonths(t);
      interestDue += interestForHalfMonthsPaise(principal, rateBp, halfMonths - previousHalfMonths);
      previousHalfMonths = halfMonths;
      principal -= changeAmounts[k]!;
      // Remaining principal is never negative (docs/domain-rules.md §3); clamping also keeps due monotone.
      if (principal < 0) principal = 0;
    }
  }
  interestDue += interestForHalfMonthsPaise(principal, rateBp, chargedHalfMonths(d) - previousHalfMonths);

  const remainingInterest = interestDue > interestPaid ? interestDue - interestPaid : 0;
  const remainingPrincipal = loanPaise > principalPaid ? loanPaise - principalPaid : 0;
  return {
    daysElapsed: d,
    monthsElapsed: Math.floor(d / 30),
    interestDuePaise: interestDue,
    interestPaidPaise: interestPaid,
    remainingInterestPaise: remainingInterest,
    remainingPrincipalPaise: remainingPrincipal,
    totalOutstandingPaise: remainingPrincipal + remainingInterest,
  };
}

/** Sorts principal changes by day and merges equal days (payments may arrive in any order). */
function sortChanges(days: number[], amounts: number[]): { changeDays: number[]; changeAmounts: number[] } {
  const order = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]!);
  const changeDays: number[] = [];
  const changeAmounts: number[] = [];
  for (const i of order) {
    const last = changeDays.length - 1;
    if (last >= 0 && changeDays[last] === days[i]) changeAmounts[last]! += amounts[i]!;
    else {
      changeDays.push(days[i]!);
      changeAmounts.push(amounts[i]!);
    }
  }
  return { changeDays, changeAmounts };
}

/**
 * The balance right after a payment, for the payment's stored `balance_amount` (remaining principal +
 * remaining interest right after it, docs/domain-rules.md §4.4): the pledge's balance on the payment date with
 * the payment included.
 */
export function balanceAfterPayment(p: PledgeForBalance, payment: PaymentParts): PledgeBalance {
  return pledgeBalance({ ...p, payments: [...p.payments, payment] }, payment.date);
}

/** A pledge closes when both remaining principal and remaining interest are 0 (docs/domain-rules.md §4.8). */
export function isSettled(
  balance: Pick<PledgeBalance, 'remainingInterestPaise' | 'remainingPrincipalPaise'>,
): boolean {
  return balance.remainingInterestPaise <= 0 && balance.remainingPrincipalPaise <= 0;
}
