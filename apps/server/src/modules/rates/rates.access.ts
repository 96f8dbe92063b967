import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The rates dashboard is open to every signed-in user (docs/domain-rules.md §7).
  'GET /api/gold_silver_rates': 'signed-in',
  'POST /api/gold_silver_rates': 'masters.manage',
  'PUT /api/gold_silver_rates/:id': 'masters.manage',
  'DELETE /api/gold_silver_rates/:id': 'masters.manage',
};
