/**
 * The audit trail: every write appends one row to `audit_events` in its own
 * transaction: when, who, which branch, what (entity and id), the record before and after (money in
 * rupees), the reason where one was asked, and the request id.
 *
 * A service calls `recordAudit(tx, …)` inside the transaction that makes the change, so the row commits
 * exactly when the change does and a refused or failed write leaves none. Who, branch and request come
 * from the request being served, carried to the service by an AsyncLocalStorage scope that this plugin
 * opens around every /api handler; outside a request (first start, the demo seed, command-line tools)
 * the row names no user.
 *
 * With `strict` (the tests), a write route (POST, PUT, PATCH, DELETE) that answers 2xx without having
 * recorded exactly one event fails with a 500 naming it, so a route that forgets its row, or writes
 * two, cannot pass a test that calls it. A replayed Idempotency-Key answer did nothing and records
 * nothing; a route that changes nothing (a preview) says so with `config: { audit: false }`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/open-db.ts';
import { rowsOf } from '../db/rows.ts';
import { auditEvents } from '../db/schema/index.ts';
// The request's `user` and `companyId` are declared by the access plugin.
import type { AuthUser } from './access.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` on a POST that changes nothing (a preview): it records no audit event. */
    audit?: false;
  }
  interface FastifyRequest {
    /** The audit scope of this request (set before its handler runs). */
    auditScope: AuditScope | null;
  }
}

interface AuditScope {
  request: FastifyRequest;
  /** Events recorded while serving the request (rolled back ones included: the answer is then an error). */
  recorded: number;
}

const scopes = new AsyncLocalStorage<AuditScope>();

export interface AuditEvent {
  /** create, update, delete, or the state change (release, reverse, close, reopen, sign_in…). */
  action: string;
  /** pledge, receipt, voucher, customer, company, user, session… */
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
  /**
   * The record after, as a query the audit row's insert runs itself (one statement instead of two);
   * instead of `after`. Give `companyId` with it: outside a request the branch is not read from it.
   */
  afterQuery?: SQL;
  reason?: string | null;
  /** The branch; by default the request's company (X-Company-Id, or the user's own). */
  companyId?: number | null;
  /** Who, when the request has no signed-in user yet (a sign-in names the account it was for). */
  actor?: { id: number | null; username: string | null };
}

/** The request being served, when called while serving one. */
export function currentRequest(): FastifyRequest | undefined {
  return scopes.getStore()?.request;
}

/**
 * Appends one audit event. Call it inside the transaction that makes the change (`tx`), after the
 * change, so that the row and the change commit together. A sign-in that fails has no transaction to
 * share: it passes the database handle and its row stands alone.
 */
export async function recordAudit(db: DbOrTx, event: AuditEvent): Promise<void> {
  const scope = scopes.getStore();
  const request = scope?.request;
  const user: AuthUser | null = request?.user ?? null;
  const actor =
    event.actor ?? (user ? { id: user.id, username: user.username } : { id: null, username: null });
  const companyId =
    event.companyId !== undefined
      ? event.companyId
      : request
        ? request.companyId || null
        : // Outside a request (the demo seed, test fixtures and tools call services directly): the
          // branch of the record itself, as its snapshot names it.
          (companyOf(event.after) ?? companyOf(event.before));
  await db.insert(auditEvents).values({
    companyId,
    userId: actor.id,
    username: actor.username,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    before: jsonOrNull(event.before),
    after: event.afterQuery ?? jsonOrNull(event.after),
    reason: event.reason ?? null,
    requestId: request ? String(request.id) : null,
    route: request?.routeOptions.url ? `${request.method} ${request.routeOptions.url}` : null,
  });
  if (scope) scope.recorded += 1;
}

const jsonOrNull = (v: unknown) => (v === undefined ? null : v);

/** The `company_id` of a record's snapshot, when it has one. */
function companyOf(snapshot: unknown): number | null {
  if (snapshot === null || typeof snapshot !== 'object') return null;
  const id = (snapshot as { company_id?: unknown }).company_id;
  return typeof id === 'number' && Number.isInteger(id) ? id : null;
}

/** Columns never copied into the trail: secrets, and file bytes (a file is named by its id). */
const SECRET_COLUMNS = ['password_hash', 'token_hash', 'data'];

/**
 * One row of `table` as JSON, as PostgreSQL writes it (numeric amounts as numbers of rupees, dates as
 * YYYY-MM-DD), without secrets; null when there is none. `companyId` null: a table without one
 * (companies itself). Table and column names are ours, never a request's.
 */
