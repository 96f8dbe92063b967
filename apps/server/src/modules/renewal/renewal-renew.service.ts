import {
  KEPT_WEIGHT_MESSAGES,
  KEPT_WEIGHT_TOLERANCE_MG,
  RENEWAL_METHOD,
  type RenewalSaved,
  type RenewPledgeInput,
  rupeesToPaise,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { approverInTransaction, RefusedApproval, unlessRefused } from '../auth/approver.service.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import type { FileLinks } from '../files/file-links.ts';
import { recordReceipt } from '../payments/receipt.service.ts';
import { writeNewPledge } from '../pledges/pledge-create.service.ts';
import { constraintErrors } from '../pledges/pledge-messages.ts';
import { readPledgeView } from '../pledges/pledge-read.service.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { lockPledge, updatePledgeRow } from '../pledges/pledges.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import { insertRenewal, markOldPledgeRenewed } from './renewal.repository.ts';
import {
  planRenewal,
  RENEWAL_SERVER_MESSAGES,
  type RenewalPlan,
  type RenewalWriter,
  toPreview,
  validation,
} from './renewal-plan.ts';

// The save of a renewal (docs/domain-rules.md §8.3): the old pledge locked and closed by a payment of
// method 'renewal', the new pledge made through the pledge create path, the renewal's row and the new
// pledge's Payment voucher, in one transaction; 1195 nets to 0. The plan is the preview's.

/**
 * The save's approval of the kept articles weighed heavier than stored: gold does
 * not gain weight, so each such weight is refused under its field, naming what the pledge stored,
 * unless the body gives the reason and an admin approves (the caller when an admin, else the admin
 * checked by name and password in the same transaction). Answers who approved and why, or nulls when nothing rose.
 */
function weightApproval(
  plan: Pick<RenewalPlan, 'weightIncreases'>,
  writer: RenewalWriter,
  input: RenewPledgeInput,
): { approvedBy: number | null; reason: string | null } {
  if (plan.weightIncreases.length === 0) return { approvedBy: null, reason: null };
  const reason = input.weight_increase_reason?.trim() || null;
  const approvedBy = writer.isAdmin ? writer.userId : (writer.approverId ?? null);
  if (reason !== null && approvedBy !== null) return { approvedBy, reason };
  const fields: FieldError[] = plan.weightIncreases.flatMap((w) => {
    const loc = ['body', 'items', 'keep', w.keepIndex];
    const out: FieldError[] = [];
    if (w.weighing.grossIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG) {
      out.push({
        loc: [...loc, 'gross_weight'],
        msg: KEPT_WEIGHT_MESSAGES.heavier(w.storedGrossMg),
        type: 'weight_increase',
      });
    }
    if (w.weighing.netIncreaseMg > KEPT_WEIGHT_TOLERANCE_MG) {
      out.push({
        loc: [...loc, 'net_weight'],
        msg: KEPT_WEIGHT_MESSAGES.heavier(w.storedNetMg),
        type: 'weight_increase',
      });
    }
    return out;
  });
  if (reason === null) {
    fields.push({
      loc: ['body', 'weight_increase_reason'],
      msg: KEPT_WEIGHT_MESSAGES.reason,
      type: 'missing',
    });
  }
  if (approvedBy === null) {
    fields.push({ loc: ['body', 'approver'], msg: KEPT_WEIGHT_MESSAGES.approver, type: 'approval_required' });
  }
  throw validation(fields);
}

/**
 * The save refuses when the cash the clerk's preview showed is not what it would move (a loan typed
 * after the preview, or the outstanding or the rate moved since): 409, so the screen asks for the
 * preview again and the clerk reads the new figures before saving.
 */
function assertFiguresAsShown(plan: RenewalPlan, input: RenewPledgeInput): void {
  const { figures } = plan.postings;
  const differs = (shown: number | undefined, paise: number) =>
    shown !== undefined && rupeesToPaise(shown) !== paise;
  if (
    differs(input.expected_cash_to_customer, figures.cashToCustomerPaise) ||
    differs(input.expected_cash_from_customer, figures.cashFromCustomerPaise)
  ) {
    throw AppError.conflict('FIGURES_CHANGED', RENEWAL_SERVER_MESSAGES.figuresChanged);
  }
}

/**
 * The renewal as its caller makes it: an admin approves a kept article's weight increase themselves,
 * anyone else names an admin in `approver`. The approver's password is checked in the renewal's own
 * transaction once the pledge is locked, so the approval and the renewal it allows are one
 * (docs/domain-rules.md §7.4, §8.3); the plan decides whether the approval was needed. A refused
 * approver (a wrong name or password, no admin, too many attempts) is answered after that transaction
 * commits what the check wrote: nothing of the renewal is written by then, and the refused attempt must
 * stay counted by the throttle and kept in the audit trail, as a refused sign-in is.
 */
export async function renewPledgeAs(
  db: Db,
  links: FileLinks,
  writer: Omit<RenewalWriter, 'isAdmin' | 'approverId'> & { role: string; ip: string },
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalSaved> {
  const { role, ip, ...rest } = writer;
  const isAdmin = role === 'admin';
  const outcome = await db
    .transaction(async (tx): Promise<RenewalSaved | RefusedApproval> => {
      const old = await lockOldPledge(tx, rest.companyId, pledgeId);
      let approverId: number | null = null;
      if (!isAdmin && input.approver) {
        const approver = await approverInTransaction(tx, input.approver, ip);
        if (approver instanceof RefusedApproval) return approver;
        approverId = approver;
      }
      return renewLocked(tx, links, { ...rest, isAdmin, approverId }, old, input);
    })
    .catch(constraintErrors);
  return unlessRefused(outcome);
}

/**
 * POST /pledges/{id}/renew: one transaction. The old pledge locked FOR UPDATE and checked again; closed
 * by a payment of method 'renewal' (its receipt, Dr 1195 / Cr 4000 / Cr 1200; closed_by 'renewal') and
 * its articles released on the renewal date (carried over or returned); the new pledge numbered and
 * inserted through the create path with the kept articles linked to their originals; the renewal's
 * row; the new pledge's Payment voucher per `renewalPostings().openNew` (1195 back to 0). The cash
 * that moves passes the company's cash limit.
 */
export async function renewPledge(
  db: Db,
  links: FileLinks,
  writer: RenewalWriter,
  pledgeId: number,
  input: RenewPledgeInput,
): Promise<RenewalSaved> {
  return db
    .transaction(async (tx) =>
      renewLocked(tx, links, writer, await lockOldPledge(tx, writer.companyId, pledgeId), input),
    )
    .catch(constraintErrors);
}

/** The pledge to renew, locked FOR UPDATE until the renewal commits; 404 when the branch has none. */
async function lockOldPledge(tx: Tx, companyId: number, pledgeId: number): Promise<PledgeRow> {
  const old = await lockPledge(tx, companyId, pledgeId);
  if (!old) throw AppError.notFound('Pledge');
  return old;
}

/** The renewal of the locked pledge, in its caller's transaction. */
async function renewLocked(
  tx: Tx,
  links: FileLinks,
  writer: RenewalWriter,
  locked: PledgeRow,
  input: RenewPledgeInput,
): Promise<RenewalSaved> {
  const { companyId, userId } = writer;
  const plan = await planRenewal(tx, writer, locked, input);
  const approval = weightApproval(plan, writer, input);
  assertFiguresAsShown(plan, input);
  const { old, balance, prepared, postings } = plan;
  const before = await pledgeSnapshot(tx, companyId, old.id);
  const { figures } = postings;
  let overLimit = false;
  if (plan.cashPaise > 0) {
    overLimit = await assertCashLimit(tx, companyId, {
      amountPaise: plan.cashPaise,
      method: plan.method,
      confirmed: input.cash_limit_confirmed,
      what: figures.cashToCustomerPaise > 0 ? 'payout' : 'receipt',
      methodField: 'payment_method',
    });
  }

  const receipt = await recordReceipt(tx, {
    companyId,
    userId,
    customerId: old.customerId,
    kind: 'single',
    paymentDate: plan.renewalDate,
    paymentMethod: RENEWAL_METHOD,
    remarks: 'Closed by its renewal',
    parts: [
      {
        pledge: old,
        paymentType: 'full_payment',
        interestPaise: balance.remainingInterestPaise,
        principalPaise: balance.remainingPrincipalPaise,
        penaltyPaise: 0,
        discountPaise: 0,
        balanceAfterPaise: 0,
        closes: true,
      },
    ],
  });

  const { pledgeId: newPledgeId, pledgeNo: newPledgeNo } = await writeNewPledge(
    tx,
    { companyId, userId, today: writer.today },
    prepared,
    {
      customer_id: old.customerId,
      scheme_id: plan.schemeId,
      status: 'active',
      is_move_to_bank: false,
      remarks: input.remarks ?? null,
      items: plan.newItems,
    },
    {
      payoutMethod: plan.method,
      payoutReference: plan.reference,
      cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
    },
    { fromPledgeId: old.id, itemsFrom: plan.newItems.map((i) => i.renewedFromItemId) },
  );
  await markOldPledgeRenewed(tx, companyId, old.id, {
    newPledgeId,
    releasedOn: plan.renewalDate,
    userId,
  });
  const money = numericFromPaise;
  const renewalId = await insertRenewal(tx, {
    companyId,
    oldPledgeId: old.id,
    newPledgeId,
    renewalDate: plan.renewalDate,
    oldPrincipal: money(balance.remainingPrincipalPaise),
    oldInterest: money(balance.remainingInterestPaise),
    oldPenalty: '0.00',
    oldOutstanding: money(figures.oldOutstandingPaise),
    newLoan: money(prepared.quote.loanPaise),
    newFinalAmount: money(figures.newFinalAmountPaise),
    cashToCustomer: money(figures.cashToCustomerPaise),
    cashFromCustomer: money(figures.cashFromCustomerPaise),
    paymentMethod: plan.method,
    paymentReference: plan.reference,
    receiptId: receipt.receiptId,
    cashLimitConfirmed: overLimit && input.cash_limit_confirmed,
    weightIncreaseReason: approval.reason,
    weightIncreaseApprovedBy: approval.approvedBy,
    createdBy: userId,
  });
  const voucher = await postVoucher(tx, {
    companyId,
    voucherType: 'Payment',
    entryDate: plan.renewalDate,
    ...voucherNarration('renewal', {
      pledge: newPledgeNo,
      customer: plan.customerName,
      oldPledge: old.pledgeNo,
    }),
    referenceNumber: newPledgeNo,
    lines: postings.openNew,
    source: { kind: 'renewal', id: renewalId },
    createdBy: userId,
  });
  await updatePledgeRow(tx, companyId, newPledgeId, { voucherId: voucher.id });
  // One event for the whole renewal (the receipt and the new pledge are written through internals
  // that record nothing): the old pledge before, and after it the renewal's figures, the old
  // pledge closed and the new one with its articles.
  const { id: _renewalRowId, ...renewalRow } =
    (await rowSnapshot(tx, 'pledge_renewals', companyId, renewalId)) ?? {};
  await recordAudit(tx, {
    action: 'renew',
    entity: 'pledge',
    entityId: old.id,
    before,
    after: {
      renewal_id: renewalId,
      ...renewalRow,
      receipt_no: receipt.receiptNo,
      new_pledge_no: newPledgeNo,
      old_pledge: await rowSnapshot(tx, 'pledges', companyId, old.id),
      new_pledge: await pledgeSnapshot(tx, companyId, newPledgeId),
    },
  });
  // The Idempotency-Key's committed mark commits with both pledges and their vouchers, never without.
  await markIdempotentCommit(tx, writer.idempotency);

  const preview = await toPreview(tx, writer, plan, {
    close: receipt.voucherNumber,
    open: voucher.voucherNumber,
  });
  return {
    ...preview,
    renewal_id: renewalId,
    receipt_id: receipt.receiptId,
    receipt_no: receipt.receiptNo,
    old_pledge_view: await readPledgeView(tx, links, companyId, old.id),
    new_pledge_view: await readPledgeView(tx, links, companyId, newPledgeId),
  };
}

/** A pledge as the audit trail keeps it: its row with its articles. */
async function pledgeSnapshot(tx: Tx, companyId: number, pledgeId: number) {
  return withChildren(
    await rowSnapshot(tx, 'pledges', companyId, pledgeId),
    'items',
    await childRowsSnapshot(tx, 'pledge_items', companyId, 'pledge_id', pledgeId),
  );
}
