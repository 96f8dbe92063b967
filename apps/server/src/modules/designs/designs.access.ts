import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'GET /api/jewell_designs/': 'signed-in',
  'GET /api/jewell_designs/:id': 'signed-in',
  // The pledge screen's design dropdown creates designs as it goes.
  'POST /api/jewell_designs/': 'pledges.handle',
};
