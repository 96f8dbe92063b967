import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: a counter user's own
 * drawer is the pledge area's (docs/domain-rules.md §7); the day (its close, reopen and sheet) is an admin's.
 * GET /cash-drawers/:id shows a non-admin only their own drawer (404 otherwise), checked in the service.
 */
export const access: Record<string, Access> = {
  'POST /api/cash-drawer/open': 'pledges.handle',
  'GET /api/cash-drawer/current': 'pledges.handle',
  'POST /api/cash-drawer/close': 'pledges.handle',
  'GET /api/cash-drawers/:id': 'pledges.handle',
  'GET /api/days/:date': 'days.manage',
  'POST /api/days/:date/close': 'days.manage',
  'POST /api/days/:date/reopen': 'days.manage',
};
