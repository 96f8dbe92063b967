/**
 * Splitting one total over several pledges of a customer (docs/domain-rules.md §4.6).
 * The same function runs in the browser (preview) and on the server (check), so both give the same
 * paise. Exact integer arithmetic throughout: shares are compared as fractions with one common
 * denominator, in BigInt, so a large total never rounds differently on two machines.
 */

export interface PledgeOutstanding {
  remainingInterestPaise: number;
  remainingPrincipalPaise: number;
}

export interface Allocation {
  interestPaise: number;
  principalPaise: number;
}

export interface AllocationResult {
  allocations: Allocation[];
  /** What is left of the total once every selected pledge is paid in full. */
  unallocatedPaise: number;
}

/** v1 weighs principal shares by total outstanding (I + P), v2 by remaining principal (P). */
export type AllocationMode = 'v1' | 'v2';

function assertNonNegativePaise(value: number, label: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${label} must be a non-negative whole number of paise, got ${String(value)}`);
  }
}

/**
 * 1. Interest first, pledge by pledge in list order, each up to its remaining interest.
 * 2. The rest goes to principal in proportion to the mode's weight, capped at each remaining
 *    principal; a capped pledge's excess is shared again among the others, until the rest is spent
 *    or every pledge is full.
 * 3. Shares are floored to whole paise and the leftover paise go one by one to the largest fractional
 *    parts (ties: list order). Allocated total = min(total, Σ outstanding); the rest is unallocated.
 */
export function allocatePayment(
  totalPaise: number,
  pledges: readonly PledgeOutstanding[],
  mode: AllocationMode,
): AllocationResult {
  assertNonNegativePaise(totalPaise, 'total');
  if (mode !== 'v1' && mode !== 'v2') throw new RangeError(`unknown allocation mode ${String(mode)}`);
  for (const p of pledges) {
    assertNonNegativePaise(p.remainingInterestPaise, 'remaining interest');
    assertNonNegativePaise(p.remainingPrincipalPaise, 'remaining principal');
  }

  let left = totalPaise;
  const allocations: Allocation[] = pledges.map((p) => {
    const interestPaise = Math.min(p.remainingInterestPaise, left);
    left -= interestPaise;
    return { interestPaise, principalPaise: 0 };
  });

  const shares = sharePrincipal(
    left,
    pledges.map((p) => p.remainingPrincipalPaise),
    pledges.map((p) =>
      mode === 'v1' ? p.remainingInterestPaise + p.remainingPrincipalPaise : p.remainingPrincipalPaise,
    ),
  );
  let spent = 0;
  shares.forEach((share, i) => {
    allocations[i]!.principalPaise = share;
    spent += share;
  });
  return { allocations, unallocatedPaise: left - spent };
}

/**
 * Shares `amount` over pledges by weight, each capped; returns whole paise per pledge summing to
 * min(amount, Σ caps). Exported for the screens' "spread this over principal" preview.
 */
export function sharePrincipal(
  amount: number,
  caps: readonly number[],
  weights: readonly number[],
): number[] {
  const result = caps.map(() => 0);
  // Only pledges with principal left and a positive weight take part.
  let open = caps.map((_, i) => i).filter((i) => caps[i]! > 0 && weights[i]! > 0);
  let rest = amount;
  while (rest > 0 && open.length > 0) {
    const capsSum = open.reduce((s, i) => s + caps[i]!, 0);
    if (rest >= capsSum) {
      // Everyone is filled; whatever is left stays unallocated.
      for (const i of open) result[i] = caps[i]!;
      rest -= capsSum;
      break;
    }
    const weightSum = BigInt(open.reduce((s, i) => s + weights[i]!, 0));
    const bigRest = BigInt(rest);
    // A share passes its cap when rest × w / W ≥ cap, i.e. rest × w ≥ cap × W (exact).
    const capped = open.filter((i) => bigRest * BigInt(weights[i]!) >= BigInt(caps[i]!) * weightSum);
    if (capped.length > 0) {
      for (const i of capped) {
        result[i] = caps[i]!;
        rest -= caps[i]!;
      }
      open = open.filter((i) => !capped.includes(i));
      continue;
    }
    // No cap is reached: floor each exact share, then hand out the leftover paise by largest remainder.
    const floors = open.map((i) => {
      const numerator = bigRest * BigInt(weights[i]!);
      return { i, floor: Number(numerator / weightSum), remainder: numerator % weightSum };
    });
    let leftover = rest - floors.reduce((s, f) => s + f.floor, 0);
    for (const f of floors) result[f.i] = f.floor;
    const byRemainder = [...floors].sort((a, b) =>
      a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1,
    );
    for (const f of byRemainder) {
      if (leftover === 0) break;
      result[f.i]! += 1;
      leftover--;
    }
    rest = 0;
  }
  return result;
}

/**
 * The v1 screen's payment type for an allocated amount (pledges-and-payments §4): full_payment when
 * it covers everything, partial_principal when it passes the remaining interest, else interest.
 */
export function paymentTypeForAmount(
  amountPaise: number,
  remainingInterestPaise: number,
  remainingPrincipalPaise: number,
): 'interest' | 'partial_principal' | 'full_payment' {
  if (amountPaise >= remainingInterestPaise + remainingPrincipalPaise) return 'full_payment';
  if (amountPaise > remainingInterestPaise) return 'partial_principal';
  return 'interest';
}

/** Splits one pledge's amount interest first, then principal, each capped (docs/domain-rules.md §4.5). */
export function splitInterestFirst(
  amountPaise: number,
  pledge: PledgeOutstanding,
): Allocation & { excessPaise: number } {
  assertNonNegativePaise(amountPaise, 'amount');
  const interestPaise = Math.min(amountPaise, pledge.remainingInterestPaise);
  const principalPaise = Math.min(amountPaise - interestPaise, pledge.remainingPrincipalPaise);
  return { interestPaise, principalPaise, excessPaise: amountPaise - interestPaise - principalPaise };
}

export type PaymentStatusLabel = 'Fully Paid' | 'Partial Paid' | 'Active';

/**
 * The v2 status badge (docs/domain-rules.md §4.8): `Fully Paid` when nothing is outstanding; `Partial Paid`
 * when principal or interest beyond the first month interest has been paid; else `Active`.
 * `paidInterestPaise` is the interest paid by payments, without the first month interest.
 */
export function paymentStatusLabel(p: {
  remainingInterestPaise: number;
  remainingPrincipalPaise: number;
  paidPrincipalPaise: number;
  paidInterestPaise: number;
}): PaymentStatusLabel {
  if (p.remainingInterestPaise + p.remainingPrincipalPaise <= 0) return 'Fully Paid';
  if (p.paidPrincipalPaise > 0 || p.paidInterestPaise > 0) return 'Partial Paid';
  return 'Active';
}
