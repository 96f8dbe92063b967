import {
  type AuctionCatalogueEntry,
  type AuctionEligible,
  type AuctionLotDetail,
  type AuctionLotSummary,
  type AuctionShortfall,
  type AuctionSurplus,
  END_OF_PLEDGE_DEFAULTS,
  paiseToRupees,
  rupeesToPaise,
  type SaleBookRow,
  type ShortfallReceipt,
  surplusAgeDays,
  surplusDeliveryDueDate,
  surplusDepositDueDate,
} from '@pledge-desk/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  auctionLotPledges,
  auctionLots,
  auctionSales,
  auctionShortfallSettlements,
  auctionShortfalls,
  auctionSurpluses,
  companies,
  customers,
  jewelDesigns,
  pledgeItems,
  pledgeNotices,
  pledges,
} from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { loadStoredPayments } from '../payments/payments.repository.ts';
import { balanceOf, storedPaymentsOf } from '../payments/pledge-balance.ts';

// The reads of the auction: lots and their catalogue, the pledges that may be put in
// a lot, surpluses, shortfalls and the sale book (Form G). Raw SQL where a read joins many tables.
// Then the writes and locks of its use cases (auction-lots, auction-sale and auction-settlement
// services), each taking the use case's transaction.

const grams = (text: string | null) => Math.round(Number(text ?? '0') * 1000) / 1000;
const money = (text: string | null) => rupeesFromNumeric(text ?? '0');
const addressSql = sql`concat_ws(', ', nullif(c.door_no, ''), nullif(c.street, ''), nullif(c.location, ''),
                       nullif(c.district, ''), nullif(c.pincode, ''))`;

export type Article = AuctionCatalogueEntry['articles'][number];

/** The articles of the pledges, in item order, by pledge. */
export async function readArticles(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, Article[]>> {
  const out = new Map<number, Article[]>();
  const ids = [...new Set(pledgeIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      pledgeId: pledgeItems.pledgeId,
      id: pledgeItems.id,
      description: jewelDesigns.designName,
      condition: pledgeItems.jewellCondition,
      gross: pledgeItems.grossWeight,
      net: pledgeItems.netWeight,
    })
    .from(pledgeItems)
    .innerJoin(
      jewelDesigns,
      and(eq(jewelDesigns.companyId, pledgeItems.companyId), eq(jewelDesigns.id, pledgeItems.jewellDesignId)),
    )
    .where(and(eq(pledgeItems.companyId, companyId), inArray(pledgeItems.pledgeId, ids)))
    .orderBy(asc(pledgeItems.pledgeId), asc(pledgeItems.id));
  for (const r of rows) {
    const list = out.get(r.pledgeId) ?? [];
    list.push({
      item_id: r.id,
      description: r.description,
      condition: r.condition,
      gross_weight: grams(r.gross),
      net_weight: grams(r.net),
    });
    out.set(r.pledgeId, list);
  }
  return out;
}

/** Remaining principal and interest of each pledge as of its date (docs/domain-rules.md §3.3). */
export async function readOutstanding(
  db: DbOrTx,
  companyId: number,
  asOfByPledge: ReadonlyMap<number, string>,
): Promise<Map<number, { principalPaise: number; interestPaise: number }>> {
  const out = new Map<number, { principalPaise: number; interestPaise: number }>();
  const ids = [...asOfByPledge.keys()];
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), inArray(pledges.id, ids)));
  const stored = await loadStoredPayments(db, companyId, ids);
  for (const p of rows) {
    const asOf = asOfByPledge.get(p.id)!;
    const b = balanceOf(p, storedPaymentsOf(stored, p.id), asOf < p.pledgeDate ? p.pledgeDate : asOf);
    out.set(p.id, { principalPaise: b.remainingPrincipalPaise, interestPaise: b.remainingInterestPaise });
  }
  return out;
}

interface LotDbRow {
  id: number;
  lot_no: string;
  auction_date: string;
  venue: string | null;
  auctioneer: string | null;
  remarks: string | null;
  status: string;
  pledges: number;
  sold: number;
  withdrawn: number;
  created_at: string | Date;
}

const lotSelect = (companyId: number, where: SQL) => sql`
  select l.id, l.lot_no, l.auction_date::text as auction_date, l.venue, l.auctioneer, l.remarks, l.status,
         l.created_at,
         (select count(*)::int from auction_lot_pledges lp
           where lp.company_id = l.company_id and lp.lot_id = l.id and lp.withdrawn_at is null) as pledges,
         (select count(*)::int from auction_sales s
           where s.company_id = l.company_id and s.lot_id = l.id) as sold,
         (select count(*)::int from auction_lot_pledges lp
           where lp.company_id = l.company_id and lp.lot_id = l.id and lp.withdrawn_at is not null) as withdrawn
    from auction_lots l
   where l.company_id = ${companyId} and ${where}`;

function toLotSummary(r: LotDbRow): AuctionLotSummary {
  return {
    id: Number(r.id),
    lot_no: r.lot_no,
    auction_date: r.auction_date,
    venue: r.venue,
    auctioneer: r.auctioneer,
    remarks: r.remarks,
    status: r.status === 'closed' ? 'closed' : 'open',
    pledges: Number(r.pledges),
    sold: Number(r.sold),
    withdrawn: Number(r.withdrawn),
    created_at: isoInstant(r.created_at),
  };
}

