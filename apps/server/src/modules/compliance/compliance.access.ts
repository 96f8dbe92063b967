import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test: every user of the
 * branch reads its settings (the licence banner, the limits the screens check); admins change them.
 */
export const access: Record<string, Access> = {
  'GET /api/companies/:id/compliance': 'signed-in',
  'PUT /api/companies/:id/compliance': 'companies.manage',
  'GET /api/reports/rbi-ratio': 'pledges.handle',
};
