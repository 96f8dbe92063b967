/**
 * The permission table (docs/domain-rules.md §7.1), in one place. Every route names what it needs in
 * `config.access`; the web app reads the same names from `user.permissions` to hide what we refuse.
 */
export const PERMISSIONS = [
  'companies.manage',
  'users.manage',
  'masters.manage',
  'accounts.manage',
  'customers.read',
  'customers.create',
  'pledges.handle',
  // Close and reopen the branch's day, and see every drawer of it: admins only.
  'days.manage',
  // Read the audit trail: admins only.
  'audit.read',
  // Reverse a payment's receipt: admins only.
  'payments.reverse',
  // See and take the installation's backups: admins only.
  'backups.manage',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A refusal that says more than "You do not have permission to do this." (the access plugin's 403). */
export const PERMISSION_REFUSALS = {
  'payments.reverse': 'Only an administrator can reverse a payment.',
} as const satisfies Partial<Record<Permission, string>>;
export type Role = 'admin' | 'user';

/** What a route needs: nothing, a signed-in user of the company, or a permission. */
export type Access = 'public' | 'signed-in' | Permission;

/** The pledge area and what it needs, granted to staff when STAFF_CAN_HANDLE_PLEDGES is on. */
const STAFF_PLEDGE_PERMISSIONS: Permission[] = ['pledges.handle', 'customers.read', 'customers.create'];

export function permissionsFor(role: Role, staffCanHandlePledges: boolean): Permission[] {
  if (role === 'admin') return [...PERMISSIONS];
  return staffCanHandlePledges ? [...STAFF_PLEDGE_PERMISSIONS] : [];
}
