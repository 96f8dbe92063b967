import type { Db } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { findUserByUsername, type UserRow } from '../users/users.repository.ts';
import { verifyPassword } from './passwords.ts';
import { changeNonce, sessionChanged } from './session-cache.ts';
import { announceSessionChange, createSession, revokeSession } from './sessions.repository.ts';
import { admitAttempt, admitSucceeded, throttleClock } from './throttle.ts';

export interface SignInInput {
  username: string;
  password: string;
  ip: string;
  userAgent: string | null;
  /** How long the new session lasts (`config.sessionHours`). */
  hours: number;
}

/** Signs in: the throttle, the password, then the session and its audit row in one transaction. */
export async function signIn(db: Db, input: SignInInput): Promise<{ token: string; user: UserRow }> {
  const { username, password, ip } = input;
  const { waitSeconds: wait, slowMs } = await admitAttempt(db, username, ip);
  if (wait > 0) {
    // Kept in the audit trail, as every failed sign-in is: who was tried, from where, and why it failed.
    const tried = await findUserByUsername(db, username);
    await recordAudit(db, {
      action: 'sign_in_failed',
      entity: 'session',
      companyId: tried?.companyId ?? null,
      actor: { id: tried?.id ?? null, username },
      after: { ip, refused: 'too many attempts', wait_seconds: wait },
    });
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      429,
      `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
      undefined,
      { 'retry-after': String(wait) },
    );
  }
  if (slowMs > 0) await throttleClock.sleep(slowMs);
  const user = await findUserByUsername(db, username);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !ok) {
    // The attempt was counted as a failure before the check. The audit row stands alone (there is
    // no change to share a transaction with). The same answer whether or not the user exists.
    await recordAudit(db, {
      action: 'sign_in_failed',
      entity: 'session',
      companyId: user?.companyId ?? null,
      actor: { id: user?.id ?? null, username },
      after: { ip, refused: user ? 'wrong password' : 'no such user' },
    });
    throw new AppError('INVALID_CREDENTIALS', 401, 'Invalid username or password', undefined, {
      'www-authenticate': 'Bearer',
    });
  }
  await admitSucceeded(db, username, ip);
  const { token } = await db.transaction(async (tx) => {
    const session = await createSession(tx, {
      userId: user.id,
      hours: input.hours,
      ip,
      userAgent: input.userAgent,
    });
    await recordAudit(tx, {
      action: 'sign_in',
      entity: 'session',
      entityId: session.id,
      companyId: user.companyId,
      actor: { id: user.id, username: user.username },
      after: { ip, expires_at: session.expiresAt.toISOString() },
    });
    return session;
  });
  return { token, user };
}

/**
 * Ends this session (if there is one) with its audit row; every process forgets it before the
 * sign-out is answered (session-cache.ts).
 */
export async function signOut(db: Db, sessionId: number | null, userId: number): Promise<void> {
  const nonce = changeNonce();
  await db.transaction(async (tx) => {
    if (sessionId) await revokeSession(tx, sessionId);
    await announceSessionChange(tx, userId, nonce);
    await recordAudit(tx, { action: 'sign_out', entity: 'session', entityId: sessionId });
  });
  await sessionChanged(db, userId, nonce);
}
