import type { Access } from '../../plugins/permissions.ts';

/**
 * Who may call this module's routes, written out for the permission matrix test. Reading and creating
 * customers belong to the pledge area (granted to staff by STAFF_CAN_HANDLE_PLEDGES, docs/domain-rules.md §7);
 * the pledge edit screen also saves customer details, so editing goes with creating.
 */
export const access: Record<string, Access> = {
  'GET /api/customers/': 'customers.read',
  'GET /api/customers/search': 'customers.read',
  'GET /api/customers/:id': 'customers.read',
  'POST /api/customers/': 'customers.create',
  'PUT /api/customers/:id': 'customers.create',
  'DELETE /api/customers/:id': 'masters.manage',
  'POST /api/customers/:id/upload-id-proof': 'customers.create',
};
