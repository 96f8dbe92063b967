import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: payments belong to the
 * pledge area (admin-only unless STAFF_CAN_HANDLE_PLEDGES grants it to users, docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'GET /api/pledges/:id/balance': 'pledges.handle',
  'POST /api/pledge-payments/': 'pledges.handle',
  'POST /api/pledges/payment': 'pledges.handle',
  'GET /api/pledges/:id/payments': 'pledges.handle',
  'GET /api/customers/:id/pending-pledges': 'pledges.handle',
  'POST /api/customers/:id/multiple-pledge-payment': 'pledges.handle',
};
