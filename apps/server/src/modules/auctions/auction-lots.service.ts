import {
  type AuctionLotInput,
  type AuctionWithdrawInput,
  financialYear,
  formatLotNumber,
  lotRefusal,
} from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { childRowsSnapshot, recordAudit, rowSnapshot, withChildren } from '../../plugins/audit.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';
import { lockPledges } from '../pledges/pledges.repository.ts';
import {
  insertLot,
  insertLotPledges,
  markWithdrawn,
  readLiveLots,
  readServedNotices,
  refreshLotStatus,
} from './auctions.repository.ts';
import {
  AUCTION_SERVER_MESSAGES,
  type AuctionWriter,
  lockPledgeOfLot,
  validation,
} from './auctions-shared.ts';

// The auction's lots (docs/domain-rules.md §8.6): a lot of pledges whose notice allows their sale, and
// a pledge withdrawn from its lot before the sale.

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
      const lotId = await insertLot(tx, {
        companyId,
        lotNo: formatLotNumber(fy, n!),
        auctionDate: input.auction_date,
        venue: input.venue || null,
        auctioneer: input.auctioneer || null,
        remarks: input.remarks || null,
        createdBy: w.userId,
      });
      await insertLotPledges(
        tx,
        input.pledge_ids.map((pledgeId) => ({
          companyId,
          lotId,
          pledgeId,
          noticeId: notices.get(pledgeId)!.id,
          createdBy: w.userId,
        })),
      );
      await recordAudit(tx, {
        action: 'create',
        entity: 'auction_lot',
        entityId: lotId,
        after: await lotSnapshot(tx, companyId, lotId),
      });
      return lotId;
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

/** POST /auctions/{id}/withdraw: the pledge leaves the lot before its sale (the pawner paid first). */
export async function withdrawFromLot(
  db: Db,
  w: AuctionWriter,
  lotId: number,
  input: AuctionWithdrawInput,
): Promise<void> {
  const { companyId } = w;
  await db.transaction(async (tx) => {
    const { pledge, entry } = await lockPledgeOfLot(tx, companyId, lotId, input.pledge_id);
    if (entry.withdrawnAt !== null)
      throw AppError.conflict('ALREADY_WITHDRAWN', AUCTION_SERVER_MESSAGES.alreadyWithdrawn(pledge.pledgeNo));
    const before = await lotSnapshot(tx, companyId, lotId);
    await markWithdrawn(tx, companyId, entry.id, input.reason);
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
