import { formatRupees, paiseToRupees, type SystemAccountCode, type VoucherLine } from '@pledge-desk/domain';
import type { Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import type { IdempotencyRef } from '../../plugins/idempotency.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { findLot, findLotEntry, findSaleOf } from './auctions.repository.ts';

// What the auction's use cases share (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12, §10.5):
// their refusals, who writes, the voucher lines as sent and answered, and the pledge of a lot as
// withdrawing and selling find it.

export const AUCTION_SERVER_MESSAGES = {
  pledgeRefused: (pledgeNo: string, why: string) => `Pledge ${pledgeNo} ${why}.`,
  pledgeUnknown: 'No such pledge in this branch.',
  notInLot: (pledgeNo: string, lotNo: string) => `Pledge ${pledgeNo} is not in lot ${lotNo}.`,
  withdrawn: (pledgeNo: string, lotNo: string) => `Pledge ${pledgeNo} was withdrawn from lot ${lotNo}.`,
  alreadyWithdrawn: (pledgeNo: string) => `Pledge ${pledgeNo} is already withdrawn from this lot.`,
  sold: (pledgeNo: string, date: string) => `Pledge ${pledgeNo} was sold at auction on ${date}.`,
  closed: (pledgeNo: string) => `Pledge ${pledgeNo} is closed; it can no longer be sold.`,
  atBank: (pledgeNo: string) => `Pledge ${pledgeNo} is at a bank; bring the articles back before the sale.`,
  inLot: (pledgeNo: string, lotNo: string) => `Pledge ${pledgeNo} is already in auction lot ${lotNo}.`,
  saleFuture: 'The sale date cannot be after today.',
  saleBeforeNotice: (saleAfter: string) =>
    `The articles may not be sold before ${saleAfter}, the date of sale of the notice.`,
  saleBeforeLastPayment: (date: string) => `The sale date cannot be before the last payment (${date}).`,
  dateFuture: 'The date cannot be after today.',
  dateBeforeSale: (date: string) => `The date cannot be before the sale (${date}).`,
  surplusPaid: (date: string) => `This surplus was already paid out on ${date}.`,
  surplusDeposited: (date: string) => `This surplus was already deposited with the Government on ${date}.`,
  depositTooEarly: (date: string, months: number) =>
    `This surplus may be deposited with the Government from ${date}, ${months} months after the sale; until then it is held for the pawner.`,
  shortfallSettled: 'This shortfall is already settled in full.',
  overOpen: (open: number) => `At most ${formatRupees(open)} of this shortfall is open.`,
} as const;

export interface AuctionWriter {
  companyId: number;
  userId: number;
  today: string;
  idempotency?: IdempotencyRef | null;
}

export const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

export const linesView = (lines: readonly VoucherLine<SystemAccountCode>[]) =>
  lines.map((l) => ({
    account_code: l.accountCode,
    debit: paiseToRupees(l.debitPaise),
    credit: paiseToRupees(l.creditPaise),
  }));

export const toVoucherLines = (lines: readonly VoucherLine<SystemAccountCode>[]) =>
  lines.map((l) => ({ accountCode: l.accountCode, debitPaise: l.debitPaise, creditPaise: l.creditPaise }));

/**
 * The pledge locked, its lot and its latest entry in the lot, for a step on a pledge of a lot that is
 * not sold yet: 404 for an unknown pledge or lot, 409 when the pledge is not in the lot or was sold.
 */
export async function lockPledgeOfLot(tx: Tx, companyId: number, lotId: number, pledgeId: number) {
  const locked = await lockPledges(tx, companyId, [pledgeId]);
  const pledge = locked.get(pledgeId);
  if (!pledge) throw AppError.notFound('Pledge');
  const lot = await findLot(tx, companyId, lotId);
  if (!lot) throw AppError.notFound('Auction lot');
  const entry = await findLotEntry(tx, companyId, lotId, pledge.id);
  if (!entry)
    throw AppError.conflict('NOT_IN_LOT', AUCTION_SERVER_MESSAGES.notInLot(pledge.pledgeNo, lot.lotNo));
  const sale = await findSaleOf(tx, companyId, pledge.id);
  if (sale)
    throw AppError.conflict('PLEDGE_SOLD', AUCTION_SERVER_MESSAGES.sold(pledge.pledgeNo, sale.saleDate));
  return { pledge, lot, entry };
}
