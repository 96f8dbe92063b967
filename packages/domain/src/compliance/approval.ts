import { formatRupees } from '../money/money.ts';

/**
 * Approvals: a discount or a penalty above the branch's threshold (₹0 by default:
 * every one) needs an admin's approval. An admin taking the payment approves it themselves (the spec's
 * 'Approve Discount' and 'Approve Penalty' ticks); anyone else needs an admin to type their username and
 * password on the payment screen, a second person rather than a tick, and the receipt keeps who approved.
 */
export type ApprovalKind = 'discount' | 'penalty';

/** What of a receipt needs an approval: each of its discount and penalty above the threshold. */
export function approvalsNeeded(p: {
  discountPaise: number;
  penaltyPaise: number;
  thresholdPaise: number;
}): ApprovalKind[] {
  const out: ApprovalKind[] = [];
  if (p.discountPaise > p.thresholdPaise) out.push('discount');
  if (p.penaltyPaise > p.thresholdPaise) out.push('penalty');
  return out;
}

/** The sentence under the approver's fields, naming what needs approving and the threshold. */
export function approvalMessage(kinds: readonly ApprovalKind[], thresholdPaise: number): string {
  const what =
    kinds.length === 2 ? 'A discount and a penalty' : kinds[0] === 'penalty' ? 'A penalty' : 'A discount';
  const above = thresholdPaise > 0 ? ` above ${formatRupees(thresholdPaise, '₹')}` : '';
  const verb = kinds.length === 2 ? 'need' : 'needs';
  return `${what}${above} ${verb} an admin's approval: an admin enters their username and password`;
}
