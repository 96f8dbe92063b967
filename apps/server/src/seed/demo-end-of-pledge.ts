import {
  addDays,
  auctionLotSchema,
  auctionSaleSchema,
  businessToday,
  noticeBatchCreateSchema,
  noticeUpdateSchema,
  releasePledgeSchema,
  rupeesToPaise,
  shortfallCollectSchema,
  surplusPaySchema,
} from '@pledge-desk/domain';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/open-db.ts';
import { pledges } from '../db/schema/index.ts';
import { createLot } from '../modules/auctions/auction-lots.service.ts';
import { recordSale } from '../modules/auctions/auction-sale.service.ts';
import { collectShortfall, paySurplus } from '../modules/auctions/auction-settlement.service.ts';
import { createNoticeBatch } from '../modules/notices/notice-batch.service.ts';
import { noticeCandidates } from '../modules/notices/notice-reads.service.ts';
import { updateNotice } from '../modules/notices/notice-served.service.ts';
import { readPledgeBalance } from '../modules/payments/payment-reads.service.ts';
import { releasePledge } from '../modules/releases/releases.service.ts';
import { between, pick, type Rng, seededRandom } from './sample-people.ts';

// The end of the demo's pledges (the demo shows every state): closed pledges' articles
// released (some still awaiting release), overdue pledges' notices (sent and delivered, sent, and
// printed but not yet sent), an auction lot sold with surpluses (one paid, one owed) and shortfalls
// (one collected with its receipt, one open), and a lot announced for a coming day. Every step goes
// through the module's service, as the counter would, so the books and check:books hold.

/** Days before the business day of the demo's first notice batch, its auction and its settlements. */
export const DEMO_NOTICE_DAYS_BACK = 110;
export const DEMO_AUCTION_DAYS_BACK = 60;
/** Days before the business day of the second batch, printed and not yet posted. */
export const DEMO_UNSENT_NOTICE_DAYS_BACK = 12;
/** Closed pledges whose articles went back are those closed at least this many days ago (most of them). */
const RELEASE_AFTER_DAYS = 6;

export interface DemoEndOfPledgeBranch {
  companyId: number;
  seed: number;
  /** Notices of the first batch (sent); the auction takes its pledges from them. */
  sentNotices: number;
  /** Notices of the second batch (printed, not sent). */
  unsentNotices: number;
  /** Hold an auction: a lot of four sold (two surpluses, two shortfalls) and a lot of two to come. */
  auction: boolean;
}

export interface DemoEndOfPledgeMade {
  released: number;
  sentNoticeIds: number[];
  unsentNoticeIds: number[];
  soldLotId: number | null;
  comingLotId: number | null;
  surplusIds: number[];
  shortfallIds: number[];
  /** The shortfall receipt (SR/…) of the one collected. */
  shortfallReceiptNo: string | null;
}

const TRACKING = (rng: Rng) => `RL${String(between(rng, 100_000_000, 999_999_999))}IN`;
const AUCTIONEER = 'R. Subramanian, licensed auctioneer';
const BUYERS = [
  { name: 'Sri Murugan Jewellers', address: '12 Ranganathan Street, T. Nagar, Chennai' },
  { name: 'Lakshmi Gold House', address: '4 North Usman Road, T. Nagar, Chennai' },
  { name: 'V. Karthikeyan', address: '27 Bazullah Road, T. Nagar, Chennai' },
  { name: 'Balaji Bullion', address: '88 NSC Bose Road, Sowcarpet, Chennai' },
];

/** A price of about `percent` of the outstanding, in whole rupees and fifty paise. */
const priceNear = (outstandingPaise: number, percent: number) =>
  Math.round((outstandingPaise * percent) / 100 / 100) * 100 + 50;

/**
 * Releases most closed pledges' articles (on the day of their close or a few days after; one to an
 * agent with the pawner's letter), leaving the last days' closes and about one in ten older ones
 * awaiting release.
 */
