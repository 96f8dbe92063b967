import { z } from 'zod';
import { PERMISSIONS, permissionsFor, type Role } from '../../plugins/permissions.ts';
import type { UserRow } from '../users/users.repository.ts';

export const userViewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(['admin', 'user']),
  company_id: z.number().int(),
  created_at: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type UserView = z.infer<typeof userViewSchema>;

/** The user as the screens read it (spec §3 User), with the permissions the web app hides by. */
export function toUserView(
  u: Pick<UserRow, 'id' | 'username' | 'email' | 'role' | 'companyId' | 'createdAt'>,
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
  };
}
