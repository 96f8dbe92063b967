import {
  type AuctionLotInput,
  type AuctionSaleInput,
  type AuctionSaleSaved,
  type AuctionWithdrawInput,
  auctionSalePostings,
  financialYear,
  formatLotNumber,
  formatRupees,
  formatShortfallReceiptNumber,
  lotRefusal,
  mayDepositSurplus,
  paiseToRupees,
  rupeesToPaise,
  type ShortfallCollectInput,
  type ShortfallWriteOffInput,
  type SurplusDepositInput,
  type SurplusPayInput,
  type SystemAccountCode,
  shortfallCollectedPostings,
  shortfallWriteOffPostings,
  surplusDepositDueDate,
  surplusPayoutPostings,
  type VoucherLine,
} from '@pledge-desk/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  auctionLotPledges,
  auctionLots,
  auctionSales,
  auctionShortfallSettlements,
  auctionShortfalls,
  auctionSurpluses,
  customers,
  pledgeNotices,
} from '../../db/schema/index.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { type IdempotencyRef, markIdempotentCommit } from '../../plugins/idempotency.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, storedPaymentsOf } from '../payments/pledge-balance.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import { readLiveLots, readServedNotices, readSurplusHoldMonths } from './auctions.repository.ts';

// The writes of the auction (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12, §10.5):
// a lot, a pledge withdrawn from it, a sale with its surplus (owed to the pawner, 2100) or shortfall
// (owed by them, 1210), and each settlement of those. Every money step is one transaction that locks
// its row, re-checks the state inside, posts its voucher and records the row.

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

const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

const linesView = (lines: readonly VoucherLine<SystemAccountCode>[]) =>
  lines.map((l) => ({
    account_code: l.accountCode,
    debit: paiseToRupees(l.debitPaise),
    credit: paiseToRupees(l.creditPaise),
  }));

const toVoucherLines = (lines: readonly VoucherLine<SystemAccountCode>[]) =>
  lines.map((l) => ({ accountCode: l.accountCode, debitPaise: l.debitPaise, creditPaise: l.creditPaise }));

async function setVoucherSource(tx: Tx, companyId: number, voucherId: number, sourceId: number) {
  await tx.execute(
    sql`update vouchers set source_id = ${sourceId} where company_id = ${companyId} and id = ${voucherId}`,
  );
}

/** A lot is closed once none of its pledges waits for a sale (all sold, withdrawn or closed). */
async function refreshLotStatus(tx: Tx, companyId: number, lotId: number) {
  await tx.execute(sql`
    update auction_lots l
       set status = case when exists (
             select 1 from auction_lot_pledges lp
               join pledges p on p.company_id = lp.company_id and p.id = lp.pledge_id
              where lp.company_id = l.company_id and lp.lot_id = l.id and lp.withdrawn_at is null
                and p.closed_date is null) then 'open' else 'closed' end,
           updated_at = now()
     where l.company_id = ${companyId} and l.id = ${lotId}`);
}

const liveLotTaken = rethrowConstraint({
  auction_lot_pledges_live_key: AppError.conflict(
    'PLEDGE_IN_LOT',
    'A pledge of this lot was just put in another lot; reload and try again.',
  ),
});

/**
 * POST /auctions: a lot numbered AL/<year>/<n>. The pledges are locked; each must be open, not at a
 * bank, in no other live lot, and have a sent notice whose date of sale is on or before the auction
 * date: every refusal is listed under its pledge, a 409 as every step refuses a pledge in the wrong
 * state (a 422 when one names no pledge of the branch).
 */
