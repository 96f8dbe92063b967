import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test. A customer's KYC is
 * kept by the clerks who register customers (customers.create), read by whoever reads customers.
 */
export const access: Record<string, Access> = {
  'GET /api/customers/:id/kyc': 'customers.read',
  'POST /api/customers/:id/id-documents': 'customers.create',
  'DELETE /api/customers/:id/id-documents/:documentId': 'customers.create',
  'POST /api/customers/:id/id-documents/:documentId/image': 'customers.create',
  'DELETE /api/customers/:id/id-documents/:documentId/image': 'customers.create',
  'POST /api/customers/:id/photo': 'customers.create',
  'DELETE /api/customers/:id/photo': 'customers.create',
  'PUT /api/customers/:id/nominee': 'customers.create',
  'DELETE /api/customers/:id/nominee': 'customers.create',
  'PUT /api/customers/:id/form60': 'customers.create',
  'DELETE /api/customers/:id/form60': 'customers.create',
  'POST /api/customers/:id/id-proof-reviewed': 'customers.create',
  'GET /api/registers/kyc-incomplete': 'customers.read',
};
