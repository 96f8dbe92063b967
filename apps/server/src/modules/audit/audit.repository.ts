import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';

export interface AuditFilter {
  /** The branch, or null: the events of no branch (sign-in attempts for names nobody has). */
  companyId: number | null;
  /** Business days, inclusive, in the time zone given. */
  from?: string;
  to?: string;
  timeZone: string;
  userId?: number;
  entity?: string;
  entityId?: string;
  /**
   * A record as a clerk names it: the records whose number is the typed text
   * (`findRecordKeys`), and, when the text is a plain number, any record of that id.
   */
  record?: { keys: readonly RecordKey[]; id: string | null };
  action?: string;
}

/** One record of the trail: its entity and its id as `audit_events.entity_id` keeps it. */
export interface RecordKey {
  entity: string;
  id: string;
}

interface AuditDbRow {
  id: number | string;
  at: string;
  company_id: number | null;
  user_id: number | null;
  username: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  request_id: string | null;
  route: string | null;
}

/**
 * The filter as SQL. Each filter the screen offers leads one of the three indexes (company and time;
 * company, entity, record and time; company, user and time), so a page is a short index range read
 * newest first whatever the trail's size.
 */
function where(f: AuditFilter): SQL {
  const parts: SQL[] = [
    f.companyId === null ? sql`a.company_id is null` : sql`a.company_id = ${f.companyId}`,
  ];
  if (f.from) parts.push(sql`a.at >= (${f.from}::date)::timestamp at time zone ${f.timeZone}`);
  if (f.to) parts.push(sql`a.at < (${f.to}::date + 1)::timestamp at time zone ${f.timeZone}`);
  if (f.userId !== undefined) parts.push(sql`a.user_id = ${f.userId}`);
  if (f.entity !== undefined) parts.push(sql`a.entity = ${f.entity}`);
  if (f.entityId !== undefined) parts.push(sql`a.entity_id = ${f.entityId}`);
  if (f.record !== undefined) {
    // Each (entity, id) pair leads audit_events_record_idx; nothing found matches nothing.
    const either: SQL[] = f.record.keys.map((k) => sql`(a.entity = ${k.entity} and a.entity_id = ${k.id})`);
    if (f.record.id !== null) either.push(sql`a.entity_id = ${f.record.id}`);
    parts.push(either.length === 0 ? sql`false` : sql`(${sql.join(either, sql` or `)})`);
  }
  if (f.action !== undefined) parts.push(sql`a.action = ${f.action}`);
  return sql.join(parts, sql` and `);
}

/** A page of the trail, newest first, and how many events the filter finds in all. */
export async function findAuditEvents(
  db: DbOrTx,
  f: AuditFilter,
  page: { skip: number; limit: number },
): Promise<{ rows: AuditDbRow[]; total: number }> {
  const w = where(f);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select a.id, a.at, a.company_id, a.user_id, a.username, a.action, a.entity, a.entity_id,
             a.before, a.after, a.reason, a.request_id, a.route
        from audit_events a
       where ${w}
       order by a.at desc, a.id desc
       limit ${page.limit} offset ${page.skip}`),
    db.execute(sql`select count(*)::int as total from audit_events a where ${w}`),
  ]);
  return {
    rows: rowsOf<AuditDbRow>(rows),
    total: rowsOf<{ total: number }>(counted)[0]?.total ?? 0,
  };
}

/** The query of a page, for the plan test. */
export function auditPageQuery(f: AuditFilter): SQL {
  return sql`select a.id from audit_events a where ${where(f)} order by a.at desc, a.id desc limit 50`;
}

/**
 * The records a typed number names: a pledge number (`GL95`), a receipt number
 * (`R/2026-27/000123`), a customer code or a voucher number, each read through its unique index
 * (pledges_company_no_key and payment_receipts_company_no_key on lower(number),
 * customers_company_acc_code_key, vouchers_company_number_key; codes and voucher numbers are upper case).
 */
export async function findRecordKeys(db: DbOrTx, companyId: number, typed: string): Promise<RecordKey[]> {
  const upper = typed.toUpperCase();
  return rowsOf<RecordKey>(
    await db.execute(sql`
      select 'pledge' as entity, id::text as id from pledges
       where company_id = ${companyId} and lower(pledge_no) = lower(${typed})
      union all
      select 'receipt', id::text from payment_receipts
       where company_id = ${companyId} and lower(receipt_no) = lower(${typed})
      union all
      select 'customer', id::text from customers
       where company_id = ${companyId} and acc_code in (${typed}, ${upper})
      union all
      select 'voucher', id::text from vouchers
       where company_id = ${companyId} and voucher_number in (${typed}, ${upper})`),
  );
}

/** The entities named by their number rather than their id, and where the number is. */
const NUMBERED: Record<string, { table: string; column: string }> = {
  pledge: { table: 'pledges', column: 'pledge_no' },
  receipt: { table: 'payment_receipts', column: 'receipt_no' },
  customer: { table: 'customers', column: 'acc_code' },
  voucher: { table: 'vouchers', column: 'voucher_number' },
};

/**
 * The numbers of the records a page of the trail names (`pledge 301` → `GL95`), by entity and id,
 * through each table's primary key; a record deleted since is not found (its snapshot may name it).
 */
export async function findRecordNumbers(
  db: DbOrTx,
  companyId: number | null,
  keys: readonly RecordKey[],
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (companyId === null) return found;
  const parts: SQL[] = [];
  for (const [entity, where] of Object.entries(NUMBERED)) {
    const ids = [
      ...new Set(keys.filter((k) => k.entity === entity && /^\d{1,9}$/.test(k.id)).map((k) => Number(k.id))),
    ];
    if (ids.length === 0) continue;
    parts.push(sql`select ${entity}::text as entity, t.id::text as id, t.${sql.raw(where.column)} as label
                     from ${sql.raw(where.table)} t
                    where t.company_id = ${companyId} and t.id in (${sql.join(
                      ids.map((id) => sql`${id}`),
                      sql`, `,
                    )})`);
  }
  if (parts.length === 0) return found;
  const rows = rowsOf<RecordKey & { label: string }>(await db.execute(sql.join(parts, sql` union all `)));
  for (const r of rows) found.set(`${r.entity}:${r.id}`, r.label);
  return found;
}

/** The names of users by id (`created_by 2` → `meena`), for the ids a page of the trail holds. */
export async function findUserNames(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<{ id: number; username: string }>(
    await db.execute(
      sql`select id, username from users where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
