import type { Access } from '../../plugins/permissions.ts';

/** Who may call this module's routes, written out for the permission matrix test. */
export const access: Record<string, Access> = {
  // The books are admin work (shell-and-masters §2: Accounts Masters is under Admin).
  'GET /api/chart-of-accounts/:companyId': 'accounts.manage',
  'POST /api/chart-of-accounts/': 'accounts.manage',
  'PUT /api/chart-of-accounts/:id': 'accounts.manage',
  'DELETE /api/chart-of-accounts/:id': 'accounts.manage',
  'GET /api/accounts': 'accounts.manage',
};
