import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: the pledge area is
 * admin-only unless STAFF_CAN_HANDLE_PLEDGES grants it to users (docs/domain-rules.md §7). The pledge
 * lists and the header's Search box (pledge-lists.routes.ts) belong to it.
 */
export const access: Record<string, Access> = {
  'POST /api/pledges/with-items': 'pledges.handle',
  'PUT /api/pledges/:id/with-items': 'pledges.handle',
  'GET /api/pledges/valuation-rate': 'pledges.handle',
  'GET /api/pledges/:id': 'pledges.handle',
  'GET /api/pledges/:id/items': 'pledges.handle',
  'GET /api/pledges/:id/history': 'pledges.handle',
  'GET /api/pledges/': 'pledges.handle',
  'GET /api/pledges/count': 'pledges.handle',
  'GET /api/customers/:id/pledges/active': 'pledges.handle',
  'GET /api/search': 'pledges.handle',
};
