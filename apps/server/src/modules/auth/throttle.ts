import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/**
 * Failed sign-in throttling (ARCHITECTURE §6), stored in the database so several processes agree.
 *
 * - Per account: after 5 failures in 15 minutes the account waits 30 s, doubling with each further
 *   failure up to 5 minutes. The cap is short on purpose: a stranger guessing at a clerk's name can
 *   delay the clerk by minutes, never lock them out for the day.
 * - Per address: after 20 failures in 15 minutes the address waits 15 minutes. That is what stops
 *   someone trying many accounts from one machine.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  account: { freeFailures: 5, firstLockMs: 30_000, maxLockMs: 5 * 60_000 },
  address: { freeFailures: 20, lockMs: 15 * 60_000 },
} as const;

export const accountKey = (username: string) => `user:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `ip:${ip}`;

/**
 * The throttle state of these keys: seconds until the first is free again (0 when none is locked),
 * and which keys have a failure record at all (so a clean sign-in need not write anything).
 */
export async function throttleState(
  db: Db,
  keys: string[],
): Promise<{ waitSeconds: number; recorded: Set<string> }> {
  const rows = await db
    .select({ key: loginThrottle.key, lockedUntil: loginThrottle.lockedUntil })
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, keys));
  const now = Date.now();
  let waitMs = 0;
  for (const r of rows) {
    if (r.lockedUntil) waitMs = Math.max(waitMs, r.lockedUntil.getTime() - now);
  }
  return {
    waitSeconds: waitMs > 0 ? Math.ceil(waitMs / 1000) : 0,
    recorded: new Set(rows.map((r) => r.key)),
  };
}

function lockMsFor(key: string, failures: number): number {
  if (key.startsWith('ip:')) {
    return failures >= THROTTLE.address.freeFailures ? THROTTLE.address.lockMs : 0;
  }
  const over = failures - THROTTLE.account.freeFailures;
  if (over < 0) return 0;
  return Math.min(THROTTLE.account.firstLockMs * 2 ** over, THROTTLE.account.maxLockMs);
}

export async function recordFailure(db: Db, keys: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const key of keys) {
      // One statement per key: a fresh window when the old one has passed, else one more failure.
      const [row] = await tx
        .insert(loginThrottle)
        .values({ key, failures: 1 })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE.windowMs / 1000}) then 1 else ${loginThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < now() - make_interval(secs => ${THROTTLE.windowMs / 1000}) then now() else ${loginThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: loginThrottle.failures });
      const lockMs = lockMsFor(key, row?.failures ?? 1);
      if (lockMs > 0) {
        await tx
          .update(loginThrottle)
          .set({ lockedUntil: new Date(Date.now() + lockMs) })
          .where(sql`${loginThrottle.key} = ${key}`);
      }
    }
  });
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${key}`);
}
