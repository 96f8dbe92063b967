import { LANGUAGES, userViewSchema as userRecordSchema } from '@pledge-desk/domain';
import { z } from 'zod';
import { PERMISSIONS, permissionsFor, type Role } from '../../plugins/permissions.ts';
import type { UserRow } from '../users/users.repository.ts';

/** The signed-in user (login, /users/me): the users screen's record plus the permissions. */
export const userViewSchema = userRecordSchema.extend({
  permissions: z.array(z.enum(PERMISSIONS)),
  // The interface language the user chose; null: the company's default.
  language: z.enum(LANGUAGES).nullable(),
});
export type UserView = z.infer<typeof userViewSchema>;

/** The user as the screens read it (spec §3 User), with the permissions the web app hides by. */
export function toUserView(
  u: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'companyId' | 'createdAt' | 'language'>,
  staffCanHandlePledges: boolean,
): UserView {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    role: u.role as Role,
    company_id: u.companyId,
    created_at: new Date(u.createdAt).toISOString(),
    permissions: permissionsFor(u.role as Role, staffCanHandlePledges),
    language: u.language === 'en' || u.language === 'ta' ? u.language : null,
  };
}