export async function readLots(
  db: DbOrTx,
  companyId: number,
  q: { status?: 'open' | 'closed' | undefined; skip: number; limit: number },
): Promise<{ items: AuctionLotSummary[]; total: number }> {
  const where = q.status ? sql`l.status = ${q.status}` : sql`true`;
  const rows = rowsOf<LotDbRow>(
    await db.execute(
      sql`${lotSelect(companyId, where)} order by l.auction_date desc, l.id desc limit ${q.limit} offset ${q.skip}`,
    ),
  );
  const [count] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from auction_lots l where l.company_id = ${companyId} and ${where}`,
    ),
  );
  return { items: rows.map(toLotSummary), total: Number(count?.n ?? 0) };
}

interface EntryDbRow {
  lot_pledge_id: number;
  pledge_id: number;
  notice_id: number;
  withdrawn_at: string | Date | null;
  withdrawn_reason: string | null;
  pledge_no: string;
  pledge_date: string;
  due_date: string;
  closed_date: string | null;
  customer_id: number;
  customer_name: string;
  guardian_name: string | null;
  mobile: string | null;
  address: string;
  item_count: number;
  gross_weight: string;
  net_weight: string;
  jewel_type: string | null;
  notice_no: string;
  sent_on: string | null;
  sale_after: string;
  sale_id: number | null;
  sale_date: string | null;
  sale_auctioneer: string | null;
  buyer_name: string | null;
  sale_price: string | null;
  outstanding: string | null;
  principal_due: string | null;
  interest_due: string | null;
  surplus: string | null;
  shortfall: string | null;
  voucher_no: string | null;
}

/** A lot with its catalogue (404 to the caller when absent: undefined here). */
export async function readLotDetail(
  db: DbOrTx,
  companyId: number,
  lotId: number,
): Promise<AuctionLotDetail | undefined> {
  const [lot] = rowsOf<LotDbRow>(await db.execute(lotSelect(companyId, sql`l.id = ${lotId}`)));
  if (!lot) return undefined;
  const rows = rowsOf<EntryDbRow>(
    await db.execute(sql`
      select lp.id as lot_pledge_id, lp.pledge_id, lp.notice_id, lp.withdrawn_at, lp.withdrawn_reason,
             p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
             p.closed_date::text as closed_date, p.customer_id, p.item_count,
             p.gross_weight::text as gross_weight, p.net_weight::text as net_weight,
             c.customer_name, c.guardian_name, c.mobile_number as mobile, ${addressSql} as address,
             jt.jewel_name as jewel_type,
             n.notice_no, n.sent_on::text as sent_on, n.sale_after::text as sale_after,
             s.id as sale_id, s.sale_date::text as sale_date, s.auctioneer as sale_auctioneer, s.buyer_name,
             s.sale_price::text as sale_price, s.outstanding::text as outstanding,
             s.principal_due::text as principal_due, s.interest_due::text as interest_due,
             s.surplus::text as surplus, s.shortfall::text as shortfall, v.voucher_number as voucher_no
        from auction_lot_pledges lp
        join pledges p on p.company_id = lp.company_id and p.id = lp.pledge_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
        join schemes sc on sc.company_id = p.company_id and sc.id = p.scheme_id
        left join jewel_types jt on jt.company_id = sc.company_id and jt.id = sc.jewel_type_id
        join pledge_notices n on n.company_id = lp.company_id and n.id = lp.notice_id
        left join auction_sales s on s.company_id = lp.company_id and s.lot_id = lp.lot_id and s.pledge_id = lp.pledge_id
        left join vouchers v on v.company_id = s.company_id and v.id = s.voucher_id
       where lp.company_id = ${companyId} and lp.lot_id = ${lotId}
       order by lp.id`),
  );
  const ids = rows.map((r) => Number(r.pledge_id));
  const articles = await readArticles(db, companyId, ids);
  const unsold = new Map<number, string>();
  for (const r of rows) if (r.sale_id === null) unsold.set(Number(r.pledge_id), lot.auction_date);
  const outstanding = await readOutstanding(db, companyId, unsold);
  let items = 0;
  let grossMg = 0;
  let netMg = 0;
  let outstandingPaise = 0;
  const entries = rows.map((r): AuctionCatalogueEntry => {
    const pledgeId = Number(r.pledge_id);
    const sold = r.sale_id !== null;
    const o = outstanding.get(pledgeId) ?? { principalPaise: 0, interestPaise: 0 };
    const principal = sold ? money(r.principal_due) : paiseToRupees(o.principalPaise);
    const interest = sold ? money(r.interest_due) : paiseToRupees(o.interestPaise);
    const total = sold ? money(r.outstanding) : paiseToRupees(o.principalPaise + o.interestPaise);
    const state = sold
      ? 'sold'
      : r.withdrawn_at !== null
        ? 'withdrawn'
        : r.closed_date !== null
          ? 'closed'
          : 'in_lot';
    if (state !== 'withdrawn') {
      items += Number(r.item_count);
      grossMg += Math.round(Number(r.gross_weight) * 1000);
      netMg += Math.round(Number(r.net_weight) * 1000);
      outstandingPaise += rupeesToPaise(total);
    }
    return {
      lot_pledge_id: Number(r.lot_pledge_id),
      pledge_id: pledgeId,
      pledge_no: r.pledge_no,
      pledge_date: r.pledge_date,
      due_date: r.due_date,
      customer_id: Number(r.customer_id),
      customer_name: r.customer_name,
      guardian_name: r.guardian_name,
      address: r.address,
      mobile: r.mobile,
      jewel_type: r.jewel_type,
      notice_id: Number(r.notice_id),
      notice_no: r.notice_no,
      notice_sent_on: r.sent_on,
      sale_after: r.sale_after,
      articles: articles.get(pledgeId) ?? [],
      item_count: Number(r.item_count),
      gross_weight: grams(r.gross_weight),
      net_weight: grams(r.net_weight),
      outstanding_as_of: sold ? r.sale_date! : lot.auction_date,
      principal,
      interest,
      outstanding: total,
      state,
      withdrawn_at: r.withdrawn_at === null ? null : isoInstant(r.withdrawn_at),
      withdrawn_reason: r.withdrawn_reason,
      sale: sold
        ? {
            sale_id: Number(r.sale_id),
            sale_date: r.sale_date!,
            auctioneer: r.sale_auctioneer!,
            buyer_name: r.buyer_name!,
            sale_price: money(r.sale_price),
            outstanding: money(r.outstanding),
            surplus: money(r.surplus),
            shortfall: money(r.shortfall),
            voucher_no: r.voucher_no ?? '',
          }
        : null,
    };
  });
  return {
    ...toLotSummary(lot),
    entries,
    totals: {
      items,
      gross_weight: grossMg / 1000,
      net_weight: netMg / 1000,
      outstanding: paiseToRupees(outstandingPaise),
    },
  };
}

/**
 * The notice of each pledge that allows its sale: the one sent last (sent_on set) that no fresh
 * notice superseded. A later notice (a fresh demand) restarts the waiting, so an earlier one no
 * longer counts.
 */
export async function readServedNotices(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, { id: number; saleAfter: string; noticeNo: string }>> {
  const out = new Map<number, { id: number; saleAfter: string; noticeNo: string }>();
  if (pledgeIds.length === 0) return out;
  const list = sql.join(
    pledgeIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ id: number; pledge_id: number; sale_after: string; notice_no: string }>(
    await db.execute(sql`
      select distinct on (n.pledge_id) n.id, n.pledge_id, n.sale_after::text as sale_after, n.notice_no
        from pledge_notices n
       where n.company_id = ${companyId} and n.pledge_id in (${list}) and n.sent_on is not null
         and n.superseded_at is null
       order by n.pledge_id, n.sent_on desc, n.id desc`),
  );
  for (const r of rows)
    out.set(Number(r.pledge_id), { id: Number(r.id), saleAfter: r.sale_after, noticeNo: r.notice_no });
  return out;
}

/** The pledges of `pledgeIds` that are in a live lot (not withdrawn), with that lot's number. */
export async function readLiveLots(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (pledgeIds.length === 0) return out;
  const list = sql.join(
    pledgeIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<{ pledge_id: number; lot_no: string }>(
    await db.execute(sql`
      select lp.pledge_id, l.lot_no
        from auction_lot_pledges lp
        join auction_lots l on l.company_id = lp.company_id and l.id = lp.lot_id
       where lp.company_id = ${companyId} and lp.pledge_id in (${list}) and lp.withdrawn_at is null`),
  );
  for (const r of rows) out.set(Number(r.pledge_id), r.lot_no);
  return out;
}

/** Open pledges, not at a bank, in no live lot, whose last sent notice allows a sale by `asOf`. */
export async function readEligible(db: DbOrTx, companyId: number, asOf: string): Promise<AuctionEligible> {
  const rows = rowsOf<{
    pledge_id: number;
    pledge_no: string;
    pledge_date: string;
    due_date: string;
    customer_name: string;
    notice_no: string;
    sent_on: string;
    sale_after: string;
    item_count: number;
    gross_weight: string;
    net_weight: string;
  }>(
    await db.execute(sql`
      with served as (
        select distinct on (n.pledge_id) n.pledge_id, n.notice_no, n.sent_on, n.sale_after
          from pledge_notices n
         where n.company_id = ${companyId} and n.sent_on is not null and n.superseded_at is null
         order by n.pledge_id, n.sent_on desc, n.id desc
      )
      select p.id as pledge_id, p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
             c.customer_name, s.notice_no, s.sent_on::text as sent_on, s.sale_after::text as sale_after,
             p.item_count, p.gross_weight::text as gross_weight, p.net_weight::text as net_weight
        from served s
        join pledges p on p.company_id = ${companyId} and p.id = s.pledge_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where p.closed_date is null and not p.is_move_to_bank and s.sale_after <= ${asOf}
         and not exists (select 1 from auction_lot_pledges lp
                          where lp.company_id = p.company_id and lp.pledge_id = p.id and lp.withdrawn_at is null)
       order by p.id
       limit 1000`),
  );
  const outstanding = await readOutstanding(
    db,
    companyId,
    new Map(rows.map((r) => [Number(r.pledge_id), asOf])),
  );
  return {
    as_of: asOf,
    items: rows.map((r) => {
      const o = outstanding.get(Number(r.pledge_id)) ?? { principalPaise: 0, interestPaise: 0 };
      return {
        pledge_id: Number(r.pledge_id),
        pledge_no: r.pledge_no,
        pledge_date: r.pledge_date,
        due_date: r.due_date,
        customer_name: r.customer_name,
        notice_no: r.notice_no,
        notice_sent_on: r.sent_on,
        sale_after: r.sale_after,
        item_count: Number(r.item_count),
        gross_weight: grams(r.gross_weight),
        net_weight: grams(r.net_weight),
        outstanding: paiseToRupees(o.principalPaise + o.interestPaise),
      };
    }),
  };
}

/** The company's holding period of an unclaimed surplus, in months. */
export async function readSurplusHoldMonths(db: DbOrTx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ months: companies.surplusHoldMonths })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.months ?? END_OF_PLEDGE_DEFAULTS.surplusHoldMonths;
}

interface SurplusDbRow {
  id: number;
  sale_id: number;
  lot_id: number;
  lot_no: string;
  pledge_id: number;
  pledge_no: string;
  customer_id: number;
  customer_name: string;
  guardian_name: string | null;
  address: string;
  mobile: string | null;
  sale_date: string;
  sale_price: string;
  outstanding: string;
  amount: string;
  settled_kind: string | null;
  settled_on: string | null;
  settled_to: string | null;
  settled_method: string | null;
  settled_reference: string | null;
  settled_voucher_id: number | null;
  voucher_no: string | null;
}

export type SurplusStatus = 'owed' | 'paid' | 'deposited';

export async function readSurpluses(
  db: DbOrTx,
  companyId: number,
  today: string,
  q: { status?: SurplusStatus | undefined; id?: number; skip?: number; limit?: number },
): Promise<{ items: AuctionSurplus[]; total: number; totalOwedPaise: number }> {
  const conditions: SQL[] = [sql`a.company_id = ${companyId}`];
  if (q.id !== undefined) conditions.push(sql`a.id = ${q.id}`);
  if (q.status === 'owed') conditions.push(sql`a.settled_kind is null`);
  else if (q.status) conditions.push(sql`a.settled_kind = ${q.status}`);
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<SurplusDbRow>(
    await db.execute(sql`
      select a.id, a.sale_id, s.lot_id, l.lot_no, a.pledge_id, p.pledge_no, a.customer_id, c.customer_name,
             c.guardian_name, ${addressSql} as address, c.mobile_number as mobile,
             s.sale_date::text as sale_date, s.sale_price::text as sale_price, s.outstanding::text as outstanding,
             a.amount::text as amount, a.settled_kind, a.settled_on::text as settled_on, a.settled_to,
             a.settled_method, a.settled_reference, a.settled_voucher_id, v.voucher_number as voucher_no
        from auction_surpluses a
        join auction_sales s on s.company_id = a.company_id and s.id = a.sale_id
        join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
        join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
        join customers c on c.company_id = a.company_id and c.id = a.customer_id
        left join vouchers v on v.company_id = a.company_id and v.id = a.settled_voucher_id
       where ${where}
       order by s.sale_date, a.id
       limit ${q.limit ?? 500} offset ${q.skip ?? 0}`),
  );
  const [count] = rowsOf<{ n: number; owed: string }>(
    await db.execute(sql`
      select count(*)::int as n, coalesce(sum(a.amount) filter (where a.settled_kind is null), 0)::text as owed
        from auction_surpluses a where ${where}`),
  );
  const holdMonths = await readSurplusHoldMonths(db, companyId);
  const shortfalls = await openShortfallsOf(
    db,
    companyId,
    rows.map((r) => Number(r.customer_id)),
  );
  return {
    items: rows.map((r): AuctionSurplus => {
      const depositDue = surplusDepositDueDate(r.sale_date, holdMonths);
      const status: SurplusStatus =
        r.settled_kind === 'paid' ? 'paid' : r.settled_kind === 'deposited' ? 'deposited' : 'owed';
      return {
        id: Number(r.id),
        sale_id: Number(r.sale_id),
        lot_id: Number(r.lot_id),
        lot_no: r.lot_no,
        pledge_id: Number(r.pledge_id),
        pledge_no: r.pledge_no,
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name,
        guardian_name: r.guardian_name,
        address: r.address,
        mobile: r.mobile,
        sale_date: r.sale_date,
        sale_price: money(r.sale_price),
        outstanding: money(r.outstanding),
        amount: money(r.amount),
        status,
        age_days: surplusAgeDays(r.sale_date, r.settled_on ?? today),
        deliver_by: surplusDeliveryDueDate(r.sale_date, END_OF_PLEDGE_DEFAULTS.surplusDeliveryDays),
        deposit_due: depositDue,
        may_deposit: status === 'owed' && today >= depositDue,
        settled_on: r.settled_on,
        settled_to: r.settled_to,
        settled_method: (r.settled_method as AuctionSurplus['settled_method']) ?? null,
        settled_reference: r.settled_reference,
        voucher_id: r.settled_voucher_id === null ? null : Number(r.settled_voucher_id),
        voucher_no: r.voucher_no,
        pawner_shortfalls: (shortfalls.get(Number(r.customer_id)) ?? [])
          .filter((o) => o.pledge_id !== Number(r.pledge_id))
          .map(({ pledge_id: _, ...o }) => o),
      };
    }),
    total: Number(count?.n ?? 0),
    totalOwedPaise: rupeesToPaise(count?.owed ?? '0'),
  };
}

interface ShortfallDbRow {
  id: number;
  sale_id: number;
  lot_id: number;
  lot_no: string;
  pledge_id: number;
  pledge_no: string;
  customer_id: number;
  customer_name: string;
  guardian_name: string | null;
  address: string;
  mobile: string | null;
  sale_date: string;
  sale_price: string;
  outstanding: string;
  amount: string;
  collected: string;
  written_off: string;
}

export async function readShortfalls(
  db: DbOrTx,
  companyId: number,
  q: { status?: 'open' | 'settled' | undefined; id?: number; skip?: number; limit?: number },
): Promise<{ items: AuctionShortfall[]; total: number; totalOpenPaise: number }> {
  const conditions: SQL[] = [sql`a.company_id = ${companyId}`];
  if (q.id !== undefined) conditions.push(sql`a.id = ${q.id}`);
  if (q.status === 'open') conditions.push(sql`a.amount > a.collected + a.written_off`);
  else if (q.status === 'settled') conditions.push(sql`a.amount = a.collected + a.written_off`);
  const where = sql.join(conditions, sql` and `);
  const rows = rowsOf<ShortfallDbRow>(
    await db.execute(sql`
      select a.id, a.sale_id, s.lot_id, l.lot_no, a.pledge_id, p.pledge_no, a.customer_id, c.customer_name,
             c.guardian_name, ${addressSql} as address, c.mobile_number as mobile,
             s.sale_date::text as sale_date, s.sale_price::text as sale_price, s.outstanding::text as outstanding,
             a.amount::text as amount, a.collected::text as collected, a.written_off::text as written_off
        from auction_shortfalls a
        join auction_sales s on s.company_id = a.company_id and s.id = a.sale_id
        join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
        join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
        join customers c on c.company_id = a.company_id and c.id = a.customer_id
       where ${where}
       order by s.sale_date, a.id
       limit ${q.limit ?? 500} offset ${q.skip ?? 0}`),
  );
  const [count] = rowsOf<{ n: number; open: string }>(
    await db.execute(sql`
      select count(*)::int as n, coalesce(sum(a.amount - a.collected - a.written_off), 0)::text as open
        from auction_shortfalls a where ${where}`),
  );
  const ids = rows.map((r) => Number(r.id));
  const settlements = new Map<number, AuctionShortfall['settlements']>();
  if (ids.length > 0) {
    const list = sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const srows = rowsOf<{
      id: number;
      shortfall_id: number;
      kind: string;
      settled_on: string;
      amount: string;
      method: string | null;
      reference: string | null;
      reason: string | null;
      approved_by: string | null;
      voucher_id: number;
      voucher_no: string;
      receipt_no: string | null;
    }>(
      await db.execute(sql`
        select st.id, st.shortfall_id, st.kind, st.settled_on::text as settled_on, st.amount::text as amount,
               st.method, st.reference, st.reason, u.username as approved_by, st.voucher_id,
               v.voucher_number as voucher_no, st.receipt_no
          from auction_shortfall_settlements st
          join vouchers v on v.company_id = st.company_id and v.id = st.voucher_id
          left join users u on u.id = st.approved_by
         where st.company_id = ${companyId} and st.shortfall_id in (${list})
         order by st.id`),
    );
    for (const s of srows) {
      const list2 = settlements.get(Number(s.shortfall_id)) ?? [];
      list2.push({
        id: Number(s.id),
        kind: s.kind === 'written_off' ? 'written_off' : 'collected',
        settled_on: s.settled_on,
        amount: money(s.amount),
        method: (s.method as AuctionShortfall['settlements'][number]['method']) ?? null,
        reference: s.reference,
        reason: s.reason,
        approved_by: s.approved_by,
        voucher_id: Number(s.voucher_id),
        voucher_no: s.voucher_no,
        receipt_no: s.receipt_no,
      });
      settlements.set(Number(s.shortfall_id), list2);
    }
  }
  const surpluses = await owedSurplusesOf(
    db,
    companyId,
    rows.map((r) => Number(r.customer_id)),
  );
  return {
    items: rows.map((r): AuctionShortfall => {
      const openPaise = rupeesToPaise(r.amount) - rupeesToPaise(r.collected) - rupeesToPaise(r.written_off);
      return {
        id: Number(r.id),
        sale_id: Number(r.sale_id),
        lot_id: Number(r.lot_id),
        lot_no: r.lot_no,
        pledge_id: Number(r.pledge_id),
        pledge_no: r.pledge_no,
        customer_id: Number(r.customer_id),
        customer_name: r.customer_name,
        guardian_name: r.guardian_name,
        address: r.address,
        mobile: r.mobile,
        sale_date: r.sale_date,
        sale_price: money(r.sale_price),
        outstanding: money(r.outstanding),
        amount: money(r.amount),
        collected: money(r.collected),
        written_off: money(r.written_off),
        open: paiseToRupees(openPaise),
        status: openPaise > 0 ? 'open' : 'settled',
        settlements: settlements.get(Number(r.id)) ?? [],
        pawner_surpluses: (surpluses.get(Number(r.customer_id)) ?? [])
          .filter((o) => o.pledge_id !== Number(r.pledge_id))
          .map(({ pledge_id: _, ...o }) => o),
      };
    }),
    total: Number(count?.n ?? 0),
    totalOpenPaise: rupeesToPaise(count?.open ?? '0'),
  };
}

interface SaleBookDbRow {
  serial: number;
  sale_id: number;
  lot_id: number;
  lot_no: string;
  pledge_id: number;
  pledge_no: string;
  pledge_date: string;
  customer_name: string;
  guardian_name: string | null;
  address: string;
  item_count: number;
  gross_weight: string;
  net_weight: string;
  sale_date: string;
  auctioneer: string;
  buyer_name: string;
  buyer_address: string | null;
  sale_price: string;
  principal_due: string;
  interest_due: string;
  outstanding: string;
  surplus: string;
  shortfall: string;
}

/** The sale book's rows of the range, in sale order (date, then entry), a page or all. */
export async function readSaleBookRows(
  db: DbOrTx,
  companyId: number,
  from: string,
  to: string,
  page: { offset: number; limit: number } | null,
): Promise<SaleBookRow[]> {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  const rows = rowsOf<SaleBookDbRow>(
    await db.execute(sql`
      select (row_number() over (order by s.sale_date, s.id))::int as serial,
             s.id as sale_id, s.lot_id, l.lot_no, s.pledge_id, p.pledge_no, p.pledge_date::text as pledge_date,
             c.customer_name, c.guardian_name, ${addressSql} as address,
             p.item_count, p.gross_weight::text as gross_weight, p.net_weight::text as net_weight,
             s.sale_date::text as sale_date, s.auctioneer, s.buyer_name, s.buyer_address,
             s.sale_price::text as sale_price, s.principal_due::text as principal_due,
             s.interest_due::text as interest_due, s.outstanding::text as outstanding,
             s.surplus::text as surplus, s.shortfall::text as shortfall
        from auction_sales s
        join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
        join pledges p on p.company_id = s.company_id and p.id = s.pledge_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where s.company_id = ${companyId} and s.sale_date between ${from} and ${to}
       order by s.sale_date, s.id
       ${paging}`),
  );
  const articles = await readArticles(
    db,
    companyId,
    rows.map((r) => Number(r.pledge_id)),
  );
  return rows.map((r) => ({
    serial: Number(r.serial),
    sale_id: Number(r.sale_id),
    lot_id: Number(r.lot_id),
    lot_no: r.lot_no,
    pledge_id: Number(r.pledge_id),
    pledge_no: r.pledge_no,
    pledge_date: r.pledge_date,
    customer_name: r.customer_name,
    guardian_name: r.guardian_name,
    address: r.address,
    articles: articles.get(Number(r.pledge_id)) ?? [],
    item_count: Number(r.item_count),
    gross_weight: grams(r.gross_weight),
    net_weight: grams(r.net_weight),
    sale_date: r.sale_date,
    auctioneer: r.auctioneer,
    buyer_name: r.buyer_name,
    buyer_address: r.buyer_address,
    sale_price: money(r.sale_price),
    principal_due: money(r.principal_due),
    interest_due: money(r.interest_due),
    outstanding: money(r.outstanding),
    surplus: money(r.surplus),
    shortfall: money(r.shortfall),
  }));
}

export async function readSaleBookTotals(db: DbOrTx, companyId: number, from: string, to: string) {
  const [row] = rowsOf<{
    n: number;
    sale_price: string;
    outstanding: string;
    surplus: string;
    shortfall: string;
  }>(
    await db.execute(sql`
      select count(*)::int as n, coalesce(sum(sale_price), 0)::text as sale_price,
             coalesce(sum(outstanding), 0)::text as outstanding, coalesce(sum(surplus), 0)::text as surplus,
             coalesce(sum(shortfall), 0)::text as shortfall
        from auction_sales
       where company_id = ${companyId} and sale_date between ${from} and ${to}`),
  );
  return {
    sales: Number(row?.n ?? 0),
    sale_price: money(row?.sale_price ?? '0'),
    outstanding: money(row?.outstanding ?? '0'),
    surplus: money(row?.surplus ?? '0'),
    shortfall: money(row?.shortfall ?? '0'),
  };
}

const idList = (ids: readonly number[]) =>
  sql.join(
    [...new Set(ids)].map((id) => sql`${id}::int`),
    sql`, `,
  );

/**
 * The shortfalls still open of each of the pawners (a pawner owed a surplus is told
 * what they owe on another pledge), through auction_shortfalls_customer_idx.
 */
export async function openShortfallsOf(
  db: DbOrTx,
  companyId: number,
  customerIds: readonly number[],
): Promise<Map<number, { shortfall_id: number; pledge_id: number; pledge_no: string; open: number }[]>> {
  const out = new Map<
    number,
    { shortfall_id: number; pledge_id: number; pledge_no: string; open: number }[]
  >();
  if (customerIds.length === 0) return out;
  const rows = rowsOf<{
    id: number;
    customer_id: number;
    pledge_id: number;
    pledge_no: string;
    open: string;
  }>(
    await db.execute(sql`
      select a.id, a.customer_id, a.pledge_id, p.pledge_no,
             (a.amount - a.collected - a.written_off)::text as open
        from auction_shortfalls a
        join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
       where a.company_id = ${companyId} and a.customer_id in (${idList(customerIds)})
         and a.amount > a.collected + a.written_off
       order by a.id`),
  );
  for (const r of rows) {
    const list = out.get(Number(r.customer_id)) ?? [];
    list.push({
      shortfall_id: Number(r.id),
      pledge_id: Number(r.pledge_id),
      pledge_no: r.pledge_no,
      open: money(r.open),
    });
    out.set(Number(r.customer_id), list);
  }
  return out;
}

/** The surpluses still owed to each of the pawners, through auction_surpluses_customer_idx. */
export async function owedSurplusesOf(
  db: DbOrTx,
  companyId: number,
  customerIds: readonly number[],
): Promise<Map<number, { surplus_id: number; pledge_id: number; pledge_no: string; amount: number }[]>> {
  const out = new Map<
    number,
    { surplus_id: number; pledge_id: number; pledge_no: string; amount: number }[]
  >();
  if (customerIds.length === 0) return out;
  const rows = rowsOf<{
    id: number;
    customer_id: number;
    pledge_id: number;
    pledge_no: string;
    amount: string;
  }>(
    await db.execute(sql`
      select a.id, a.customer_id, a.pledge_id, p.pledge_no, a.amount::text as amount
        from auction_surpluses a
        join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
       where a.company_id = ${companyId} and a.customer_id in (${idList(customerIds)})
         and a.settled_kind is null
       order by a.id`),
  );
  for (const r of rows) {
    const list = out.get(Number(r.customer_id)) ?? [];
    list.push({
      surplus_id: Number(r.id),
      pledge_id: Number(r.pledge_id),
      pledge_no: r.pledge_no,
      amount: money(r.amount),
    });
    out.set(Number(r.customer_id), list);
  }
  return out;
}

/** The printable receipt of one shortfall collection; undefined for a write-off. */
export async function readShortfallReceipt(
  db: DbOrTx,
  companyId: number,
  settlementId: number,
): Promise<ShortfallReceipt | undefined> {
  const [r] = rowsOf<{
    id: number;
    receipt_no: string | null;
    shortfall_id: number;
    lot_no: string;
    pledge_no: string;
    customer_id: number;
    customer_name: string;
    guardian_name: string | null;
    address: string;
    mobile: string | null;
    sale_date: string;
    sale_price: string;
    outstanding: string;
    shortfall: string;
    settled_on: string;
    amount: string;
    method: string | null;
    reference: string | null;
    open_after: string;
    voucher_no: string;
    collected_by: string | null;
  }>(
    await db.execute(sql`
      select st.id, st.receipt_no, st.shortfall_id, l.lot_no, p.pledge_no, a.customer_id, c.customer_name,
             c.guardian_name, ${addressSql} as address, c.mobile_number as mobile,
             s.sale_date::text as sale_date, s.sale_price::text as sale_price, s.outstanding::text as outstanding,
             a.amount::text as shortfall, st.settled_on::text as settled_on, st.amount::text as amount,
             st.method, st.reference,
             (a.amount - (select coalesce(sum(x.amount), 0) from auction_shortfall_settlements x
                           where x.company_id = st.company_id and x.shortfall_id = st.shortfall_id
                             and x.id <= st.id))::text as open_after,
             v.voucher_number as voucher_no, u.username as collected_by
        from auction_shortfall_settlements st
        join auction_shortfalls a on a.company_id = st.company_id and a.id = st.shortfall_id
        join auction_sales s on s.company_id = a.company_id and s.id = a.sale_id
        join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
        join pledges p on p.company_id = a.company_id and p.id = a.pledge_id
        join customers c on c.company_id = a.company_id and c.id = a.customer_id
        join vouchers v on v.company_id = st.company_id and v.id = st.voucher_id
        left join users u on u.id = st.created_by
       where st.company_id = ${companyId} and st.id = ${settlementId} and st.kind = 'collected'`),
  );
  if (!r) return undefined;
  return {
    settlement_id: Number(r.id),
    receipt_no: r.receipt_no,
    shortfall_id: Number(r.shortfall_id),
    lot_no: r.lot_no,
    pledge_no: r.pledge_no,
    customer_id: Number(r.customer_id),
    customer_name: r.customer_name,
    guardian_name: r.guardian_name,
    address: r.address,
    mobile: r.mobile,
    sale_date: r.sale_date,
    sale_price: money(r.sale_price),
    outstanding: money(r.outstanding),
    shortfall: money(r.shortfall),
    collected_on: r.settled_on,
    amount: money(r.amount),
    method: (r.method as ShortfallReceipt['method']) ?? null,
    reference: r.reference,
    open_after: money(r.open_after),
    voucher_no: r.voucher_no,
    collected_by: r.collected_by,
  };
}

// The writes and locks of the auction's use cases.

export type NewAuctionLot = Omit<typeof auctionLots.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewLotPledge = Omit<typeof auctionLotPledges.$inferInsert, 'id' | 'createdAt'>;
export type NewAuctionSale = Omit<typeof auctionSales.$inferInsert, 'id' | 'createdAt'>;
export type NewSaleBalance = Pick<
  typeof auctionSurpluses.$inferInsert,
  'companyId' | 'saleId' | 'pledgeId' | 'customerId' | 'amount'
>;
export type NewShortfallSettlement = Omit<
  typeof auctionShortfallSettlements.$inferInsert,
  'id' | 'createdAt'
>;
export type SurplusSettledFields = Pick<
  typeof auctionSurpluses.$inferInsert,
  | 'settledKind'
  | 'settledOn'
  | 'settledTo'
  | 'settledMethod'
  | 'settledReference'
  | 'settledVoucherId'
  | 'settledBy'
>;

export async function insertLot(tx: Tx, values: NewAuctionLot): Promise<number> {
  const [lot] = await tx.insert(auctionLots).values(values).returning({ id: auctionLots.id });
  return lot!.id;
}

export async function insertLotPledges(tx: Tx, rows: NewLotPledge[]): Promise<void> {
  await tx.insert(auctionLotPledges).values(rows);
}

export async function findLot(db: DbOrTx, companyId: number, lotId: number) {
  const [lot] = await db
    .select()
    .from(auctionLots)
    .where(and(eq(auctionLots.companyId, companyId), eq(auctionLots.id, lotId)));
  return lot;
}

/** The pledge's latest entry in the lot (a pledge withdrawn and put back has two). */
export async function findLotEntry(db: DbOrTx, companyId: number, lotId: number, pledgeId: number) {
  const [entry] = await db
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

export async function findSaleOf(db: DbOrTx, companyId: number, pledgeId: number) {
  const [sale] = await db
    .select({ id: auctionSales.id, saleDate: auctionSales.saleDate })
    .from(auctionSales)
    .where(and(eq(auctionSales.companyId, companyId), eq(auctionSales.pledgeId, pledgeId)));
  return sale;
}

/** The pledge's entry leaves the lot now, for the reason given. */
export async function markWithdrawn(
  tx: Tx,
  companyId: number,
  entryId: number,
  reason: string,
): Promise<void> {
  await tx
    .update(auctionLotPledges)
    .set({ withdrawnAt: sql`now()`, withdrawnReason: reason })
    .where(and(eq(auctionLotPledges.companyId, companyId), eq(auctionLotPledges.id, entryId)));
}

/** A lot is closed once none of its pledges waits for a sale (all sold, withdrawn or closed). */
export async function refreshLotStatus(tx: Tx, companyId: number, lotId: number): Promise<void> {
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

/** The date of sale of a notice (the first day its pledge may be sold). */
export async function findNoticeSaleAfter(
  db: DbOrTx,
  companyId: number,
  noticeId: number,
): Promise<string | undefined> {
  const [notice] = await db
    .select({ saleAfter: pledgeNotices.saleAfter })
    .from(pledgeNotices)
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, noticeId)));
  return notice?.saleAfter;
}

export async function insertSale(tx: Tx, values: NewAuctionSale): Promise<number> {
  const [sale] = await tx.insert(auctionSales).values(values).returning({ id: auctionSales.id });
  return sale!.id;
}

/** The sale's voucher points at the sale, which is written after it. */
export async function setVoucherSource(tx: Tx, companyId: number, voucherId: number, sourceId: number) {
  await tx.execute(
    sql`update vouchers set source_id = ${sourceId} where company_id = ${companyId} and id = ${voucherId}`,
  );
}

/** Closed by the auction; the articles went to the buyer on the sale date. */
export async function closePledgeByAuction(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  date: string,
  userId: number,
): Promise<void> {
  await tx.execute(sql`
      update pledges set closed_date = ${date}, closed_by = 'auction', status = 'inactive', released_on = ${date},
             updated_by = ${userId}, updated_at = now()
       where company_id = ${companyId} and id = ${pledgeId}`);
}

export async function insertSurplus(tx: Tx, values: NewSaleBalance): Promise<number> {
  const [row] = await tx.insert(auctionSurpluses).values(values).returning({ id: auctionSurpluses.id });
  return row!.id;
}

export async function insertShortfall(tx: Tx, values: NewSaleBalance): Promise<number> {
  const [row] = await tx.insert(auctionShortfalls).values(values).returning({ id: auctionShortfalls.id });
  return row!.id;
}

/** The surplus row locked FOR UPDATE; undefined for another company's. */
export async function lockSurplus(tx: Tx, companyId: number, id: number) {
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
  return row;
}

/** The sale's date, its pledge's number and the pawner's name. */
export async function findSaleParties(db: DbOrTx, companyId: number, saleId: number) {
  const [info] = rowsOf<{ sale_date: string; pledge_no: string; customer_name: string }>(
    await db.execute(sql`
      select s.sale_date::text as sale_date, p.pledge_no, c.customer_name
        from auction_sales s
        join pledges p on p.company_id = s.company_id and p.id = s.pledge_id
        join customers c on c.company_id = p.company_id and c.id = p.customer_id
       where s.company_id = ${companyId} and s.id = ${saleId}`),
  );
  return { saleDate: info!.sale_date, pledgeNo: info!.pledge_no, customerName: info!.customer_name };
}

export async function markSurplusSettled(
  tx: Tx,
  companyId: number,
  id: number,
  fields: SurplusSettledFields,
): Promise<void> {
  await tx
    .update(auctionSurpluses)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(auctionSurpluses.companyId, companyId), eq(auctionSurpluses.id, id)));
}

/** The shortfall row locked FOR UPDATE; undefined for another company's. */
export async function lockShortfall(tx: Tx, companyId: number, id: number) {
  const [row] = await tx
    .select()
    .from(auctionShortfalls)
    .where(and(eq(auctionShortfalls.companyId, companyId), eq(auctionShortfalls.id, id)))
    .for('update');
  return row;
}

export async function findSaleDate(db: DbOrTx, companyId: number, saleId: number): Promise<string> {
  const [sale] = await db
    .select({ saleDate: auctionSales.saleDate })
    .from(auctionSales)
    .where(and(eq(auctionSales.companyId, companyId), eq(auctionSales.id, saleId)));
  return sale!.saleDate;
}

export async function findCustomerName(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<string | undefined> {
  const [pawner] = await db
    .select({ name: customers.customerName })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)));
  return pawner?.name;
}

export async function insertShortfallSettlement(tx: Tx, values: NewShortfallSettlement): Promise<number> {
  const [settlement] = await tx
    .insert(auctionShortfallSettlements)
    .values(values)
    .returning({ id: auctionShortfallSettlements.id });
  return settlement!.id;
}

/** Adds a settlement's amount to the shortfall's collected or written-off total. */
export async function addToShortfall(
  tx: Tx,
  companyId: number,
  id: number,
  column: 'collected' | 'writtenOff',
  amount: string,
): Promise<void> {
  await tx
    .update(auctionShortfalls)
    .set(
      column === 'collected'
        ? { collected: sql`${auctionShortfalls.collected} + ${amount}`, updatedAt: sql`now()` }
        : { writtenOff: sql`${auctionShortfalls.writtenOff} + ${amount}`, updatedAt: sql`now()` },
    )
    .where(and(eq(auctionShortfalls.companyId, companyId), eq(auctionShortfalls.id, id)));
}