export async function createLot(db: Db, w: AuctionWriter, input: AuctionLotInput): Promise<number> {
  const { companyId } = w;
  return db
    .transaction(async (tx) => {
      const locked = await lockPledges(tx, companyId, input.pledge_ids);
      const notices = await readServedNotices(tx, companyId, input.pledge_ids);
      const lots = await readLiveLots(tx, companyId, input.pledge_ids);
      const errors: FieldError[] = [];
      let unknown = false;
      input.pledge_ids.forEach((id, i) => {
        const loc = ['body', 'pledge_ids', i];
        const pledge = locked.get(id);
        if (!pledge) {
          unknown = true;
          errors.push({ loc, msg: AUCTION_SERVER_MESSAGES.pledgeUnknown, type: 'value_error' });
          return;
        }
        const notice = notices.get(id);
        const why = lotRefusal(
          {
            closed: pledge.closedDate !== null,
            atBank: pledge.isMoveToBank,
            inLiveLot: lots.has(id),
            servedNotice: notice ? { saleAfter: notice.saleAfter } : null,
          },
          input.auction_date,
        );
        if (why !== null) {
          const lotNo = lots.get(id);
          const msg =
            lotNo !== undefined && pledge.closedDate === null && !pledge.isMoveToBank
              ? AUCTION_SERVER_MESSAGES.inLot(pledge.pledgeNo, lotNo)
              : AUCTION_SERVER_MESSAGES.pledgeRefused(pledge.pledgeNo, why);
          errors.push({ loc, msg, type: 'value_error' });
        }
      });
      if (errors.length > 0)
        throw unknown
          ? validation(errors)
          : new AppError('PLEDGE_STATE', 409, errors.map((e) => e.msg).join(' '), errors);

      const fy = financialYear(input.auction_date);
      const [n] = await takeNumbers(tx, companyId, 'auction-lot', fy, 1);
      const [lot] = await tx
        .insert(auctionLots)
        .values({
          companyId,
          lotNo: formatLotNumber(fy, n!),
          auctionDate: input.auction_date,
          venue: input.venue || null,
          auctioneer: input.auctioneer || null,
          remarks: input.remarks || null,
          createdBy: w.userId,
        })
        .returning({ id: auctionLots.id });
      await tx.insert(auctionLotPledges).values(
        input.pledge_ids.map((pledgeId) => ({
          companyId,
          lotId: lot!.id,
          pledgeId,
          noticeId: notices.get(pledgeId)!.id,
          createdBy: w.userId,
        })),
      );
      await recordAudit(tx, {
        action: 'create',
        entity: 'auction_lot',
        entityId: lot!.id,
        after: await lotSnapshot(tx, companyId, lot!.id),
      });
      return lot!.id;
    })
    .catch(liveLotTaken);
}

/** A lot as the audit trail keeps it: its row with its pledges (withdrawn ones included). */
async function lotSnapshot(tx: Tx, companyId: number, lotId: number) {
  return withChildren(
    await rowSnapshot(tx, 'auction_lots', companyId, lotId),
    'pledges',
    await childRowsSnapshot(tx, 'auction_lot_pledges', companyId, 'lot_id', lotId),
  );
}

async function findLot(tx: Tx, companyId: number, lotId: number) {
  const [lot] = await tx
    .select()
    .from(auctionLots)
    .where(and(eq(auctionLots.companyId, companyId), eq(auctionLots.id, lotId)));
  if (!lot) throw AppError.notFound('Auction lot');
  return lot;
}

/** The pledge's latest entry in the lot (a pledge withdrawn and put back has two). */
async function findEntry(tx: Tx, companyId: number, lotId: number, pledgeId: number) {
  const [entry] = await tx
    .select()
    .from(auctionLotPledges)
    .where(
      and(
        eq(auctionLotPledges.companyId, companyId),
        eq(auctionLotPledges.lotId, lotId),
        eq(auctionLotPledges.pledgeId, pledgeId),
      ),
    )
    .orderBy(desc(auctionLotPledges.id))
    .limit(1);
  return entry;
}

async function findSaleOf(tx: Tx, companyId: number, pledgeId: number) {
  const [sale] = await tx
    .select({ id: auctionSales.id, saleDate: auctionSales.saleDate })
    .from(auctionSales)
    .where(and(eq(auctionSales.companyId, companyId), eq(auctionSales.pledgeId, pledgeId)));
  return sale;
}

