import {
  financialYear,
  formatShortfallReceiptNumber,
  mayDepositSurplus,
  rupeesToPaise,
  type ShortfallCollectInput,
  type ShortfallWriteOffInput,
  type SurplusDepositInput,
  type SurplusPayInput,
  shortfallCollectedPostings,
  shortfallWriteOffPostings,
  surplusDepositDueDate,
  surplusPayoutPostings,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { type PostVoucherInput, postVoucher } from '../vouchers/vouchers.service.ts';
import {
  addToShortfall,
  findCustomerName,
  findSaleDate,
  findSaleParties,
  insertShortfallSettlement,
  lockShortfall,
  lockSurplus,
  markSurplusSettled,
  type NewShortfallSettlement,
  readSurplusHoldMonths,
} from './auctions.repository.ts';
import { AUCTION_SERVER_MESSAGES, type AuctionWriter, toVoucherLines } from './auctions-shared.ts';

// The settlement of what an auction sale left (docs/domain-rules.md §8.7; Pawnbrokers Act s. 12,
// §10.5): a surplus (2100, owed to the pawner) paid out to them or deposited with the Government,
// a shortfall (1210, owed by them) collected or written off. Each pair is one settlement,
// parameterised by what differs: the date's field, the check of its own, the voucher and the row.

/** The date is not after today nor before the sale (422 under the date's field). */
function settlementDate(field: string, date: string, today: string, saleDate: string) {
  if (date > today) throw AppError.field(field, AUCTION_SERVER_MESSAGES.dateFuture);
  if (date < saleDate) throw AppError.field(field, AUCTION_SERVER_MESSAGES.dateBeforeSale(saleDate));
}

/** The voucher of a settlement, less what every settlement fills in the same way. */
type SettlementVoucher = Pick<
  PostVoucherInput,
  'voucherType' | 'narration' | 'narrationCode' | 'narrationParams' | 'referenceNumber' | 'lines'
>;

// ---- Surplus ----------------------------------------------------------------------------------

/** The surplus row locked FOR UPDATE, with its sale's date; 404 for another company's, 409 once settled. */
async function lockOwedSurplus(tx: Tx, companyId: number, id: number) {
  const row = await lockSurplus(tx, companyId, id);
  if (!row) throw AppError.notFound('Surplus');
  if (row.settledKind === 'paid')
    throw AppError.conflict('SURPLUS_SETTLED', AUCTION_SERVER_MESSAGES.surplusPaid(row.settledOn!));
  if (row.settledKind === 'deposited')
    throw AppError.conflict('SURPLUS_SETTLED', AUCTION_SERVER_MESSAGES.surplusDeposited(row.settledOn!));
  return { ...row, ...(await findSaleParties(tx, companyId, row.saleId)) };
}

type OwedSurplus = Awaited<ReturnType<typeof lockOwedSurplus>>;

/** Where a surplus goes: to the pawner (paid) or to the Government (deposited). */
interface SurplusSettlement {
  kind: 'paid' | 'deposited';
  /** The audit trail's action. */
  action: 'pay' | 'deposit';
  /** The body's date field, and its value. */
  dateField: 'paid_on' | 'deposited_on';
  on: string;
  method: SurplusPayInput['method'];
  reference: string | null;
  /** Who receives the money. */
  to: (s: OwedSurplus) => string;
  narration: (s: OwedSurplus, to: string) => ReturnType<typeof voucherNarration>;
  /** The check of this settlement alone, once the date is right. */
  check: (tx: Tx, s: OwedSurplus, amountPaise: number) => Promise<void>;
}

/** A surplus settled: Payment, Dr 2100, Cr 1000/1190; the row marked with where the money went. */
async function settleSurplus(db: Db, w: AuctionWriter, id: number, how: SurplusSettlement): Promise<void> {
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const s = await lockOwedSurplus(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_surpluses', companyId, s.id);
    settlementDate(how.dateField, how.on, w.today, s.saleDate);
    const amountPaise = rupeesToPaise(s.amount);
    await how.check(tx, s, amountPaise);
    const to = how.to(s);
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Payment',
      entryDate: how.on,
      ...how.narration(s, to),
      referenceNumber: how.reference,
      lines: toVoucherLines(surplusPayoutPostings(amountPaise, how.method)),
      source: { kind: 'auction-surplus', id: s.id },
      createdBy: w.userId,
    });
    await markSurplusSettled(tx, companyId, s.id, {
      settledKind: how.kind,
      settledOn: how.on,
      settledTo: to,
      settledMethod: how.method,
      settledReference: how.reference,
      settledVoucherId: voucher.id,
      settledBy: w.userId,
    });
    await recordAudit(tx, {
      action: how.action,
      entity: 'auction_surplus',
      entityId: s.id,
      before,
      after: await rowSnapshot(tx, 'auction_surpluses', companyId, s.id),
    });
    await markIdempotentCommit(tx, w.idempotency);
  });
}

