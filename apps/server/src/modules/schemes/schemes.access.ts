import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The pledge screens read the schemes (pledges-and-payments §7); writes are admin-only masters.
  'GET /api/schemes/': 'signed-in',
  'POST /api/schemes/': 'masters.manage',
  'PUT /api/schemes/:id': 'masters.manage',
  'DELETE /api/schemes/:id': 'masters.manage',
};