export async function rowSnapshot(
  db: DbOrTx,
  table: string,
  companyId: number | null,
  id: number | string,
  idColumn = 'id',
): Promise<Record<string, unknown> | null> {
  const scoped = companyId === null ? sql`` : sql` and t.company_id = ${companyId}`;
  const rows = rowsOf<{ row: Record<string, unknown> }>(
    await db.execute(
      sql`select to_jsonb(t) - ${sql.raw(secretList())} as row from ${sql.raw(table)} t
           where t.${sql.raw(idColumn)} = ${id}${scoped}`,
    ),
  );
  return rows[0]?.row ?? null;
}

/** The rows of `table` that belong to a parent (a voucher's lines, a pledge's articles), by id. */
export async function childRowsSnapshot(
  db: DbOrTx,
  table: string,
  companyId: number,
  parentColumn: string,
  parentId: number,
): Promise<Record<string, unknown>[]> {
  const rows = rowsOf<{ rows: Record<string, unknown>[] | null }>(
    await db.execute(
      sql`select jsonb_agg(to_jsonb(t) - ${sql.raw(secretList())} order by t.id) as rows
            from ${sql.raw(table)} t
           where t.company_id = ${companyId} and t.${sql.raw(parentColumn)} = ${parentId}`,
    ),
  );
  return rows[0]?.rows ?? [];
}

const secretList = () => `array[${SECRET_COLUMNS.map((c) => `'${c}'`).join(',')}]::text[]`;

/**
 * A row with its children under `key`, as `withChildren(rowSnapshot(…), key, childRowsSnapshot(…))`
 * makes it, in one statement instead of two (a payment's receipt with its payment rows).
 */
export async function rowWithChildrenSnapshot(
  db: DbOrTx,
  s: ChildrenSnapshot,
): Promise<Record<string, unknown> | null> {
  const rows = rowsOf<{ row: Record<string, unknown> | null }>(
    await db.execute(sql`select ${rowWithChildrenSnapshotSql(s)} as row`),
  );
  return rows[0]?.row ?? null;
}

interface ChildrenSnapshot {
  table: string;
  companyId: number;
  id: number;
  key: string;
  childTable: string;
  parentColumn: string;
}

/**
 * rowWithChildrenSnapshot as an expression (a scalar subquery, null when there is no row), for
 * recordAudit's `afterQuery`: the audit row's insert reads the snapshot itself.
 */
export function rowWithChildrenSnapshotSql(s: ChildrenSnapshot): SQL {
  return sql`(select (to_jsonb(t) - ${sql.raw(secretList())}) || jsonb_build_object(${s.key}::text, coalesce((
                 select jsonb_agg(to_jsonb(c) - ${sql.raw(secretList())} order by c.id)
                   from ${sql.raw(s.childTable)} c
                  where c.company_id = ${s.companyId} and c.${sql.raw(s.parentColumn)} = ${s.id}), '[]'::jsonb))
            from ${sql.raw(s.table)} t
           where t.id = ${s.id} and t.company_id = ${s.companyId})`;
}

/** A snapshot with its children under `key` (a voucher with `lines`, a pledge with `items`). */
export function withChildren(
  row: Record<string, unknown> | null,
  key: string,
  children: Record<string, unknown>[],
): Record<string, unknown> | null {
  return row ? { ...row, [key]: children } : null;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

async function auditPlugin(app: FastifyInstance, opts: { strict: boolean }) {
  app.decorateRequest('auditScope', null);

  // Opened last before the handler (the body is parsed, the caller known), so everything the handler
  // awaits runs inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.routeOptions.url?.startsWith('/api')) return done();
    const scope: AuditScope = { request, recorded: 0 };
    request.auditScope = scope;
    scopes.run(scope, done);
  });

  if (!opts.strict) return;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api') || !WRITES.has(request.method)) return payload;
    if (request.routeOptions.config.audit === false) return payload;
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    if (reply.getHeader('idempotent-replayed')) return payload;
    const recorded = request.auditScope?.recorded ?? 0;
    if (recorded !== 1) {
      const message = `Audit: ${request.method} ${url} answered ${reply.statusCode} having recorded ${recorded} audit events, not 1`;
      // The 500 hides its detail (plugins/errors.ts); the test's output shows this instead.
      console.error(message);
      throw new Error(message);
    }
    return payload;
  });
}

export default fp(auditPlugin, { name: 'audit' });