/** POST /auctions/{id}/withdraw: the pledge leaves the lot before its sale (the pawner paid first). */
export async function withdrawFromLot(
  db: Db,
  w: AuctionWriter,
  lotId: number,
  input: AuctionWithdrawInput,
): Promise<void> {
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const locked = await lockPledges(tx, companyId, [input.pledge_id]);
    const pledge = locked.get(input.pledge_id);
    if (!pledge) throw AppError.notFound('Pledge');
    const lot = await findLot(tx, companyId, lotId);
    const entry = await findEntry(tx, companyId, lotId, pledge.id);
    if (!entry)
      throw AppError.conflict('NOT_IN_LOT', AUCTION_SERVER_MESSAGES.notInLot(pledge.pledgeNo, lot.lotNo));
    const sale = await findSaleOf(tx, companyId, pledge.id);
    if (sale)
      throw AppError.conflict('PLEDGE_SOLD', AUCTION_SERVER_MESSAGES.sold(pledge.pledgeNo, sale.saleDate));
    if (entry.withdrawnAt !== null)
      throw AppError.conflict('ALREADY_WITHDRAWN', AUCTION_SERVER_MESSAGES.alreadyWithdrawn(pledge.pledgeNo));
    const before = await lotSnapshot(tx, companyId, lotId);
    await tx
      .update(auctionLotPledges)
      .set({ withdrawnAt: sql`now()`, withdrawnReason: input.reason })
      .where(and(eq(auctionLotPledges.companyId, companyId), eq(auctionLotPledges.id, entry.id)));
    await refreshLotStatus(tx, companyId, lotId);
    await recordAudit(tx, {
      action: 'withdraw',
      entity: 'auction_lot',
      entityId: lotId,
      before,
      after: { ...(await lotSnapshot(tx, companyId, lotId)), withdrawn_pledge_id: pledge.id },
      reason: input.reason,
    });
  });
}

/**
 * POST /auctions/{id}/sales: one pledge of the lot sold, in one transaction: the pledge locked and
 * re-checked; its outstanding as of the sale date; the Receipt voucher of `auctionSalePostings`; the
 * sale; the pledge closed by the auction and its articles gone to the buyer; the surplus owed to the
 * pawner or the shortfall owed by them.
 */
