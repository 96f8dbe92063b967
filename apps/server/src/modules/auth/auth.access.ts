import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'POST /api/auth/login': 'public',
  'HEAD /api/auth/login': 'public',
  'POST /api/auth/logout': 'signed-in',
  'GET /api/users/me': 'signed-in',
  'PUT /api/users/me/language': 'signed-in',
};
