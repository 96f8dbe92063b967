import { type Language, USER_MESSAGES } from '@pledge-desk/domain';
import type { Db, Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import type { Role } from '../../plugins/permissions.ts';
import { changeNonce, sessionChanged } from '../auth/session-cache.ts';
import { announceSessionChange, revokeUserSessions } from '../auth/sessions.repository.ts';
import { resolveCompany } from '../companies/company-scope.ts';
import {
  deleteUser,
  findNameClashes,
  insertUser,
  lockAdminIds,
  lockUser,
  setUserLanguage,
  type UserRow,
  updateUser,
} from './users.repository.ts';

export const USER_CONFLICTS = {
  usernameTaken: 'This username is already taken.',
  emailTaken: 'This email is already used by another user.',
  lastAdminDelete: 'The last admin cannot be deleted.',
  lastAdminDemote: 'The last admin cannot be made a user.',
  companyMissing: 'Please select a company',
  companyForbidden: 'You can only add users to the selected company.',
} as const;

export interface UserValues {
  username: string;
  email: string;
  role: Role;
  companyId: number;
}

// The unique indexes are the last word when two requests take the same name at once.
const uniqueNames = rethrowConstraint({
  users_username_lower_key: AppError.field('username', USER_CONFLICTS.usernameTaken),
  users_email_lower_key: AppError.field('email', USER_CONFLICTS.emailTaken),
});

/** Both clashes at once, so the form can mark both fields. */
async function assertNamesFree(tx: Tx, values: UserValues, exceptId?: number): Promise<void> {
  const clash = await findNameClashes(tx, { username: values.username, email: values.email, exceptId });
  const fields: FieldError[] = [];
  if (clash.username)
    fields.push({ loc: ['body', 'username'], msg: USER_CONFLICTS.usernameTaken, type: 'value_error' });
  if (clash.email)
    fields.push({ loc: ['body', 'email'], msg: USER_CONFLICTS.emailTaken, type: 'value_error' });
  if (fields[0]) throw new AppError('VALIDATION', 422, fields[0].msg, fields);
}

/**
 * The company a user record goes to: the one named in the body, else the selected one (the one
 * resolver, docs/domain-rules.md §7.2: admins may name any that exists), refused as a field error the form shows.
 */
export function companyForUser(
  db: Db,
  request: { user: { role: Role } | null; companyId: number },
  named: number | null | undefined,
): Promise<number> {
  return resolveCompany(db, request, named, (reason) =>
    AppError.field(
      'company_id',
      reason === 'forbidden' ? USER_CONFLICTS.companyForbidden : USER_CONFLICTS.companyMissing,
    ),
  );
}

/**
 * A user as the trail keeps it: the row without its password hash (rowSnapshot leaves it out). Read by
 * id alone, since a user may be moved to another company.
 */
const userSnapshot = (tx: Tx, id: number) => rowSnapshot(tx, 'users', null, id);

export async function createUserAccount(
  db: Db,
  values: UserValues & { passwordHash: string },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    await assertNamesFree(tx, values);
    const row = await insertUser(tx, values).catch(uniqueNames);
    // The snapshot leaves the password hash out.
    const after = await userSnapshot(tx, row.id);
    await recordAudit(tx, { action: 'create', entity: 'user', entityId: row.id, after });
    return row;
  });
}

/**
 * Edits a user of the selected company. A new password or another role ends the user's sessions
 * (apps/server/README.md, "Sessions and files"): their permissions or credentials are no longer what
 * they signed in with.
 */
export async function updateUserAccount(
  db: Db,
  input: { companyId: number; userId: number; values: UserValues; passwordHash?: string },
): Promise<UserRow> {
  const nonce = changeNonce();
  const saved = await db.transaction(async (tx) => {
    const adminIds = await lockAdminIds(tx);
    const current = await lockUser(tx, input.userId);
    if (!current || current.companyId !== input.companyId) throw AppError.notFound('User');
    if (
      current.role === 'admin' &&
      input.values.role !== 'admin' &&
      !adminIds.some((id) => id !== current.id)
    ) {
      throw AppError.conflict('LAST_ADMIN', USER_CONFLICTS.lastAdminDemote);
    }
    await assertNamesFree(tx, input.values, current.id);
    const before = await userSnapshot(tx, current.id);
    const row = await updateUser(tx, current.id, { ...input.values, passwordHash: input.passwordHash }).catch(
      uniqueNames,
    );
    if (!row) throw AppError.notFound('User');
    if (input.passwordHash || input.values.role !== current.role) await revokeUserSessions(tx, current.id);
    // Every process forgets what it keeps of the user's sessions (their name, role and company too).
    await announceSessionChange(tx, current.id, nonce);
    // A new password shows only as the fact that it changed, never the password or its hash.
    const after = await userSnapshot(tx, current.id);
    await recordAudit(tx, {
      action: 'update',
      entity: 'user',
      entityId: current.id,
      before,
      after: input.passwordHash && after ? { ...after, password_changed: true } : after,
    });
    return row;
  });
  await sessionChanged(db, saved.id, nonce);
  return saved;
}

/** Deletes a user of the selected company; never oneself, never the last admin (docs/domain-rules.md §7.3). */
export async function deleteUserAccount(
  db: Db,
  input: { actorId: number; companyId: number; userId: number },
): Promise<void> {
  const nonce = changeNonce();
  await db.transaction(async (tx) => {
    const adminIds = await lockAdminIds(tx);
    const current = await lockUser(tx, input.userId);
    if (!current || current.companyId !== input.companyId) throw AppError.notFound('User');
    if (current.id === input.actorId) throw AppError.conflict('DELETE_SELF', USER_MESSAGES.deleteSelf);
    if (current.role === 'admin' && !adminIds.some((id) => id !== current.id)) {
      throw AppError.conflict('LAST_ADMIN', USER_CONFLICTS.lastAdminDelete);
    }
    const before = await userSnapshot(tx, current.id);
    // Sessions go with the user (ON DELETE CASCADE).
    await deleteUser(tx, current.id);
    await announceSessionChange(tx, current.id, nonce);
    await recordAudit(tx, { action: 'delete', entity: 'user', entityId: current.id, before });
  });
  await sessionChanged(db, input.userId, nonce);
}

/** Sets the signed-in user's interface language, kept in the trail as a settings change. */
export async function changeOwnLanguage(db: Db, userId: number, language: Language): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const current = await lockUser(tx, userId);
    if (!current) throw AppError.notFound('User');
    const before = await userSnapshot(tx, current.id);
    const row = await setUserLanguage(tx, current.id, language);
    if (!row) throw AppError.notFound('User');
    const after = await userSnapshot(tx, current.id);
    await recordAudit(tx, { action: 'settings', entity: 'user', entityId: current.id, before, after });
    return row;
  });
}