export async function recordSale(
  db: Db,
  w: AuctionWriter,
  lotId: number,
  input: AuctionSaleInput,
): Promise<AuctionSaleSaved> {
  const { companyId } = w;
  return db.transaction(async (tx) => {
    const locked = await lockPledges(tx, companyId, [input.pledge_id]);
    const pledge = locked.get(input.pledge_id);
    if (!pledge) throw AppError.notFound('Pledge');
    const lot = await findLot(tx, companyId, lotId);
    const entry = await findEntry(tx, companyId, lotId, pledge.id);
    if (!entry)
      throw AppError.conflict('NOT_IN_LOT', AUCTION_SERVER_MESSAGES.notInLot(pledge.pledgeNo, lot.lotNo));
    const sold = await findSaleOf(tx, companyId, pledge.id);
    if (sold)
      throw AppError.conflict('PLEDGE_SOLD', AUCTION_SERVER_MESSAGES.sold(pledge.pledgeNo, sold.saleDate));
    if (entry.withdrawnAt !== null)
      throw AppError.conflict(
        'PLEDGE_WITHDRAWN',
        AUCTION_SERVER_MESSAGES.withdrawn(pledge.pledgeNo, lot.lotNo),
      );
    if (pledge.closedDate !== null)
      throw AppError.conflict('PLEDGE_CLOSED', AUCTION_SERVER_MESSAGES.closed(pledge.pledgeNo));
    if (pledge.isMoveToBank)
      throw AppError.conflict('PLEDGE_AT_BANK', AUCTION_SERVER_MESSAGES.atBank(pledge.pledgeNo));
    const before = await rowSnapshot(tx, 'pledges', companyId, pledge.id);

    const date = input.sale_date;
    if (date > w.today) throw AppError.field('sale_date', AUCTION_SERVER_MESSAGES.saleFuture);
    const [notice] = await tx
      .select({ saleAfter: pledgeNotices.saleAfter })
      .from(pledgeNotices)
      .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, entry.noticeId)));
    if (notice && date < notice.saleAfter)
      throw AppError.field('sale_date', AUCTION_SERVER_MESSAGES.saleBeforeNotice(notice.saleAfter));
    const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [pledge.id]), pledge.id);
    if (stored.lastPaymentDate !== null && date < stored.lastPaymentDate)
      throw AppError.field(
        'sale_date',
        AUCTION_SERVER_MESSAGES.saleBeforeLastPayment(stored.lastPaymentDate),
      );

    const balance = balanceOf(pledge, stored, date);
    const salePricePaise = rupeesToPaise(input.sale_price);
    const outstanding = {
      principalPaise: balance.remainingPrincipalPaise,
      interestPaise: balance.remainingInterestPaise,
    };
    const { settlement, lines } = auctionSalePostings({
      salePricePaise,
      outstanding,
      paymentMethod: input.payment_method,
    });
    // The cash limit on the cash received from the buyer.
    await assertCashLimit(tx, companyId, {
      amountPaise: salePricePaise,
      method: input.payment_method,
      confirmed: input.cash_limit_confirmed,
      what: 'receipt',
      methodField: 'payment_method',
    });
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Receipt',
      entryDate: date,
      narration:
        `Auction sale of pledge ${pledge.pledgeNo} (lot ${lot.lotNo}) to ${input.buyer_name}` +
        (settlement.surplusPaise > 0
          ? `; surplus ${formatRupees(settlement.surplusPaise)} owed to the pawner`
          : settlement.shortfallPaise > 0
            ? `; shortfall ${formatRupees(settlement.shortfallPaise)} receivable from the pawner`
            : ''),
      referenceNumber: lot.lotNo,
      lines: toVoucherLines(lines),
      source: { kind: 'auction-sale' },
      createdBy: w.userId,
    });
    const [sale] = await tx
      .insert(auctionSales)
      .values({
        companyId,
        lotId,
        pledgeId: pledge.id,
        saleDate: date,
        auctioneer: input.auctioneer,
        buyerName: input.buyer_name,
        buyerAddress: input.buyer_address || null,
        salePrice: numericFromPaise(salePricePaise),
        principalDue: numericFromPaise(outstanding.principalPaise),
        interestDue: numericFromPaise(outstanding.interestPaise),
        outstanding: numericFromPaise(settlement.outstandingPaise),
        surplus: numericFromPaise(settlement.surplusPaise),
        shortfall: numericFromPaise(settlement.shortfallPaise),
        paymentMethod: input.payment_method,
        paymentReference: input.payment_reference?.trim() || null,
        voucherId: voucher.id,
        createdBy: w.userId,
      })
      .returning({ id: auctionSales.id });
    const saleId = sale!.id;
    await setVoucherSource(tx, companyId, voucher.id, saleId);
    // Closed by the auction; the articles went to the buyer on the sale date.
    await tx.execute(sql`
      update pledges set closed_date = ${date}, closed_by = 'auction', status = 'inactive', released_on = ${date},
             updated_by = ${w.userId}, updated_at = now()
       where company_id = ${companyId} and id = ${pledge.id}`);
    let surplusId: number | null = null;
    let shortfallId: number | null = null;
    if (settlement.surplusPaise > 0) {
      const [row] = await tx
        .insert(auctionSurpluses)
        .values({
          companyId,
          saleId,
          pledgeId: pledge.id,
          customerId: pledge.customerId,
          amount: numericFromPaise(settlement.surplusPaise),
        })
        .returning({ id: auctionSurpluses.id });
      surplusId = row!.id;
    } else if (settlement.shortfallPaise > 0) {
      const [row] = await tx
        .insert(auctionShortfalls)
        .values({
          companyId,
          saleId,
          pledgeId: pledge.id,
          customerId: pledge.customerId,
          amount: numericFromPaise(settlement.shortfallPaise),
        })
        .returning({ id: auctionShortfalls.id });
      shortfallId = row!.id;
    }
    await refreshLotStatus(tx, companyId, lotId);
    // The pledge before and after (closed by the auction), with the sale and what it left owing.
    const after = await rowSnapshot(tx, 'pledges', companyId, pledge.id);
    await recordAudit(tx, {
      action: 'sell',
      entity: 'pledge',
      entityId: pledge.id,
      before,
      after: after && {
        ...after,
        auction_sale: await rowSnapshot(tx, 'auction_sales', companyId, saleId),
        auction_surplus:
          surplusId === null ? null : await rowSnapshot(tx, 'auction_surpluses', companyId, surplusId),
        auction_shortfall:
          shortfallId === null ? null : await rowSnapshot(tx, 'auction_shortfalls', companyId, shortfallId),
      },
    });
    await markIdempotentCommit(tx, w.idempotency);
    return {
      sale_id: saleId,
      lot_id: lotId,
      lot_no: lot.lotNo,
      pledge_id: pledge.id,
      pledge_no: pledge.pledgeNo,
      sale_date: date,
      sale_price: paiseToRupees(salePricePaise),
      principal_due: paiseToRupees(outstanding.principalPaise),
      interest_due: paiseToRupees(outstanding.interestPaise),
      outstanding: paiseToRupees(settlement.outstandingPaise),
      surplus: paiseToRupees(settlement.surplusPaise),
      shortfall: paiseToRupees(settlement.shortfallPaise),
      surplus_id: surplusId,
      shortfall_id: shortfallId,
      payment_method: input.payment_method,
      voucher_id: voucher.id,
      voucher_no: voucher.voucherNumber,
      lines: linesView(lines),
    };
  });
}

