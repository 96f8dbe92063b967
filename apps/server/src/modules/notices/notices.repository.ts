import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { noticeBatches, pledgeNotices, pledgeReminders, pledges } from '../../db/schema/index.ts';
import { isoText } from '../releases/releases.repository.ts';

// Every query of notices before sale and reminders. SQL picks, orders and pages; the balances come
// from the domain (the notice and reminder services). Numbers and dates are cast to text in SQL so that both drivers
// hand back the same strings. Reads go through:
// - candidates and reminders: pledges_open_due_idx (company, due_date) where closed_date is null;
// - a pledge's latest notice: pledge_notices_pledge_idx (company, pledge, id);
// - a pledge's reminders: pledge_reminders_pledge_idx (company, pledge, id);
// - a batch's notices: pledge_notices_batch_idx (company, batch).

async function all<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

export interface CompanyNoticeSettings {
  company_name: string;
  overdue_grace_days: number;
  notice_wait_days: number;
}

export async function findNoticeSettings(db: DbOrTx, companyId: number): Promise<CompanyNoticeSettings> {
  const [row] = await all<CompanyNoticeSettings>(
    db,
    sql`select company_name, overdue_grace_days::int as overdue_grace_days, notice_wait_days::int as notice_wait_days
          from companies where id = ${companyId}`,
  );
  if (!row) throw new Error(`company ${companyId} not found`);
  return {
    company_name: row.company_name,
    overdue_grace_days: Number(row.overdue_grace_days),
    notice_wait_days: Number(row.notice_wait_days),
  };
}

/** The open pledges (not closed, active) due on or before a day. */
const openDueBy = (companyId: number, lastDue: string) =>
  sql`p.company_id = ${companyId} and p.closed_date is null and p.status = 'active' and p.due_date <= ${lastDue}::date`;

export interface PledgeBalanceColumns {
  id: number;
  pledge_no: string;
  pledge_date: string;
  due_date: string;
  customer_id: number;
  customer_name: string;
  mobile_number: string;
  total_loan_amount: string;
  first_month_interest: string;
  interest_rate: string;
}

export interface CandidateRowDb extends PledgeBalanceColumns {
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
  is_move_to_bank: boolean;
  notice_id: number | null;
  notice_no: string | null;
  notice_date: string | null;
  sale_after: string | null;
  sent_on: string | null;
  delivered_on: string | null;
}

/** One page of the open pledges due on or before `lastDue` (the overdue ones), most overdue first. */
export function findCandidates(
  db: DbOrTx,
  companyId: number,
  lastDue: string,
  page: { skip: number; limit: number },
): Promise<CandidateRowDb[]> {
  return all<CandidateRowDb>(
    db,
    sql`select p.id::int as id, p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
        p.customer_id::int as customer_id, c.customer_name, c.mobile_number, c.door_no, c.street, c.location,
        c.district, c.pincode, p.total_loan_amount::text as total_loan_amount,
        p.first_month_interest::text as first_month_interest, p.interest_rate::text as interest_rate,
        p.is_move_to_bank, n.id::int as notice_id, n.notice_no, n.notice_date::text as notice_date,
        n.sale_after::text as sale_after, n.sent_on::text as sent_on, n.delivered_on::text as delivered_on
      from pledges p
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
      left join lateral (
        select n.id, n.notice_no, n.notice_date, n.sale_after, n.sent_on, n.delivered_on from pledge_notices n
         where n.company_id = p.company_id and n.pledge_id = p.id order by n.id desc limit 1
      ) n on true
     where ${openDueBy(companyId, lastDue)}
     order by p.due_date, p.id
     limit ${page.limit} offset ${page.skip}`,
  );
}

export async function countOpenDueBy(db: DbOrTx, companyId: number, lastDue: string): Promise<number> {
  const [row] = await all<{ count: number }>(
    db,
    sql`select count(*)::int as count from pledges p where ${openDueBy(companyId, lastDue)}`,
  );
  return Number(row?.count ?? 0);
}

export interface NoticeRowDb {
  id: number;
  notice_no: string;
  batch_id: number;
  notice_date: string;
  pledge_id: number;
  pledge_no: string;
  pledge_date: string;
  due_date: string;
  total_loan_amount: string;
  customer_id: number;
  customer_name: string;
  guardian_name: string;
  door_no: string;
  street: string;
  location: string;
  district: string;
  pincode: string;
  mobile_number: string;
  principal_due: string;
  interest_due: string;
  amount_due: string;
  sale_after: string;
  sent_on: string | null;
  tracking_no: string | null;
  delivered_on: string | null;
  prints: number;
  superseded_at: string | null;
  superseded_by_no: string | null;
  gross_weight: string;
  net_weight: string;
  item_count: number;
  created_at: string | Date;
}

export interface NoticeFilter {
  batchId?: number | undefined;
  pledgeId?: number | undefined;
  status?: 'unsent' | 'sent' | 'delivered' | undefined;
  noticeId?: number | undefined;
}

