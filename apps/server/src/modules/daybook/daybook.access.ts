import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'GET /api/daybook-entries': 'accounts.manage',
  'GET /api/daybook-entries/open-day': 'accounts.manage',
  'POST /api/daybook-entries': 'accounts.manage',
  'PUT /api/daybook-entries/:entry_id': 'accounts.manage',
  'DELETE /api/daybook-entries/:entry_id': 'accounts.manage',
};