/** The surplus row locked FOR UPDATE, with its sale's date; 404 for another company's. */
async function lockSurplus(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select({
      id: auctionSurpluses.id,
      amount: auctionSurpluses.amount,
      settledKind: auctionSurpluses.settledKind,
      settledOn: auctionSurpluses.settledOn,
      pledgeId: auctionSurpluses.pledgeId,
      customerId: auctionSurpluses.customerId,
      saleId: auctionSurpluses.saleId,
    })
    .from(auctionSurpluses)
    .where(and(eq(auctionSurpluses.companyId, companyId), eq(auctionSurpluses.id, id)))
    .for('update');
  if (!row) throw AppError.notFound('Surplus');
  if (row.settledKind === 'paid')
    throw AppError.conflict('SURPLUS_SETTLED', AUCTION_SERVER_MESSAGES.surplusPaid(row.settledOn!));
  if (row.settledKind === 'deposited')
    throw AppError.conflict('SURPLUS_SETTLED', AUCTION_SERVER_MESSAGES.surplusDeposited(row.settledOn!));
  const [info] = rowsOf<{ sale_date: string; pledge_no: string; customer_name: string }>(
    await tx.execute(sql`
      select s.sale_date::text as sale_date, p.pledge_no, c.customer_name
        from auction_sales s
        join pledges p on p.company_id = s.company_id and p.id = s.pledge_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where s.company_id = ${companyId} and s.id = ${row.saleId}`),
  );
  return { ...row, saleDate: info!.sale_date, pledgeNo: info!.pledge_no, customerName: info!.customer_name };
}

function settlementDate(field: string, date: string, today: string, saleDate: string) {
  if (date > today) throw AppError.field(field, AUCTION_SERVER_MESSAGES.dateFuture);
  if (date < saleDate) throw AppError.field(field, AUCTION_SERVER_MESSAGES.dateBeforeSale(saleDate));
}

