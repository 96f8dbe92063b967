import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: a renewal is counter
 * work of the pledge area (admin-only unless STAFF_CAN_HANDLE_PLEDGES grants it to users, docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'POST /api/pledges/:id/renew/preview': 'pledges.handle',
  'POST /api/pledges/:id/renew': 'pledges.handle',
  'GET /api/pledges/:id/renewals': 'pledges.handle',
};
