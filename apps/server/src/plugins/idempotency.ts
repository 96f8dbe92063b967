/**
 * Idempotency-Key on money-moving POSTs (apps/server/README.md, "Money POSTs and the Idempotency-Key"). A
 * route opts in with `config: { idempotent: true }`. A request with the header reserves the key (per company
 * and user) before its handler runs, with a lease of LEASE_SECONDS; a 2xx answer is kept against it. A retry
 * with the same key and body gets the kept answer (header `Idempotent-Replayed: true`) and nothing is done
 * twice; the same key with another body is a 422. While the first request runs (its lease), a retry is a 409.
 * Any other answer, 4xx or 5xx, frees the key: only a committed answer is replayed.
 * A request cut off without an answer (the process killed) leaves its reservation, which a retry takes
 * over once the lease has passed, instead of meeting a 409 for a day. Keys older than a day are swept
 * hourly.
 *
 * What makes freeing and taking over safe: the money service marks the key committed inside its own
 * transaction (markIdempotentCommit). A key whose work committed is never freed nor taken over, even
 * when its answer was lost (a 5xx after the commit, or the process killed between the commit and the
 * answer): a retry then meets a 409 that says the request was saved, and posts nothing twice.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NO_DISK_WAIT, withoutDiskWait } from '../db/async-commit.ts';
import type { Db, Tx } from '../db/open-db.ts';
import { rowsOf } from '../db/rows.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** POST routes that move money: an Idempotency-Key header makes a retry safe. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request reserved, until its answer is kept. */
    idempotency: IdempotencyRef | null;
  }
}

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
const KEEP_HOURS = 24;
/** Longer than any money request takes; the column's default in the migration says the same. */
export const LEASE_SECONDS = 120;

/** JSON with object keys sorted, so the same body always hashes the same. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The body as the key's hash takes it: an approving admin's password (typed on a clerk's
 * payment screen) is left out, so no hash of it is ever stored; the approver's name stays, so a retry
 * approved by another admin is still another request.
 */
export function withoutSecrets(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const approver = (body as { approver?: unknown }).approver;
  if (approver === null || typeof approver !== 'object') return body;
  const { password: _password, ...rest } = approver as Record<string, unknown>;
  return { ...(body as Record<string, unknown>), approver: rest };
}

/** Deletes the keys older than a day; answers how many went. */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEEP_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** The key a request reserved (request.idempotency), which its money service marks committed. */
export type IdempotencyRef = {
  companyId: number;
  userId: number;
  key: string;
  /**
   * The answer a retry replays, kept with the committed mark by the money transaction itself
   * (markIdempotentCommit's `answer`); the plugin then writes nothing after the answer is sent.
   */
  kept?: { statusCode: number };
};

/**
 * Marks the request's key as committed, in the money transaction itself (call it inside the service's
 * `db.transaction` with its `tx`): the mark commits exactly when the money does. No key: nothing.
 * With `answer` (the status and body the route will send), the answer a retry replays is kept in the
 * same statement, instead of in a transaction of its own once it is sent.
 */
export async function markIdempotentCommit(
  tx: Tx,
  ref: IdempotencyRef | null | undefined,
  answer?: { statusCode: number; body: unknown },
): Promise<void> {
  if (!ref) return;
  await tx
    .update(idempotencyKeys)
    .set({
      committedAt: sql`now()`,
      ...(answer ? { statusCode: answer.statusCode, responseBody: answer.body } : {}),
    })
    .where(keyRow(ref));
  // Read by the plugin only when the request answers 2xx, which it does only once this commits.
  if (answer) ref.kept = { statusCode: answer.statusCode };
}

/** The row of one caller's key. */
const keyRow = (k: { companyId: number; userId: number; key: string }) =>
  and(
    eq(idempotencyKeys.companyId, k.companyId),
    eq(idempotencyKeys.userId, k.userId),
    eq(idempotencyKeys.key, k.key),
  );

/** How often old keys go: hourly, off the request path (not at start-up either: nothing is due then). */
export const IDEMPOTENCY_SWEEP_MS = 3_600_000;

