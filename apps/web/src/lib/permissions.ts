import type { User } from './session-types';

/** Permission strings the server puts in `user.permissions` (docs/domain-rules.md §7.1). */
export const permissions = {
  companiesManage: 'companies.manage',
  usersManage: 'users.manage',
  mastersManage: 'masters.manage',
  accountsManage: 'accounts.manage',
  customersRead: 'customers.read',
  customersCreate: 'customers.create',
  pledgesHandle: 'pledges.handle',
  // The audit trail, admins only.
  auditRead: 'audit.read',
  // Reversing a payment, admins only.
  paymentsReverse: 'payments.reverse',
  // The installation's backups, admins only.
  backupsManage: 'backups.manage',
} as const;

export type Permission = (typeof permissions)[keyof typeof permissions];

export function isAdmin(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}

/** Admins hold every permission; anyone else holds what the server listed at sign-in or at /users/me. */
export function hasPermission(user: User | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return user.permissions.includes(permission);
}
