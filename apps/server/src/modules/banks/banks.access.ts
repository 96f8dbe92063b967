import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // Payment screens pick a bank for non-cash payments; the bank master is admin-only.
  'GET /api/bank-details/': 'signed-in',
  'POST /api/bank-details/': 'masters.manage',
  'PUT /api/bank-details/:id': 'masters.manage',
  'DELETE /api/bank-details/:id': 'masters.manage',
};