function noticeWhere(companyId: number, f: NoticeFilter): SQL {
  const parts: SQL[] = [sql`n.company_id = ${companyId}`];
  if (f.noticeId !== undefined) parts.push(sql`n.id = ${f.noticeId}`);
  if (f.batchId !== undefined) parts.push(sql`n.batch_id = ${f.batchId}`);
  if (f.pledgeId !== undefined) parts.push(sql`n.pledge_id = ${f.pledgeId}`);
  if (f.status === 'unsent') parts.push(sql`n.sent_on is null`);
  if (f.status === 'sent') parts.push(sql`n.sent_on is not null and n.delivered_on is null`);
  if (f.status === 'delivered') parts.push(sql`n.delivered_on is not null`);
  return sql.join(parts, sql` and `);
}

/** Notices with their pledge and customer; a batch in number order, otherwise newest first. */
export function findNotices(
  db: DbOrTx,
  companyId: number,
  f: NoticeFilter,
  page: { skip: number; limit: number },
): Promise<NoticeRowDb[]> {
  const order = f.batchId !== undefined ? sql`n.id` : sql`n.id desc`;
  return all<NoticeRowDb>(
    db,
    sql`select n.id::int as id, n.notice_no, n.batch_id::int as batch_id, n.notice_date::text as notice_date,
        n.pledge_id::int as pledge_id, p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
        p.total_loan_amount::text as total_loan_amount, p.customer_id::int as customer_id, c.customer_name,
        c.guardian_name, c.door_no, c.street, c.location, c.district, c.pincode, c.mobile_number,
        n.principal_due::text as principal_due, n.interest_due::text as interest_due,
        n.amount_due::text as amount_due, n.sale_after::text as sale_after, n.sent_on::text as sent_on,
        n.tracking_no, n.delivered_on::text as delivered_on, n.prints::int as prints,
        ${isoText(sql`n.superseded_at`)} as superseded_at, s.notice_no as superseded_by_no,
        p.gross_weight::text as gross_weight, p.net_weight::text as net_weight, p.item_count::int as item_count,
        n.created_at
      from pledge_notices n
      join pledges p on p.company_id = n.company_id and p.id = n.pledge_id
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
      left join pledge_notices s on s.company_id = n.company_id and s.id = n.superseded_by
     where ${noticeWhere(companyId, f)}
     order by ${order}
     limit ${page.limit} offset ${page.skip}`,
  );
}

export async function countNotices(db: DbOrTx, companyId: number, f: NoticeFilter): Promise<number> {
  const [row] = await all<{ count: number }>(
    db,
    sql`select count(*)::int as count from pledge_notices n where ${noticeWhere(companyId, f)}`,
  );
  return Number(row?.count ?? 0);
}

/** The open (not superseded) notice of each of the pledges that has one (pledge_notices_open_key). */
export async function findOpenNotices(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, { id: number; noticeNo: string; noticeDate: string }>> {
  const out = new Map<number, { id: number; noticeNo: string; noticeDate: string }>();
  if (pledgeIds.length === 0) return out;
  const rows = await all<{ id: number; pledge_id: number; notice_no: string; notice_date: string }>(
    db,
    sql`select n.id::int as id, n.pledge_id::int as pledge_id, n.notice_no, n.notice_date::text as notice_date
          from pledge_notices n
         where n.company_id = ${companyId} and n.pledge_id in (${idList([...new Set(pledgeIds)])})
           and n.superseded_at is null`,
  );
  for (const r of rows)
    out.set(Number(r.pledge_id), { id: Number(r.id), noticeNo: r.notice_no, noticeDate: r.notice_date });
  return out;
}

export interface ArticleRowDb {
  id: number;
  pledge_id: number;
  design_name: string;
  jewell_condition: string | null;
  gross_weight: string;
  net_weight: string;
}

export function findArticles(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<ArticleRowDb[]> {
  if (pledgeIds.length === 0) return Promise.resolve([]);
  return all<ArticleRowDb>(
    db,
    sql`select i.id::int as id, i.pledge_id::int as pledge_id, d.design_name, i.jewell_condition,
        i.gross_weight::text as gross_weight, i.net_weight::text as net_weight
      from pledge_items i
      join jewel_designs d on d.company_id = i.company_id and d.id = i.jewell_design_id
     where i.company_id = ${companyId} and i.pledge_id in (${idList([...new Set(pledgeIds)])})
     order by i.pledge_id, i.id`,
  );
}

export interface ReminderRowDb extends PledgeBalanceColumns {
  last_reminded_on: string | null;
}

/** One page of the open pledges due by `lastDue` (within the window, overdue ones first), with their last reminder. */
export function findReminderRows(
  db: DbOrTx,
  companyId: number,
  lastDue: string,
  page: { skip: number; limit: number },
): Promise<ReminderRowDb[]> {
  return all<ReminderRowDb>(
    db,
    sql`select p.id::int as id, p.pledge_no, p.pledge_date::text as pledge_date, p.due_date::text as due_date,
        p.customer_id::int as customer_id, c.customer_name, c.mobile_number,
        p.total_loan_amount::text as total_loan_amount,
        p.first_month_interest::text as first_month_interest, p.interest_rate::text as interest_rate,
        (select r.reminded_on::text from pledge_reminders r
          where r.company_id = p.company_id and r.pledge_id = p.id
          order by r.reminded_on desc, r.id desc limit 1) as last_reminded_on
      from pledges p
      join customers c on c.company_id = p.company_id and c.id = p.customer_id
     where ${openDueBy(companyId, lastDue)}
     order by p.due_date, p.id
     limit ${page.limit} offset ${page.skip}`,
  );
}

// ------------------------------------------------------------------ writes

export type NewNotice = Omit<typeof pledgeNotices.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NoticeRecord = typeof pledgeNotices.$inferSelect;
export type NewReminder = Omit<typeof pledgeReminders.$inferInsert, 'id' | 'createdAt'>;
export type ReminderRecord = typeof pledgeReminders.$inferSelect;

export async function insertNoticeBatch(
  tx: Tx,
  values: { companyId: number; noticeDate: string; createdBy: number | null },
): Promise<number> {
  const [batch] = await tx.insert(noticeBatches).values(values).returning({ id: noticeBatches.id });
  if (!batch) throw new Error('notice batch insert returned no row');
  return batch.id;
}

/** Takes the notices out of the open index (superseded now), before their successors are inserted. */
export async function markNoticesSuperseded(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(pledgeNotices)
    .set({ supersededAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(pledgeNotices.companyId, companyId),
        inArray(pledgeNotices.id, [...ids]),
        isNull(pledgeNotices.supersededAt),
      ),
    );
}

export async function insertNotices(
  tx: Tx,
  values: readonly NewNotice[],
): Promise<{ id: number; pledgeId: number }[]> {
  return tx
    .insert(pledgeNotices)
    .values([...values])
    .returning({ id: pledgeNotices.id, pledgeId: pledgeNotices.pledgeId });
}

/** A superseded notice names the notice that replaced it. */
export async function setSupersededBy(
  tx: Tx,
  companyId: number,
  id: number,
  successorId: number,
): Promise<void> {
  await tx
    .update(pledgeNotices)
    .set({ supersededBy: successorId })
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, id)));
}

