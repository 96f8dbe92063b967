import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: the pledge area
 * (docs/domain-rules.md §7). The reversal is an administrator's (payments.reverse, 403 otherwise).
 */
export const access: Record<string, Access> = {
  'GET /api/pledge-payments/': 'pledges.handle',
  'GET /api/pledge-payments/:id': 'pledges.handle',
  'GET /api/receipts/:id': 'pledges.handle',
  'POST /api/receipts/:id/prints': 'pledges.handle',
  'POST /api/pledge-payments/:id/reverse': 'payments.reverse',
};
