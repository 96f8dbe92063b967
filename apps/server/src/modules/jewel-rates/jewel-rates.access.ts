import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // Reference data the pledge screens read (docs/domain-rules.md §7).
  'GET /api/jewel-rates/': 'signed-in',
  'POST /api/jewel-rates/': 'masters.manage',
  'PUT /api/jewel-rates/:id': 'masters.manage',
  'DELETE /api/jewel-rates/:id': 'masters.manage',
  'GET /api/jewell_rates/by_type/:jewell_type_id': 'signed-in',
};
