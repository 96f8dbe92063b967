import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, for the permission matrix test. The legacy search is a read behind
 * a general screen, open to every signed-in user (docs/domain-rules.md §7); migrating creates customers.
 */
export const access: Record<string, Access> = {
  'GET /api/legacy/customers/search': 'signed-in',
  'POST /api/legacy/customers/:pno/migrate': 'customers.create',
  'POST /api/legacy/customers/migrate': 'customers.create',
};
