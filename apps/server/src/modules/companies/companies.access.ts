import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  'GET /api/companies/': 'signed-in',
  'GET /api/companies/:id': 'signed-in',
  'POST /api/companies/': 'companies.manage',
  'PUT /api/companies/:id': 'companies.manage',
  'POST /api/companies/:id/upload-logo': 'companies.manage',
  'GET /api/companies/:id/cash-settings': 'signed-in',
  'PUT /api/companies/:id/cash-settings': 'companies.manage',
  'GET /api/companies/:id/end-of-pledge-settings': 'signed-in',
  'PUT /api/companies/:id/end-of-pledge-settings': 'companies.manage',
  'PUT /api/companies/:id/language': 'companies.manage',
};
