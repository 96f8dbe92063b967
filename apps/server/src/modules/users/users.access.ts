import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // GET /api/users/me belongs to the auth module.
  'GET /api/users/': 'users.manage',
  'POST /api/users/': 'users.manage',
  'PUT /api/users/:id': 'users.manage',
  'DELETE /api/users/:id': 'users.manage',
};
