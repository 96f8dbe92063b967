import {
  type AuctionSaleInput,
  type AuctionSaleSaved,
  auctionSalePostings,
  formatRupees,
  paiseToRupees,
  rupeesToPaise,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { markIdempotentCommit } from '../../plugins/idempotency.ts';
import { assertCashLimit } from '../companies/cash-settings.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, type StoredPayments, storedPaymentsOf } from '../payments/pledge-balance.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import {
  closePledgeByAuction,
  findNoticeSaleAfter,
  insertSale,
  insertShortfall,
  insertSurplus,
  refreshLotStatus,
  setVoucherSource,
} from './auctions.repository.ts';
import {
  AUCTION_SERVER_MESSAGES,
  type AuctionWriter,
  linesView,
  lockPledgeOfLot,
  toVoucherLines,
} from './auctions-shared.ts';

// The sale of a pledge of a lot at auction (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12,
// §10.5), with the surplus it leaves owed to the pawner (2100) or the shortfall owed by them (1210).

type Lot = Awaited<ReturnType<typeof lockPledgeOfLot>>['lot'];
type SaleFigures = ReturnType<typeof saleFigures>;

/** The pledge locked and re-checked: in the lot, not sold, not withdrawn, open, its articles in the shop. */
async function lockSaleablePledge(tx: Tx, companyId: number, lotId: number, pledgeId: number) {
  const found = await lockPledgeOfLot(tx, companyId, lotId, pledgeId);
  const { pledge, lot, entry } = found;
  if (entry.withdrawnAt !== null)
    throw AppError.conflict(
      'PLEDGE_WITHDRAWN',
      AUCTION_SERVER_MESSAGES.withdrawn(pledge.pledgeNo, lot.lotNo),
    );
  if (pledge.closedDate !== null)
    throw AppError.conflict('PLEDGE_CLOSED', AUCTION_SERVER_MESSAGES.closed(pledge.pledgeNo));
  if (pledge.isMoveToBank)
    throw AppError.conflict('PLEDGE_AT_BANK', AUCTION_SERVER_MESSAGES.atBank(pledge.pledgeNo));
  return found;
}

/**
 * The sale date is not after today, not before the notice's date of sale, nor before the pledge's
 * last payment (422 under sale_date). Answers the pledge's stored payments.
 */
async function checkSaleDate(
  tx: Tx,
  w: AuctionWriter,
  pledge: PledgeRow,
  noticeId: number,
  date: string,
): Promise<StoredPayments> {
  const { companyId } = w;
  if (date > w.today) throw AppError.field('sale_date', AUCTION_SERVER_MESSAGES.saleFuture);
  const saleAfter = await findNoticeSaleAfter(tx, companyId, noticeId);
  if (saleAfter !== undefined && date < saleAfter)
    throw AppError.field('sale_date', AUCTION_SERVER_MESSAGES.saleBeforeNotice(saleAfter));
  const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [pledge.id]), pledge.id);
  if (stored.lastPaymentDate !== null && date < stored.lastPaymentDate)
    throw AppError.field('sale_date', AUCTION_SERVER_MESSAGES.saleBeforeLastPayment(stored.lastPaymentDate));
  return stored;
}

/** The pledge's outstanding as of the sale date, and the sale's settlement and Receipt lines. */
function saleFigures(pledge: PledgeRow, stored: StoredPayments, input: AuctionSaleInput) {
  const balance = balanceOf(pledge, stored, input.sale_date);
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
  return { salePricePaise, outstanding, settlement, lines };
}