async function releaseClosedPledges(
  db: Db,
  writer: { companyId: number; userId: number; today: string; idempotency: null },
  rng: Rng,
): Promise<number> {
  const closed = await db
    .select({ id: pledges.id, closedDate: pledges.closedDate })
    .from(pledges)
    .where(
      and(
        eq(pledges.companyId, writer.companyId),
        eq(pledges.closedBy, 'payment'),
        isNull(pledges.releasedOn),
        lte(pledges.closedDate, addDays(writer.today, -RELEASE_AFTER_DAYS)),
      ),
    )
    .orderBy(asc(pledges.id));
  let released = 0;
  for (const p of closed) {
    if (rng() < 0.1) continue;
    const on = addDays(p.closedDate!, pick(rng, [0, 0, 0, 1, 2, 3]));
    const byAgent = released === 2;
    await releasePledge(
      db,
      writer,
      p.id,
      releasePledgeSchema.parse(
        byAgent
          ? {
              released_on: on,
              receiver_kind: 'agent',
              receiver_name: 'S. Ganesan (son-in-law)',
              receiver_id_proof: 'Aadhaar XXXX XXXX 4417',
              proof_reference: "The pawner's signed letter of authority, dated the same day",
              remarks: 'Pawner in hospital; letter kept in the file',
            }
          : {
              released_on: on,
              receiver_kind: 'pawner',
              receiver_id_proof: pick(rng, ['Aadhaar', 'Voter ID', 'Ration card']),
            },
      ),
    );
    released += 1;
  }
  return released;
}

/**
 * The end of the pledge in a branch of the demo (after its pledges and payments): releases, notices
 * and, when asked, an auction. Deterministic for a seed and a business day.
 */