/** POST /auction-surpluses/{id}/pay: the surplus handed to the pawner (Payment: Dr 2100, Cr 1000/1190). */
export async function paySurplus(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: SurplusPayInput,
): Promise<void> {
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const s = await lockSurplus(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_surpluses', companyId, s.id);
    settlementDate('paid_on', input.paid_on, w.today, s.saleDate);
    const amountPaise = rupeesToPaise(s.amount);
    await assertCashLimit(tx, companyId, {
      amountPaise,
      method: input.method,
      confirmed: input.cash_limit_confirmed,
      what: 'payout',
      methodField: 'payment_method',
    });
    const paidTo = input.paid_to?.trim() || s.customerName;
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Payment',
      entryDate: input.paid_on,
      narration: `Auction surplus of pledge ${s.pledgeNo} paid to ${paidTo}`.slice(0, 500),
      referenceNumber: input.reference?.trim() || null,
      lines: toVoucherLines(surplusPayoutPostings(amountPaise, input.method)),
      source: { kind: 'auction-surplus', id: s.id },
      createdBy: w.userId,
    });
    await tx
      .update(auctionSurpluses)
      .set({
        settledKind: 'paid',
        settledOn: input.paid_on,
        settledTo: paidTo,
        settledMethod: input.method,
        settledReference: input.reference?.trim() || null,
        settledVoucherId: voucher.id,
        settledBy: w.userId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(auctionSurpluses.companyId, companyId), eq(auctionSurpluses.id, s.id)));
    await recordAudit(tx, {
      action: 'pay',
      entity: 'auction_surplus',
      entityId: s.id,
      before,
      after: await rowSnapshot(tx, 'auction_surpluses', companyId, s.id),
    });
    await markIdempotentCommit(tx, w.idempotency);
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
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const s = await lockSurplus(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_surpluses', companyId, s.id);
    settlementDate('deposited_on', input.deposited_on, w.today, s.saleDate);
    const months = await readSurplusHoldMonths(tx, companyId);
    const due = surplusDepositDueDate(s.saleDate, months);
    if (!mayDepositSurplus(due, input.deposited_on))
      throw AppError.conflict('SURPLUS_HELD', AUCTION_SERVER_MESSAGES.depositTooEarly(due, months));
    const amountPaise = rupeesToPaise(s.amount);
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Payment',
      entryDate: input.deposited_on,
      narration:
        `Unclaimed auction surplus of pledge ${s.pledgeNo} (pawner ${s.customerName}) deposited with the Government, reference ${input.reference}`.slice(
          0,
          500,
        ),
      referenceNumber: input.reference,
      lines: toVoucherLines(surplusPayoutPostings(amountPaise, input.method)),
      source: { kind: 'auction-surplus', id: s.id },
      createdBy: w.userId,
    });
    await tx
      .update(auctionSurpluses)
      .set({
        settledKind: 'deposited',
        settledOn: input.deposited_on,
        settledTo: 'Government',
        settledMethod: input.method,
        settledReference: input.reference,
        settledVoucherId: voucher.id,
        settledBy: w.userId,
        updatedAt: sql`now()`,
      })
      .where(and(eq(auctionSurpluses.companyId, companyId), eq(auctionSurpluses.id, s.id)));
    await recordAudit(tx, {
      action: 'deposit',
      entity: 'auction_surplus',
      entityId: s.id,
      before,
      after: await rowSnapshot(tx, 'auction_surpluses', companyId, s.id),
    });
    await markIdempotentCommit(tx, w.idempotency);
  });
}