/** POST /auction-surpluses/{id}/pay: the surplus handed to the pawner (Payment: Dr 2100, Cr 1000/1190). */
export async function paySurplus(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: SurplusPayInput,
): Promise<void> {
  await settleSurplus(db, w, id, {
    kind: 'paid',
    action: 'pay',
    dateField: 'paid_on',
    on: input.paid_on,
    method: input.method,
    reference: input.reference?.trim() || null,
    to: (s) => input.paid_to?.trim() || s.customerName,
    narration: (s, to) => voucherNarration('surplus_paid', { pledge: s.pledgeNo, to }),
    check: async (tx, _s, amountPaise) => {
      await assertCashLimit(tx, w.companyId, {
        amountPaise,
        method: input.method,
        confirmed: input.cash_limit_confirmed,
        what: 'payout',
        methodField: 'payment_method',
      });
    },
  });
}

/**
 * POST /auction-surpluses/{id}/deposit: an unclaimed surplus deposited with the Government once the
 * company's holding period has passed (s. 12): the payout's lines, the narration naming the deposit.
 */
export async function depositSurplus(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: SurplusDepositInput,
): Promise<void> {
  await settleSurplus(db, w, id, {
    kind: 'deposited',
    action: 'deposit',
    dateField: 'deposited_on',
    on: input.deposited_on,
    method: input.method,
    reference: input.reference,
    to: () => 'Government',
    narration: (s) =>
      voucherNarration('surplus_deposited', {
        pledge: s.pledgeNo,
        pawner: s.customerName,
        reference: input.reference,
      }),
    check: async (tx, s) => {
      const months = await readSurplusHoldMonths(tx, w.companyId);
      const due = surplusDepositDueDate(s.saleDate, months);
      if (!mayDepositSurplus(due, input.deposited_on))
        throw AppError.conflict('SURPLUS_HELD', AUCTION_SERVER_MESSAGES.depositTooEarly(due, months));
    },
  });
}

// ---- Shortfall --------------------------------------------------------------------------------

/** The shortfall row locked FOR UPDATE with what is open of it; 404 for another company's, 409 once settled. */
async function lockOpenShortfall(tx: Tx, companyId: number, id: number) {
  const row = await lockShortfall(tx, companyId, id);
  if (!row) throw AppError.notFound('Shortfall');
  const openPaise = rupeesToPaise(row.amount) - rupeesToPaise(row.collected) - rupeesToPaise(row.writtenOff);
  if (openPaise <= 0) throw AppError.conflict('SHORTFALL_SETTLED', AUCTION_SERVER_MESSAGES.shortfallSettled);
  const saleDate = await findSaleDate(tx, companyId, row.saleId);
  const pawner = (await findCustomerName(tx, companyId, row.customerId)) ?? '';
  return { row, openPaise, saleDate, pawner };
}

/** A shortfall after a settlement, with that settlement (the amount, how, and why a write-off). */
async function shortfallAfter(tx: Tx, companyId: number, id: number, settlementId: number) {
  const row = await rowSnapshot(tx, 'auction_shortfalls', companyId, id);
  return (
    row && {
      ...row,
      settlement: await rowSnapshot(tx, 'auction_shortfall_settlements', companyId, settlementId),
    }
  );
}

/** What a settlement of a shortfall posts and records beyond what every one does. */
interface ShortfallEntry {
  voucher: SettlementVoucher;
  row: Pick<NewShortfallSettlement, 'method' | 'reference' | 'receiptNo' | 'reason' | 'approvedBy'>;
  receiptNo: string | null;
}

/** How a shortfall is settled: collected from the pawner or written off. */
interface ShortfallSettlement {
  kind: 'collected' | 'written_off';
  /** The audit trail's action, and its reason (a write-off's). */
  action: 'collect' | 'write_off';
  reason?: string;
  /** The shortfall's total this settlement adds to. */
  column: 'collected' | 'writtenOff';
  on: string;
  amount: number;
  /** Once the date and the amount are right: the checks of its own, and its voucher and row. */
  entry: (tx: Tx, pawner: string, amountPaise: number) => Promise<ShortfallEntry>;
}

