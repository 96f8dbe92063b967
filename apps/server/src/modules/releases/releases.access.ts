import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test: counter work. */
export const access: Record<string, Access> = {
  'POST /api/pledges/:id/release': 'pledges.handle',
  'GET /api/pledges/:id/release': 'pledges.handle',
  'POST /api/pledges/:id/release/slip-prints': 'pledges.handle',
  'GET /api/releases/pending': 'pledges.handle',
  'GET /api/releases': 'pledges.handle',
};
