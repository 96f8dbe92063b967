import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: the photos of a
 * pledge's items and its printed tickets belong to the pledge area (docs/domain-rules.md §7).
 */
export const access: Record<string, Access> = {
  'PUT /api/pledges/:id/items/:itemId/photo': 'pledges.handle',
  'DELETE /api/pledges/:id/items/:itemId/photo': 'pledges.handle',
  'POST /api/pledges/:id/ticket-prints': 'pledges.handle',
};