/** A notice row, locked FOR UPDATE until the caller's transaction ends. */
export async function lockNotice(tx: Tx, companyId: number, id: number): Promise<NoticeRecord | undefined> {
  const [row] = await tx
    .select()
    .from(pledgeNotices)
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, id)))
    .for('update');
  return row;
}

/** A recorded-at time: kept as it was, none, or the statement's `now()`. */
export type RecordedAt = Date | null | 'now';

const recordedAtValue = (at: RecordedAt) => (at === 'now' ? sql`now()` : at);

/** How a notice was served: the dates sent and delivered, the tracking number, the sale-after date. */
export async function updateNoticeServed(
  tx: Tx,
  companyId: number,
  id: number,
  served: {
    sentOn: string | null;
    deliveredOn: string | null;
    trackingNo: string | null;
    saleAfter: string;
    sentRecordedAt: RecordedAt;
    deliveredRecordedAt: RecordedAt;
  },
): Promise<void> {
  await tx
    .update(pledgeNotices)
    .set({
      sentOn: served.sentOn,
      deliveredOn: served.deliveredOn,
      trackingNo: served.trackingNo,
      saleAfter: served.saleAfter,
      sentRecordedAt: recordedAtValue(served.sentRecordedAt),
      deliveredRecordedAt: recordedAtValue(served.deliveredRecordedAt),
      updatedAt: sql`now()`,
    })
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, id)));
}

/** Adds `count` printed copies to a notice in one statement; undefined when there is no such notice. */
export async function addNoticePrints(
  tx: Tx,
  companyId: number,
  id: number,
  count: number,
): Promise<{ id: number; prints: number } | undefined> {
  const [row] = await tx
    .update(pledgeNotices)
    .set({ prints: sql`${pledgeNotices.prints} + ${count}` })
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.id, id)))
    .returning({ id: pledgeNotices.id, prints: pledgeNotices.prints });
  return row;
}

/** Adds one printed copy to every notice of a batch; answers each notice's count after it. */
export async function addBatchPrints(
  tx: Tx,
  companyId: number,
  batchId: number,
): Promise<{ id: number; prints: number }[]> {
  return tx
    .update(pledgeNotices)
    .set({ prints: sql`${pledgeNotices.prints} + 1` })
    .where(and(eq(pledgeNotices.companyId, companyId), eq(pledgeNotices.batchId, batchId)))
    .returning({ id: pledgeNotices.id, prints: pledgeNotices.prints });
}

/** Whether a pledge of the company is closed; undefined when there is no such pledge. */
export async function findPledgeClosedDate(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<{ id: number; closedDate: string | null } | undefined> {
  const [pledge] = await db
    .select({ id: pledges.id, closedDate: pledges.closedDate })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
    .limit(1);
  return pledge;
}

export async function insertReminder(tx: Tx, values: NewReminder): Promise<ReminderRecord> {
  const [saved] = await tx.insert(pledgeReminders).values(values).returning();
  if (!saved) throw new Error('reminder insert returned no row');
  return saved;
}
