import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test: the pledge area (docs/domain-rules.md §7). */
export const access: Record<string, Access> = {
  'GET /api/registers/overdue': 'pledges.handle',
  'GET /api/reports/collections': 'pledges.handle',
  'GET /api/reports/disbursements': 'pledges.handle',
};