/** A shortfall settled in part or whole: the voucher (Cr 1210), the settlement's row and the total. */
async function settleShortfall(
  db: Db,
  w: AuctionWriter,
  id: number,
  how: ShortfallSettlement,
): Promise<{ settlementId: number; receiptNo: string | null }> {
  const { companyId } = w;
  return db.transaction(async (tx) => {
    const { row, openPaise, saleDate, pawner } = await lockOpenShortfall(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_shortfalls', companyId, row.id);
    settlementDate('on', how.on, w.today, saleDate);
    const amountPaise = rupeesToPaise(how.amount);
    if (amountPaise > openPaise) throw AppError.field('amount', AUCTION_SERVER_MESSAGES.overOpen(openPaise));
    const entry = await how.entry(tx, pawner, amountPaise);
    const voucher = await postVoucher(tx, {
      companyId,
      ...entry.voucher,
      entryDate: how.on,
      source: { kind: 'auction-shortfall', id: row.id },
      createdBy: w.userId,
    });
    const settlementId = await insertShortfallSettlement(tx, {
      companyId,
      shortfallId: row.id,
      kind: how.kind,
      settledOn: how.on,
      amount: numericFromPaise(amountPaise),
      ...entry.row,
      voucherId: voucher.id,
      createdBy: w.userId,
    });
    await addToShortfall(tx, companyId, row.id, how.column, numericFromPaise(amountPaise));
    await recordAudit(tx, {
      action: how.action,
      entity: 'auction_shortfall',
      entityId: row.id,
      before,
      after: await shortfallAfter(tx, companyId, row.id, settlementId),
      ...(how.reason === undefined ? {} : { reason: how.reason }),
    });
    await markIdempotentCommit(tx, w.idempotency);
    return { settlementId, receiptNo: entry.receiptNo };
  });
}

/**
 * POST /auction-shortfalls/{id}/collect: Receipt, Dr 1000/1190, Cr 1210, and the pawner's numbered
 * receipt (cash taken in always gets one): `SR/<year>/<n>` from the counter
 * `shortfall-receipt` of the collection date's financial year, taken in the same transaction.
 * Answers the collection's id and receipt number.
 */
export async function collectShortfall(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: ShortfallCollectInput,
): Promise<{ settlementId: number; receiptNo: string }> {
  const { settlementId, receiptNo } = await settleShortfall(db, w, id, {
    kind: 'collected',
    action: 'collect',
    column: 'collected',
    on: input.on,
    amount: input.amount,
    entry: async (tx, pawner, amountPaise) => {
      await assertCashLimit(tx, w.companyId, {
        amountPaise,
        method: input.method,
        confirmed: input.cash_limit_confirmed,
        what: 'receipt',
        methodField: 'payment_method',
      });
      const fy = financialYear(input.on);
      const [n] = await takeNumbers(tx, w.companyId, 'shortfall-receipt', fy, 1);
      const receiptNo = formatShortfallReceiptNumber(fy, n!);
      return {
        voucher: {
          voucherType: 'Receipt',
          ...voucherNarration('shortfall_collected', { pawner, receipt: receiptNo }),
          referenceNumber: input.reference?.trim() || receiptNo,
          lines: toVoucherLines(shortfallCollectedPostings(amountPaise, input.method)),
        },
        row: { method: input.method, reference: input.reference?.trim() || null, receiptNo },
        receiptNo,
      };
    },
  });
  return { settlementId, receiptNo: receiptNo! };
}

/** POST /auction-shortfalls/{id}/write-off (admin): Journal, Dr 5200, Cr 1210, approved by the admin. */
export async function writeOffShortfall(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: ShortfallWriteOffInput,
): Promise<void> {
  await settleShortfall(db, w, id, {
    kind: 'written_off',
    action: 'write_off',
    reason: input.reason,
    column: 'writtenOff',
    on: input.on ?? w.today,
    amount: input.amount,
    entry: async (_tx, pawner, amountPaise) => ({
      voucher: {
        voucherType: 'Journal',
        ...voucherNarration('shortfall_written_off', { pawner, reason: input.reason }),
        lines: toVoucherLines(shortfallWriteOffPostings(amountPaise)),
      },
      row: { reason: input.reason, approvedBy: w.userId },
      receiptNo: null,
    }),
  });
}