async function idempotencyPlugin(app: FastifyInstance, opts: { db: Db; sweep: boolean }) {
  const { db } = opts;

  app.decorateRequest('idempotency', null);

  // With several processes (cluster.ts) the primary sweeps instead, so one process does it.
  if (opts.sweep) {
    const sweeper = setInterval(() => {
      sweepIdempotencyKeys(db).catch((err: unknown) => app.log.warn({ err }, 'idempotency key sweep failed'));
    }, IDEMPOTENCY_SWEEP_MS);
    sweeper.unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
  }

  app.addHook('onRoute', (route) => {
    if (route.config?.idempotent && [route.method].flat().some((m) => m !== 'POST')) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} is idempotent by nature; only POSTs opt in`,
      );
    }
  });

  app.addHook('preHandler', async (request, reply) => {
    if (!request.routeOptions.config.idempotent) return;
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0] : raw;
    if (!key || !KEY_PATTERN.test(key)) {
      throw new AppError('BAD_IDEMPOTENCY_KEY', 400, 'Idempotency-Key must be 1 to 255 visible characters.');
    }
    const user = request.user;
    if (!user) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = createHash('sha256')
      .update(stableJson(withoutSecrets(request.body)))
      .digest('hex');

    // One statement, its own transaction, without a disk wait (async-commit.ts).
    const reserved = rowsOf<{ key: string }>(
      await db.execute(sql`
        with ${NO_DISK_WAIT}
        insert into idempotency_keys (company_id, user_id, key, route, request_hash)
        select ${request.companyId}, ${user.id}, ${key}, ${route}, ${requestHash} from no_disk_wait
        on conflict do nothing
        returning key`),
    );
    const mine = { companyId: request.companyId, userId: user.id, key };
    if (reserved.length === 1) {
      request.idempotency = mine;
      return;
    }
    const [earlier] = await db
      .select()
      .from(idempotencyKeys)
      .where(keyRow({ companyId: request.companyId, userId: user.id, key }));
    if (!earlier) {
      throw AppError.conflict(
        'IDEMPOTENCY_RETRY',
        'This request was being retried at the same moment. Try again.',
      );
    }
    if (earlier.route !== route || earlier.requestHash !== requestHash) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        422,
        'This Idempotency-Key was already used for a different request.',
        [
          {
            loc: ['header', 'idempotency-key'],
            msg: 'Already used for a different request.',
            type: 'value_error',
          },
        ],
      );
    }
    if (earlier.statusCode === null && earlier.committedAt !== null) {
      throw AppError.conflict(
        'IDEMPOTENCY_SAVED',
        'This request was saved, but its answer was lost. Check the list; do not enter it again.',
      );
    }
    if (earlier.statusCode === null) {
      // A reservation past its lease belongs to a request that was cut off: take it over, in one
      // statement so two retries cannot both win.
      const taken = await db
        .update(idempotencyKeys)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`, createdAt: sql`now()` })
        .where(
          and(
            keyRow(mine),
            isNull(idempotencyKeys.statusCode),
            isNull(idempotencyKeys.committedAt),
            lt(idempotencyKeys.leaseUntil, sql`now()`),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (taken.length === 1) {
        request.idempotency = mine;
        return;
      }
      throw AppError.conflict(
        'IDEMPOTENCY_IN_PROGRESS',
        'This request is still being processed, or was cut off. Check the list before trying again.',
      );
    }
    reply.header('idempotent-replayed', 'true');
    return reply.code(earlier.statusCode).send(earlier.responseBody);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = request.idempotency;
    if (!pending) return payload;
    request.idempotency = null;
    const where = keyRow(pending);
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      // Kept by the money transaction with its committed mark: nothing more to write.
      if (pending.kept?.statusCode === reply.statusCode) return payload;
      const body = typeof payload === 'string' && payload !== '' ? JSON.parse(payload) : null;
      await withoutDiskWait(db, (tx) =>
        tx.update(idempotencyKeys).set({ statusCode: reply.statusCode, responseBody: body }).where(where),
      );
    } else {
      // Nothing to replay: a refused request did nothing, and a failed one rolled its transaction
      // back. Keeping the key would answer the corrected retry with a 409 or a 422. A request that
      // failed after its work committed keeps the key, so that no retry does the work twice.
      await db
        .delete(idempotencyKeys)
        .where(and(where, isNull(idempotencyKeys.statusCode), isNull(idempotencyKeys.committedAt)));
    }
    return payload;
  });
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['access'] });
