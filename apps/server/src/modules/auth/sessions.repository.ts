import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { NO_DISK_WAIT } from '../../db/async-commit.ts';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { SESSION_CHANNEL } from './session-cache.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new opaque 256-bit token; only its hash is stored. */
export async function createSession(
  tx: Tx,
  input: { userId: number; hours: number; ip: string | null; userAgent: string | null },
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + input.hours * 3_600_000);
  const [row] = await tx
    .insert(sessions)
    .values({
      userId: input.userId,
      tokenHash: hashToken(token),
      expiresAt,
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  return { id: row!.id, token, expiresAt };
}

export type FoundSession = NonNullable<Awaited<ReturnType<typeof findSessionByToken>>>;

export async function findSessionByToken(db: DbOrTx, token: string) {
  const rows = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .limit(1);
  return rows[0];
}

/**
 * Moves the idle clock to now; only forward, should a clock step back (a test's, or NTP's). One
 * statement in its own transaction without a disk wait (async-commit.ts): a clock lost to a crash only
 * makes the session look idle a little early.
 */
export async function touchSessionWithoutDiskWait(db: Db, sessionId: number): Promise<void> {
  await db.execute(sql`
    with ${NO_DISK_WAIT}
    update sessions set last_seen_at = greatest(last_seen_at, now())
      from no_disk_wait
     where sessions.id = ${sessionId}`);
}

export async function revokeSession(tx: Tx, sessionId: number): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/**
 * Tells every server process, if the transaction commits, that the user's sessions changed (signed
 * out, password or role changed, deleted): each forgets what it keeps of them (session-cache.ts). Call
 * it inside the transaction that makes the change, then sessionChanged with the same nonce after it.
 */
export async function announceSessionChange(tx: Tx, userId: number, nonce: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SESSION_CHANNEL}, ${`${userId}:${nonce}`})`);
}

/**
 * Ends every session of a user: password change, demotion, deletion (apps/server/README.md, "Sessions
 * and files").
 */
export async function revokeUserSessions(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
