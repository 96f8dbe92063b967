import {
  formatIndianDate,
  RENEWAL_METHOD,
  reversePostings,
  rupeesToPaise,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { PERMISSION_REFUSALS } from '../../plugins/permissions.ts';
import { receiptSnapshot } from '../payments/payments.repository.ts';
import { findVoucherLines, lockPledges } from '../pledges/pledges.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import {
  findReceiptIdOfPayment,
  latestPaymentsOf,
  lockReceipt,
  lockReceiptPrints,
  type MovedOn,
  markReceiptReversed,
  movedOnAfter,
  receiptRows,
  reopenPledges,
  setReceiptPrints,
} from './payment-history.repository.ts';

export const PAYMENT_HISTORY_MESSAGES = {
  reversed: 'This payment is already reversed.',
  notLatest: (receiptNo: string) =>
    `Only the latest payment of a pledge can be reversed: receipt ${receiptNo} came after it.`,
  adminOnly: PERMISSION_REFUSALS['payments.reverse'],
  renewal: 'This payment closed its pledge by a renewal and cannot be reversed alone.',
  // What came after the payment: the reversal would change figures that are settled.
  sold: (pledgeNo: string, soldOn: string, lotNo: string) =>
    `Pledge ${pledgeNo} was sold at auction on ${soldOn} (lot ${lotNo}): its payments can no longer be reversed.`,
  renewed: (pledgeNo: string, renewedOn: string, newPledgeNo: string) =>
    `Pledge ${pledgeNo} was renewed into pledge ${newPledgeNo} on ${renewedOn}: its payments can no longer be reversed.`,
  released: (pledgeNo: string, releasedOn: string) =>
    `The articles of pledge ${pledgeNo} were released on ${releasedOn}: its payments can no longer be reversed.`,
  atBank: (pledgeNo: string, pledgedOn: string, bankName: string) =>
    `The articles of pledge ${pledgeNo} are re-pledged with ${bankName} since ${pledgedOn}: bring them back from the bank before reversing its payments.`,
  inLot: (pledgeNo: string, lotNo: string, auctionOn: string) =>
    `Pledge ${pledgeNo} was put in auction lot ${lotNo} (auction on ${auctionOn}) after this payment: withdraw it from the lot before reversing the payment.`,
} as const;

/** The 409 for a pledge that moved on after the payment, naming what came after. */
function movedOnConflict(m: MovedOn): AppError {
  const on = formatIndianDate(m.on);
  switch (m.kind) {
    case 'sold':
      return AppError.conflict('PLEDGE_SOLD', PAYMENT_HISTORY_MESSAGES.sold(m.pledgeNo, on, m.lotNo));
    case 'renewed':
      return AppError.conflict(
        'PLEDGE_RENEWED',
        PAYMENT_HISTORY_MESSAGES.renewed(m.pledgeNo, on, m.newPledgeNo),
      );
    case 'released':
      return AppError.conflict('PLEDGE_RELEASED', PAYMENT_HISTORY_MESSAGES.released(m.pledgeNo, on));
    case 'at_bank':
      return AppError.conflict('PLEDGE_AT_BANK', PAYMENT_HISTORY_MESSAGES.atBank(m.pledgeNo, on, m.bankName));
    case 'in_lot':
      return AppError.conflict('PLEDGE_IN_LOT', PAYMENT_HISTORY_MESSAGES.inLot(m.pledgeNo, m.lotNo, on));
  }
}

export interface Reverser {
  companyId: number;
  userId: number;
  today: string;
  idempotency?: IdempotencyRef | null;
}

/**
 * Reverses the receipt a payment row belongs to (docs/domain-rules.md §4.9), in one transaction: the receipt's
 * pledges locked in id order (as every payment locks them, so a reversal and a payment on the same
 * pledge queue), then the receipt FOR UPDATE; only the latest unreversed payment of each of its pledges
 * (a multiple payment only whole, and only if it is the latest on every pledge it paid); a Journal
 * with the Receipt voucher's lines reversed, dated the business day of the reversal; the receipt and its
 * rows marked reversed; every pledge it closed reopened. Nothing is deleted. Answers the receipt id.
 */