async function lockShortfall(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(auctionShortfalls)
    .where(and(eq(auctionShortfalls.companyId, companyId), eq(auctionShortfalls.id, id)))
    .for('update');
  if (!row) throw AppError.notFound('Shortfall');
  const openPaise = rupeesToPaise(row.amount) - rupeesToPaise(row.collected) - rupeesToPaise(row.writtenOff);
  if (openPaise <= 0) throw AppError.conflict('SHORTFALL_SETTLED', AUCTION_SERVER_MESSAGES.shortfallSettled);
  const [sale] = await tx
    .select({ saleDate: auctionSales.saleDate })
    .from(auctionSales)
    .where(and(eq(auctionSales.companyId, companyId), eq(auctionSales.id, row.saleId)));
  const [pawner] = await tx
    .select({ name: customers.customerName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, row.customerId)));
  return { row, openPaise, saleDate: sale!.saleDate, pawner: pawner?.name ?? '' };
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
  const { companyId } = w;
  return db.transaction(async (tx) => {
    const { row, openPaise, saleDate, pawner } = await lockShortfall(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_shortfalls', companyId, row.id);
    settlementDate('on', input.on, w.today, saleDate);
    const amountPaise = rupeesToPaise(input.amount);
    if (amountPaise > openPaise) throw AppError.field('amount', AUCTION_SERVER_MESSAGES.overOpen(openPaise));
    await assertCashLimit(tx, companyId, {
      amountPaise,
      method: input.method,
      confirmed: input.cash_limit_confirmed,
      what: 'receipt',
      methodField: 'payment_method',
    });
    const fy = financialYear(input.on);
    const [n] = await takeNumbers(tx, companyId, 'shortfall-receipt', fy, 1);
    const receiptNo = formatShortfallReceiptNumber(fy, n!);
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Receipt',
      entryDate: input.on,
      narration: `Auction shortfall collected from ${pawner}, receipt ${receiptNo}`.slice(0, 500),
      referenceNumber: input.reference?.trim() || receiptNo,
      lines: toVoucherLines(shortfallCollectedPostings(amountPaise, input.method)),
      source: { kind: 'auction-shortfall', id: row.id },
      createdBy: w.userId,
    });
    const [settlement] = await tx
      .insert(auctionShortfallSettlements)
      .values({
        companyId,
        shortfallId: row.id,
        kind: 'collected',
        settledOn: input.on,
        amount: numericFromPaise(amountPaise),
        method: input.method,
        reference: input.reference?.trim() || null,
        voucherId: voucher.id,
        receiptNo,
        createdBy: w.userId,
      })
      .returning({ id: auctionShortfallSettlements.id });
    await tx
      .update(auctionShortfalls)
      .set({
        collected: sql`${auctionShortfalls.collected} + ${numericFromPaise(amountPaise)}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(auctionShortfalls.companyId, companyId), eq(auctionShortfalls.id, row.id)));
    await recordAudit(tx, {
      action: 'collect',
      entity: 'auction_shortfall',
      entityId: row.id,
      before,
      after: await shortfallAfter(tx, companyId, row.id, settlement!.id),
    });
    await markIdempotentCommit(tx, w.idempotency);
    return { settlementId: settlement!.id, receiptNo };
  });
}

/** POST /auction-shortfalls/{id}/write-off (admin): Journal, Dr 5200, Cr 1210, approved by the admin. */
export async function writeOffShortfall(
  db: Db,
  w: AuctionWriter,
  id: number,
  input: ShortfallWriteOffInput,
): Promise<void> {
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const { row, openPaise, saleDate, pawner } = await lockShortfall(tx, companyId, id);
    const before = await rowSnapshot(tx, 'auction_shortfalls', companyId, row.id);
    const on = input.on ?? w.today;
    settlementDate('on', on, w.today, saleDate);
    const amountPaise = rupeesToPaise(input.amount);
    if (amountPaise > openPaise) throw AppError.field('amount', AUCTION_SERVER_MESSAGES.overOpen(openPaise));
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Journal',
      entryDate: on,
      narration: `Auction shortfall of ${pawner} written off: ${input.reason}`.slice(0, 500),
      lines: toVoucherLines(shortfallWriteOffPostings(amountPaise)),
      source: { kind: 'auction-shortfall', id: row.id },
      createdBy: w.userId,
    });
    const [settlement] = await tx
      .insert(auctionShortfallSettlements)
      .values({
        companyId,
        shortfallId: row.id,
        kind: 'written_off',
        settledOn: on,
        amount: numericFromPaise(amountPaise),
        reason: input.reason,
        approvedBy: w.userId,
        voucherId: voucher.id,
        createdBy: w.userId,
      })
      .returning({ id: auctionShortfallSettlements.id });
    await tx
      .update(auctionShortfalls)
      .set({
        writtenOff: sql`${auctionShortfalls.writtenOff} + ${numericFromPaise(amountPaise)}`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(auctionShortfalls.companyId, companyId), eq(auctionShortfalls.id, row.id)));
    await recordAudit(tx, {
      action: 'write_off',
      entity: 'auction_shortfall',
      entityId: row.id,
      before,
      after: await shortfallAfter(tx, companyId, row.id, settlement!.id),
      reason: input.reason,
    });
    await markIdempotentCommit(tx, w.idempotency);
  });
}
