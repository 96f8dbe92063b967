import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The pledge screens read the jewel types (docs/domain-rules.md §7: reads of reference data).
  'GET /api/jewel-types/': 'signed-in',
  'POST /api/jewel-types/': 'masters.manage',
  'PUT /api/jewel-types/:id': 'masters.manage',
  'DELETE /api/jewel-types/:id': 'masters.manage',
};
