import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'GET /api/reports/trial-balance': 'accounts.manage',
  'GET /api/reports/ledger': 'accounts.manage',
  'GET /api/reports/day-book': 'accounts.manage',
};
