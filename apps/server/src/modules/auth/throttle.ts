import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/open-db.ts';
import { loginThrottle } from '../../db/schema/index.ts';

/**
 * Failed sign-in throttling (ARCHITECTURE §6), stored in the database so several processes agree.
 * Which and why: docs/decisions.md, "Hardening".
 *
 * - Per account and address: after 5 failures in 15 minutes that account waits 30 s at that address,
 *   doubling with each further failure up to 15 minutes. A stranger guessing at a clerk's name locks
 *   only their own address out, never the clerk at the counter.
 * - Per address: after 20 failures in 15 minutes the address waits 15 minutes. That is what stops
 *   someone trying many accounts from one machine.
 * - Per account, across addresses: after 10 failures in 15 minutes each sign-in of the account is
 *   slowed (0.25 s doubling to 3 s) but never refused, so guessing from many addresses is slow while
 *   the owner still gets in.
 *
 * Every attempt is counted before its password is checked, under a row lock (`admitAttempt`), and
 * a success takes its count back: 60 parallel guesses get exactly the budget checked, not more.
 */
export const THROTTLE = {
  windowMs: 15 * 60_000,
  accountAtAddress: { freeFailures: 5, firstLockMs: 30_000, maxLockMs: 15 * 60_000 },
  address: { freeFailures: 20, lockMs: 15 * 60_000 },
  account: { freeFailures: 10, firstSlowMs: 250, maxSlowMs: 3_000 },
} as const;

/**
 * What the attempts are: a sign-in, or an admin's name and password typed on a clerk's screen to approve
 * a discount, a penalty or a drawer's difference. They are counted apart: five wrong
 * approver passwords typed by a clerk must not lock the admin's own sign-in at that counter, and wrong
 * sign-ins must not spend an approval's budget. Approval keys carry the prefix `approval:`.
 */
export type ThrottleScope = 'sign-in' | 'approval';

const normal = (username: string) => username.trim().toLowerCase();
const prefixOf = (scope: ThrottleScope) => (scope === 'approval' ? 'approval:' : '');
export const accountKey = (username: string, scope: ThrottleScope = 'sign-in') =>
  `${prefixOf(scope)}user:${normal(username)}`;
export const accountAddressKey = (username: string, ip: string, scope: ThrottleScope = 'sign-in') =>
  `${prefixOf(scope)}user@ip:${normal(username)}@${ip}`;
export const addressKey = (ip: string, scope: ThrottleScope = 'sign-in') => `${prefixOf(scope)}ip:${ip}`;
/** The key without its scope's prefix: the budgets are the same in both scopes. */
const bare = (key: string) => key.replace(/^approval:/, '');

/** How the throttle waits; tests replace `sleep` to see the slowing without waiting for it. */
export const throttleClock = {
  sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

function lockMsFor(scoped: string, failures: number): number {
  const key = bare(scoped);
  if (key.startsWith('ip:')) {
    return failures >= THROTTLE.address.freeFailures ? THROTTLE.address.lockMs : 0;
  }
  if (key.startsWith('user@ip:')) {
    const over = failures - THROTTLE.accountAtAddress.freeFailures;
    if (over < 0) return 0;
    return Math.min(THROTTLE.accountAtAddress.firstLockMs * 2 ** over, THROTTLE.accountAtAddress.maxLockMs);
  }
  return 0; // the account across addresses is slowed, never locked
}

function slowMsFor(failures: number): number {
  const over = failures - THROTTLE.account.freeFailures;
  if (over <= 0) return 0;
  return Math.min(THROTTLE.account.firstSlowMs * 2 ** (over - 1), THROTTLE.account.maxSlowMs);
}

export interface Admission {
  /** Seconds until a locked key is free again; 0 when the attempt may check its password. */
  waitSeconds: number;
  /** How long to slow this attempt before checking it. */
  slowMs: number;
}

/**
 * Counts one sign-in attempt against its keys, atomically and before the password is checked: the
 * rows are locked (in key order, so two attempts never deadlock), and an attempt that finds a key
 * locked is refused without being counted. An attempt that brings a key to its budget locks it for
 * the next ones.
 */
export async function admitAttempt(
  db: Db,
  username: string,
  ip: string,
  scope: ThrottleScope = 'sign-in',
): Promise<Admission> {
  const keys = [
    accountKey(username, scope),
    accountAddressKey(username, ip, scope),
    addressKey(ip, scope),
  ].sort();
  return db.transaction(async (tx) => {
    await tx
      .insert(loginThrottle)
      .values(keys.map((key) => ({ key, failures: 0 })))
      .onConflictDoNothing();
    const rows = await tx
      .select()
      .from(loginThrottle)
      .where(inArray(loginThrottle.key, keys))
      .orderBy(loginThrottle.key)
      .for('update');
    const now = Date.now();
    let waitMs = 0;
    for (const r of rows) if (r.lockedUntil) waitMs = Math.max(waitMs, r.lockedUntil.getTime() - now);
    if (waitMs > 0) return { waitSeconds: Math.ceil(waitMs / 1000), slowMs: 0 };

    let slowMs = 0;
    for (const r of rows) {
      const fresh = r.windowStartedAt.getTime() < now - THROTTLE.windowMs;
      const failures = fresh ? 1 : r.failures + 1;
      const lockMs = lockMsFor(r.key, failures);
      if (bare(r.key).startsWith('user:')) slowMs = slowMsFor(failures);
      await tx
        .update(loginThrottle)
        .set({
          failures,
          windowStartedAt: fresh ? new Date(now) : r.windowStartedAt,
          lockedUntil: lockMs > 0 ? new Date(now + lockMs) : null,
        })
        .where(sql`${loginThrottle.key} = ${r.key}`);
    }
    return { waitSeconds: 0, slowMs };
  });
}

/**
 * A sign-in succeeded: its account's counts (at this address and across addresses) start again, and
 * the address gets back the attempt counted for it.
 */
export async function admitSucceeded(
  db: Db,
  username: string,
  ip: string,
  scope: ThrottleScope = 'sign-in',
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(loginThrottle)
      .where(
        inArray(loginThrottle.key, [accountKey(username, scope), accountAddressKey(username, ip, scope)]),
      );
    await tx
      .update(loginThrottle)
      .set({
        failures: sql`greatest(${loginThrottle.failures} - 1, 0)`,
        lockedUntil: sql`case when ${loginThrottle.failures} - 1 >= ${THROTTLE.address.freeFailures} then ${loginThrottle.lockedUntil} end`,
      })
      .where(sql`${loginThrottle.key} = ${addressKey(ip, scope)}`);
  });
}
