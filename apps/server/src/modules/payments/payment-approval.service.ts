import { approvalMessage, approvalsNeeded, rupeesToPaise } from '@pledge-desk/domain';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { approverInTransaction, type RefusedApproval } from '../auth/approver.service.ts';
import { findCompliance } from '../compliance/compliance.repository.ts';
import type { PaymentWriter } from './payments-shared.ts';

// The approval of a receipt's discount or penalty over the branch's threshold (docs/domain-rules.md
// §4.7), which the single and the multiple payment ask inside their transactions.

/** The discount and penalty of a receipt, in rupees, which the approval threshold is compared with. */
interface ApprovedAmounts {
  discount: number;
  penalty: number;
}

/** Which approvals the amounts need at the branch's threshold (docs/domain-rules.md §4.7), and the threshold. */
async function approvalsOf(db: DbOrTx, companyId: number, amounts: ApprovedAmounts) {
  const compliance = await findCompliance(db, companyId);
  const thresholdPaise = compliance?.approvalThresholdPaise ?? 0;
  const kinds = approvalsNeeded({
    discountPaise: rupeesToPaise(amounts.discount),
    penaltyPaise: rupeesToPaise(amounts.penalty),
    thresholdPaise,
  });
  return { kinds, thresholdPaise };
}

/**
 * Who approves the receipt's discount or penalty, checked inside the money transaction once the
 * pledges are locked, so the approval and the receipt it allows are one (docs/domain-rules.md §4.7):
 * nobody needed at or under the branch's threshold; the caller when an admin; otherwise the admin the
 * clerk's screen named, whose name and password are checked as a sign-in is (argon2id and the sign-in
 * throttle). 422 under `approver` when none is given; a wrong one is a RefusedApproval.
 */
export async function approvedByOf(
  tx: Tx,
  writer: PaymentWriter,
  amounts: ApprovedAmounts,
): Promise<number | null | RefusedApproval> {
  const approval = writer.approval;
  if (!approval) return null;
  // Nothing discounted nor charged needs no approval at any threshold: the branch's is not read.
  if (amounts.discount <= 0 && amounts.penalty <= 0) return null;
  const { kinds, thresholdPaise } = await approvalsOf(tx, writer.companyId, amounts);
  if (kinds.length === 0) return null;
  if (approval.user?.role === 'admin') return approval.user.id;
  if (approval.approver) return approverInTransaction(tx, approval.approver, approval.ip);
  const msg = approvalMessage(kinds, thresholdPaise);
  throw new AppError('VALIDATION', 422, msg, [{ loc: ['body', 'approver'], msg, type: 'approval_required' }]);
}
