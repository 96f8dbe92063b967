import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: re-pledges with a
 * bank are counter work on pledges (admin-only unless STAFF_CAN_HANDLE_PLEDGES grants it to users).
 */
export const access: Record<string, Access> = {
  'POST /api/pledges/:id/move-to-bank': 'pledges.handle',
  'POST /api/pledges/:id/return-from-bank': 'pledges.handle',
  'GET /api/pledges/:id/bank-repledges': 'pledges.handle',
  'GET /api/bank-repledges': 'pledges.handle',
};