/** The Receipt voucher of the sale, its narration naming the surplus or shortfall it leaves. */
async function postSaleVoucher(
  tx: Tx,
  w: AuctionWriter,
  pledge: PledgeRow,
  lot: Lot,
  input: AuctionSaleInput,
  { settlement, lines }: SaleFigures,
) {
  return postVoucher(tx, {
    companyId: w.companyId,
    voucherType: 'Receipt',
    entryDate: input.sale_date,
    ...(settlement.surplusPaise > 0
      ? voucherNarration('auction_sale_surplus', {
          pledge: pledge.pledgeNo,
          lot: lot.lotNo,
          buyer: input.buyer_name,
          amount: formatRupees(settlement.surplusPaise),
        })
      : settlement.shortfallPaise > 0
        ? voucherNarration('auction_sale_shortfall', {
            pledge: pledge.pledgeNo,
            lot: lot.lotNo,
            buyer: input.buyer_name,
            amount: formatRupees(settlement.shortfallPaise),
          })
        : voucherNarration('auction_sale', {
            pledge: pledge.pledgeNo,
            lot: lot.lotNo,
            buyer: input.buyer_name,
          })),
    referenceNumber: lot.lotNo,
    lines: toVoucherLines(lines),
    source: { kind: 'auction-sale' },
    createdBy: w.userId,
  });
}

/** The sale's row, with its voucher pointing back at it. */
async function writeSale(
  tx: Tx,
  w: AuctionWriter,
  lotId: number,
  pledge: PledgeRow,
  input: AuctionSaleInput,
  { salePricePaise, outstanding, settlement }: SaleFigures,
  voucherId: number,
): Promise<number> {
  const saleId = await insertSale(tx, {
    companyId: w.companyId,
    lotId,
    pledgeId: pledge.id,
    saleDate: input.sale_date,
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
    voucherId,
    createdBy: w.userId,
  });
  await setVoucherSource(tx, w.companyId, voucherId, saleId);
  return saleId;
}

/** What the sale leaves: the surplus owed to the pawner or the shortfall owed by them (or neither). */
async function writeSaleBalance(
  tx: Tx,
  companyId: number,
  saleId: number,
  pledge: PledgeRow,
  { settlement }: SaleFigures,
): Promise<{ surplusId: number | null; shortfallId: number | null }> {
  const row = { companyId, saleId, pledgeId: pledge.id, customerId: pledge.customerId };
  if (settlement.surplusPaise > 0) {
    const surplusId = await insertSurplus(tx, { ...row, amount: numericFromPaise(settlement.surplusPaise) });
    return { surplusId, shortfallId: null };
  }
  if (settlement.shortfallPaise > 0) {
    const shortfallId = await insertShortfall(tx, {
      ...row,
      amount: numericFromPaise(settlement.shortfallPaise),
    });
    return { surplusId: null, shortfallId };
  }
  return { surplusId: null, shortfallId: null };
}

/** The pledge before and after (closed by the auction), with the sale and what it left owing. */
async function auditSale(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  before: Awaited<ReturnType<typeof rowSnapshot>>,
  saleId: number,
  { surplusId, shortfallId }: { surplusId: number | null; shortfallId: number | null },
) {
  const after = await rowSnapshot(tx, 'pledges', companyId, pledgeId);
  await recordAudit(tx, {
    action: 'sell',
    entity: 'pledge',
    entityId: pledgeId,
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
    const { pledge, lot, entry } = await lockSaleablePledge(tx, companyId, lotId, input.pledge_id);
    const before = await rowSnapshot(tx, 'pledges', companyId, pledge.id);
    const date = input.sale_date;
    const stored = await checkSaleDate(tx, w, pledge, entry.noticeId, date);
    const figures = saleFigures(pledge, stored, input);
    const { salePricePaise, outstanding, settlement, lines } = figures;
    // The cash limit on the cash received from the buyer.
    await assertCashLimit(tx, companyId, {
      amountPaise: salePricePaise,
      method: input.payment_method,
      confirmed: input.cash_limit_confirmed,
      what: 'receipt',
      methodField: 'payment_method',
    });
    const voucher = await postSaleVoucher(tx, w, pledge, lot, input, figures);
    const saleId = await writeSale(tx, w, lotId, pledge, input, figures, voucher.id);
    await closePledgeByAuction(tx, companyId, pledge.id, date, w.userId);
    const left = await writeSaleBalance(tx, companyId, saleId, pledge, figures);
    await refreshLotStatus(tx, companyId, lotId);
    await auditSale(tx, companyId, pledge.id, before, saleId, left);
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
      surplus_id: left.surplusId,
      shortfall_id: left.shortfallId,
      payment_method: input.payment_method,
      voucher_id: voucher.id,
      voucher_no: voucher.voucherNumber,
      lines: linesView(lines),
    };
  });
}
