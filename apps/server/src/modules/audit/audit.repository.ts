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
  action?: string;
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
