import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { isoText } from '../releases/releases.repository.ts';

// The reads of a pledge's history (GET /pledges/{id}/history): one query per table that records a
// step of the pledge (there is no events table), each through the table's (company, pledge) index.
// Instants come back as ISO text (isoText), dates as YYYY-MM-DD and amounts as numeric text.

/** A row of a history read as the driver answers it (a boolean may come back as 't'). */
export type HistoryRow = Record<string, string | number | boolean | null>;

const rows = async (db: DbOrTx, query: SQL) => rowsOf<HistoryRow>(await db.execute(query));

/** The pledge with its payout voucher's number and its maker; undefined for another company's. */
export async function findHistoryPledge(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow | undefined> {
  const [row] = await rows(
    db,
    sql`
    select p.id, p.pledge_no, p.pledge_date::text as pledge_date, ${isoText(sql`p.created_at`)} as at,
           p.closed_date::text as closed_date, p.closed_by, p.released_on::text as released_on,
           p.is_move_to_bank, p.total_loan_amount::text as loan, v.voucher_number, u.username
      from pledges p
      left join vouchers v on v.company_id = p.company_id and v.id = p.voucher_id
      left join users u on u.id = p.created_by
     where p.company_id = ${companyId} and p.id = ${pledgeId}`,
  );
  return row;
}

/** The pledge's payments in date order, each with its receipt and, once reversed, the reversal. */
export async function readHistoryPayments(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select pp.id, pp.payment_date::text as payment_date, ${isoText(sql`pp.created_at`)} as at,
           pp.payment_type, pp.payment_method, pp.amount::text as amount, pp.closed_pledge,
           r.receipt_no, u.username, r.reversed_at is not null as reversed,
           ${isoText(sql`r.reversed_at`)} as reversed_at, r.reversal_reason, rv.entry_date::text as reversal_date,
           ru.username as reversed_by
      from pledge_payments pp
      join payment_receipts r on r.company_id = pp.company_id and r.id = pp.receipt_id
      left join vouchers rv on rv.company_id = r.company_id and rv.id = r.reversal_voucher_id
      left join users u on u.id = pp.created_by
      left join users ru on ru.id = r.reversed_by
     where pp.company_id = ${companyId} and pp.pledge_id = ${pledgeId}
     order by pp.payment_date, pp.id`,
  );
}

/** The renewals the pledge was settled by or opened from, with both pledge numbers. */
export async function readHistoryRenewals(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select rn.old_pledge_id, rn.new_pledge_id, rn.renewal_date::text as renewal_date,
           ${isoText(sql`rn.created_at`)} as at, rn.old_outstanding::text as old_outstanding,
           rn.new_loan::text as new_loan, o.pledge_no as old_no, n.pledge_no as new_no, u.username
      from pledge_renewals rn
      join pledges o on o.company_id = rn.company_id and o.id = rn.old_pledge_id
      join pledges n on n.company_id = rn.company_id and n.id = rn.new_pledge_id
      left join users u on u.id = rn.created_by
     where rn.company_id = ${companyId} and (rn.old_pledge_id = ${pledgeId} or rn.new_pledge_id = ${pledgeId})`,
  );
}

/** The pledge's re-pledges with a bank in the order made, with the bank and the return. */
export async function readHistoryRepledges(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select b.pledged_on::text as pledged_on, ${isoText(sql`b.created_at`)} as at,
           ${isoText(sql`b.returned_at`)} as returned_at,
           b.amount_borrowed::text as borrowed, b.bank_reference, b.returned_on::text as returned_on,
           b.bank_interest::text as bank_interest, b.return_reference, k.bank_name,
           u.username, ru.username as returned_by
      from bank_repledges b
      join banks k on k.company_id = b.company_id and k.id = b.bank_id
      left join users u on u.id = b.created_by
      left join users ru on ru.id = b.returned_by
     where b.company_id = ${companyId} and b.pledge_id = ${pledgeId}
     order by b.id`,
  );
}

/** The pledge's notices before sale in the order made, with when each was sent and delivered. */
export async function readHistoryNotices(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select n.notice_no, n.notice_date::text as notice_date, ${isoText(sql`n.created_at`)} as at,
           n.amount_due::text as amount_due, n.sale_after::text as sale_after, n.sent_on::text as sent_on,
           n.tracking_no, n.delivered_on::text as delivered_on, u.username,
           ${isoText(sql`n.sent_recorded_at`)} as sent_at, ${isoText(sql`n.delivered_recorded_at`)} as delivered_at
      from pledge_notices n
      left join users u on u.id = n.created_by
     where n.company_id = ${companyId} and n.pledge_id = ${pledgeId}
     order by n.id`,
  );
}

/** The auction lots the pledge was put in, in that order, with a withdrawal. */
export async function readHistoryLots(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select l.lot_no, ${isoText(sql`lp.created_at`)} as at, ${isoText(sql`lp.withdrawn_at`)} as withdrawn_at,
           lp.withdrawn_reason, l.auction_date::text as auction_date, u.username
      from auction_lot_pledges lp
      join auction_lots l on l.company_id = lp.company_id and l.id = lp.lot_id
      left join users u on u.id = lp.created_by
     where lp.company_id = ${companyId} and lp.pledge_id = ${pledgeId}
     order by lp.id`,
  );
}

/** The pledge's sale at auction, with the lot. */
export async function readHistorySales(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select s.sale_date::text as sale_date, ${isoText(sql`s.created_at`)} as at, s.sale_price::text as price,
           s.buyer_name, s.surplus::text as surplus, s.shortfall::text as shortfall, l.lot_no, u.username
      from auction_sales s
      join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
      left join users u on u.id = s.created_by
     where s.company_id = ${companyId} and s.pledge_id = ${pledgeId}`,
  );
}

/** The release of the pledge's articles, with who handed them over. */
export async function readHistoryReleases(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<HistoryRow[]> {
  return rows(
    db,
    sql`
    select r.released_on::text as released_on, ${isoText(sql`r.released_at`)} as at, r.receiver_kind,
           r.receiver_name, r.proof_reference, u.username
      from pledge_releases r
      left join users u on u.id = r.handed_over_by
     where r.company_id = ${companyId} and r.pledge_id = ${pledgeId}`,
  );
}
