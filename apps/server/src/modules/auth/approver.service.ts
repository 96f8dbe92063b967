import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { verifyPassword } from './passwords.ts';
import { admitAttempt, admitSucceeded, throttleClock } from './throttle.ts';

// An admin's approval typed on a clerk's screen: a discount or penalty, a drawer's difference, a
// renewal's heavier article (docs/domain-rules.md §7.4).

export const APPROVER_MESSAGES = {
  approverWrong: 'The approver’s username or password is wrong.',
  tooManyAttempts: (seconds: number) => `Too many wrong approver passwords. Try again in ${seconds} seconds.`,
} as const;

const approverError = () =>
  new AppError('VALIDATION', 422, APPROVER_MESSAGES.approverWrong, [
    { loc: ['body', 'approver', 'password'], msg: APPROVER_MESSAGES.approverWrong, type: 'value_error' },
  ]);

/**
 * A refused approver, answered out of the money transaction instead of thrown in it: the transaction
 * then commits what the check wrote (the throttle's count, the audit of the refusal) and nothing else,
 * since nothing of the money is written yet; the caller throws `error` after the commit
 * (`unlessRefused`). Every approval (a drawer's difference, a payment's discount or penalty, a
 * renewal's heavier article) is checked so, inside the transaction it allows (docs/domain-rules.md §7.4).
 */
export class RefusedApproval {
  constructor(readonly error: AppError) {}
}

/** The transaction's answer, or the refused approval it carried out thrown now that it has committed. */
export function unlessRefused<T>(outcome: T | RefusedApproval): T {
  if (outcome instanceof RefusedApproval) throw outcome.error;
  return outcome;
}

/**
 * The admin who approves a step by typing their name and password on the clerk's screen: checked
 * as sign-in checks a password (argon2id, the sign-in throttle's budgets counted in their own
 * 'approval' scope, one answer whether the name or the password is wrong, or the user is no admin).
 * Admins work for every company (docs/domain-rules.md §7.4). Called inside the transaction of the step
 * it approves; a refusal thrown here is carried out of it as a RefusedApproval.
 */
async function verifyApprover(
  db: Db,
  approver: { username: string; password: string },
  ip: string,
): Promise<number> {
  // Counted apart from sign-ins: a clerk's wrong guesses never lock the admin out.
  const { waitSeconds, slowMs } = await admitAttempt(db, approver.username, ip, 'approval');
  if (waitSeconds > 0) {
    throw new AppError('TOO_MANY_ATTEMPTS', 429, APPROVER_MESSAGES.tooManyAttempts(waitSeconds), undefined, {
      'retry-after': String(waitSeconds),
    });
  }
  if (slowMs > 0) await throttleClock.sleep(slowMs);
  const user = await findUserByUsername(db, approver.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, approver.password);
  if (!user || !ok || user.role !== 'admin') {
    // Kept in the audit trail as a failed sign-in is: someone tried an approver's name with a wrong password,
    // or a name that cannot approve. The clerk who asked is the request's user; the row stands alone.
    await recordAudit(db, {
      action: 'approval_failed',
      entity: 'approval',
      after: {
        approver_username: approver.username,
        refused: !user || !ok ? 'wrong name or password' : 'not an admin',
      },
    });
    throw approverError();
  }
  await admitSucceeded(db, approver.username, ip, 'approval');
  return user.id;
}

/**
 * The approver checked inside the transaction of the step it approves: their user id, or the refusal
 * as a RefusedApproval for the transaction to answer with (so the throttle's count and the audit of
 * the refusal commit, and nothing of the step does). The one way every approval is checked.
 */
export async function approverInTransaction(
  tx: Tx,
  approver: { username: string; password: string },
  ip: string,
): Promise<number | RefusedApproval> {
  try {
    return await verifyApprover(tx, approver, ip);
  } catch (err) {
    if (err instanceof AppError) return new RefusedApproval(err);
    throw err;
  }
}
