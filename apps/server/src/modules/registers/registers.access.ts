import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test. The registers read
 * the pledges, so they belong to the pledge area (STAFF_CAN_HANDLE_PLEDGES, docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'GET /api/registers/pledge-book': 'pledges.handle',
  'GET /api/registers/vault': 'pledges.handle',
};
