import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test. The pledge lists
 * and the header's Search box belong to the pledge area (granted to staff by
 * STAFF_CAN_HANDLE_PLEDGES, docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'GET /api/pledges/': 'pledges.handle',
  'GET /api/pledges/count': 'pledges.handle',
  'GET /api/customers/:id/pledges/active': 'pledges.handle',
  'GET /api/search': 'pledges.handle',
};
