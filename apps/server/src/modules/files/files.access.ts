import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The signed, expiring query string is the permission (apps/server/README.md, "Sessions and files").
  'GET /api/files/:id': 'public',
};
