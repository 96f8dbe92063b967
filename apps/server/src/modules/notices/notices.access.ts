import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: notices and
 * reminders are counter work of the pledge area (docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'GET /api/notices/candidates': 'pledges.handle',
  'POST /api/notices': 'pledges.handle',
  'GET /api/notices': 'pledges.handle',
  'GET /api/notices/:id': 'pledges.handle',
  'PATCH /api/notices/:id': 'pledges.handle',
  'POST /api/notices/:id/prints': 'pledges.handle',
  'POST /api/notice-batches/:id/prints': 'pledges.handle',
  'GET /api/reminders': 'pledges.handle',
  'POST /api/reminders': 'pledges.handle',
};