export async function seedDemoEndOfPledge(
  db: Db,
  branch: DemoEndOfPledgeBranch,
  createdBy: number,
  today: string = businessToday(),
): Promise<DemoEndOfPledgeMade> {
  const { companyId } = branch;
  const rng = seededRandom(branch.seed);
  const writer = { companyId, userId: createdBy, today, idempotency: null };
  const made: DemoEndOfPledgeMade = {
    released: await releaseClosedPledges(db, writer, rng),
    sentNoticeIds: [],
    unsentNoticeIds: [],
    soldLotId: null,
    comingLotId: null,
    surplusIds: [],
    shortfallIds: [],
    shortfallReceiptNo: null,
  };

  // The first batch: pledges overdue on its date, in the vault; sent by registered post the next
  // day, most delivered within the week.
  const noticeDate = addDays(today, -DEMO_NOTICE_DAYS_BACK);
  const auctionDate = addDays(today, -DEMO_AUCTION_DAYS_BACK);
  const overdue = (await noticeCandidates(db, companyId, noticeDate, { skip: 0, limit: 200 })).rows.filter(
    (r) => !r.at_bank && r.latest_notice === null,
  );
  // The auction sells only pledges with no payment after its date (the sale settles the balance then).
  const lastPayment = new Map<number, string | null>();
  for (const r of overdue.slice(0, 40)) {
    lastPayment.set(
      r.pledge_id,
      (await readPledgeBalance(db, companyId, r.pledge_id, today)).last_payment_date,
    );
  }
  const sellable = overdue.filter((r) => {
    const last = lastPayment.get(r.pledge_id);
    return last !== undefined && (last === null || last <= auctionDate);
  });
  const sellableIds = sellable.slice(0, 4).map((r) => r.pledge_id);
  const first = [
    ...sellableIds,
    ...overdue.map((r) => r.pledge_id).filter((id) => !sellableIds.includes(id)),
  ].slice(0, branch.sentNotices);
  if (first.length > 0) {
    const batch = await createNoticeBatch(
      db,
      writer,
      noticeBatchCreateSchema.parse({ notice_date: noticeDate, pledge_ids: first }),
    );
    for (const [i, n] of batch.notices.entries()) {
      const sentOn = addDays(noticeDate, 1);
      await updateNotice(
        db,
        writer,
        n.id,
        noticeUpdateSchema.parse({
          sent_on: sentOn,
          tracking_no: TRACKING(rng),
          // The last one's card has not come back.
          delivered_on: i < batch.notices.length - 1 ? addDays(sentOn, between(rng, 2, 6)) : null,
        }),
      );
      made.sentNoticeIds.push(n.id);
    }
  }

  if (branch.auction && first.length >= 6) {
    const sold = sellableIds;
    const shortfallOf = new Map<number, number>();
    if (sold.length === 4) {
      made.soldLotId = await createLot(
        db,
        writer,
        auctionLotSchema.parse({
          auction_date: auctionDate,
          venue: 'At the branch, 42 Usman Road, T. Nagar',
          auctioneer: AUCTIONEER,
          remarks: 'Public auction after notice under s. 12; advertised in Dina Thanthi',
          pledge_ids: sold,
        }),
      );
      // Two sell above what was owed (a surplus for the pawner), two below (a shortfall from them).
      for (const [i, pledgeId] of sold.entries()) {
        const balance = await readPledgeBalance(db, companyId, pledgeId, auctionDate);
        const outstanding = rupeesToPaise(balance.total_outstanding);
        const pricePaise = priceNear(outstanding, [118, 109, 86, 92][i]!);
        const buyer = BUYERS[i]!;
        const byBank = pricePaise >= 2_000_000;
        const sale = await recordSale(
          db,
          writer,
          made.soldLotId,
          auctionSaleSchema.parse({
            pledge_id: pledgeId,
            sale_date: auctionDate,
            auctioneer: AUCTIONEER,
            buyer_name: buyer.name,
            buyer_address: buyer.address,
            sale_price: pricePaise / 100,
            payment_method: byBank ? 'bank' : 'cash',
            payment_reference: byBank ? `RTGS${String(between(rng, 10_000_000, 99_999_999))}` : null,
            cash_limit_confirmed: true,
          }),
        );
        if (sale.surplus_id !== null) made.surplusIds.push(sale.surplus_id);
        if (sale.shortfall_id !== null) {
          made.shortfallIds.push(sale.shortfall_id);
          shortfallOf.set(sale.shortfall_id, sale.shortfall);
        }
      }
      // The first surplus handed to the pawner in cash a week later; the second still owed.
      const [paid] = made.surplusIds;
      if (paid !== undefined) {
        await paySurplus(
          db,
          writer,
          paid,
          surplusPaySchema.parse({
            paid_on: addDays(auctionDate, 8),
            method: 'cash',
            cash_limit_confirmed: true,
          }),
        );
      }
      // The first shortfall paid in full by the pawner in cash (with its SR receipt); the second open.
      const [collected] = made.shortfallIds;
      if (collected !== undefined) {
        const saved = await collectShortfall(
          db,
          writer,
          collected,
          shortfallCollectSchema.parse({
            on: addDays(auctionDate, 15),
            amount: shortfallOf.get(collected)!,
            method: 'cash',
            cash_limit_confirmed: true,
          }),
        );
        made.shortfallReceiptNo = saved.receiptNo;
      }
    }
    // A lot announced for a coming day: two pledges waiting for their sale.
    const coming = first.slice(4, 6);
    made.comingLotId = await createLot(
      db,
      writer,
      auctionLotSchema.parse({
        auction_date: addDays(today, 9),
        venue: 'At the branch, 42 Usman Road, T. Nagar',
        auctioneer: AUCTIONEER,
        remarks: 'Advertised; the pawners were told by the notices',
        pledge_ids: coming,
      }),
    );
  }

  // The second batch: newly overdue pledges, printed and not yet posted.
  const later = addDays(today, -DEMO_UNSENT_NOTICE_DAYS_BACK);
  const fresh = (await noticeCandidates(db, companyId, later, { skip: 0, limit: 200 })).rows
    .filter((r) => !r.at_bank && r.latest_notice === null && !first.includes(r.pledge_id))
    .slice(0, branch.unsentNotices)
    .map((r) => r.pledge_id);
  if (fresh.length > 0) {
    const batch = await createNoticeBatch(
      db,
      writer,
      noticeBatchCreateSchema.parse({ notice_date: later, pledge_ids: fresh }),
    );
    made.unsentNoticeIds = batch.notices.map((n) => n.id);
  }
  return made;
}