export async function reversePayment(
  db: Db,
  who: Reverser,
  paymentId: number,
  reason: string,
): Promise<number> {
  const { companyId } = who;
  return db.transaction(async (tx) => {
    const receiptId = await findReceiptIdOfPayment(tx, companyId, paymentId);
    if (receiptId === undefined) throw AppError.notFound('Payment');
    const rows = await receiptRows(tx, companyId, receiptId);
    const pledgeIds = rows.map((r) => r.pledgeId);
    await lockPledges(tx, companyId, pledgeIds);
    const receipt = await lockReceipt(tx, companyId, receiptId);
    if (!receipt) throw AppError.notFound('Payment');
    if (receipt.reversedAt !== null) {
      throw AppError.conflict('PAYMENT_REVERSED', PAYMENT_HISTORY_MESSAGES.reversed);
    }
    // Nothing may have moved the pledges on since the payment: a sale settled the
    // surplus or shortfall on the outstanding with this payment counted, a renewal carried that
    // outstanding into a new pledge, a release handed the articles back, a bank holds them, or a lot
    // was made up with them. Reversing the payment would change figures those already settled.
    const movedOn = await movedOnAfter(tx, companyId, pledgeIds, receipt.createdAt);
    if (movedOn) throw movedOnConflict(movedOn);
    const latest = await latestPaymentsOf(tx, companyId, pledgeIds);
    for (const pledgeId of pledgeIds) {
      const last = latest.get(pledgeId);
      if (last && last.receiptId !== receipt.id) {
        throw AppError.conflict('PAYMENT_NOT_LATEST', PAYMENT_HISTORY_MESSAGES.notLatest(last.receiptNo));
      }
    }
    if (receipt.paymentMethod === RENEWAL_METHOD) {
      throw AppError.conflict('PAYMENT_RENEWAL', PAYMENT_HISTORY_MESSAGES.renewal);
    }
    const before = await receiptSnapshot(tx, companyId, receipt.id);
    const old = await findVoucherLines(tx, companyId, receipt.voucherId);
    const lines = reversePostings(
      old.map((l) => ({
        accountId: l.accountId,
        debitPaise: rupeesToPaise(l.debit),
        creditPaise: rupeesToPaise(l.credit),
      })),
    );
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Journal',
      entryDate: who.today,
      ...voucherNarration('receipt_reversed', { receipt: receipt.receiptNo, reason }),
      referenceNumber: receipt.receiptNo,
      lines,
      source: { kind: 'payment-reversal', id: receipt.id },
      createdBy: who.userId,
    });
    await markReceiptReversed(tx, companyId, receipt.id, {
      userId: who.userId,
      reason,
      voucherId: voucher.id,
    });
    await reopenPledges(
      tx,
      companyId,
      rows.filter((r) => r.closedPledge).map((r) => r.pledgeId),
      who.userId,
    );
    await recordAudit(tx, {
      action: 'reverse',
      entity: 'receipt',
      entityId: receipt.id,
      before,
      after: await receiptSnapshot(tx, companyId, receipt.id),
      reason,
    });
    // The Idempotency-Key's committed mark commits with the reversal, never without.
    await markIdempotentCommit(tx, who.idempotency);
    return receipt.id;
  });
}

/** Records one print of a receipt (FOR UPDATE): `duplicate` from the second print on. */
export async function recordReceiptPrint(
  db: Db,
  companyId: number,
  receiptId: number,
): Promise<{ receipt_prints: number; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    const printed = await lockReceiptPrints(tx, companyId, receiptId);
    if (printed === undefined) throw AppError.notFound('Receipt');
    const prints = printed + 1;
    await setReceiptPrints(tx, companyId, receiptId, prints);
    const answer = { receipt_prints: prints, duplicate: prints > 1 };
    await recordAudit(tx, {
      action: 'print',
      entity: 'receipt',
      entityId: receiptId,
      before: { receipt_prints: printed },
      after: answer,
    });
    return answer;
  });
}
