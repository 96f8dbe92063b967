import { Navigate, Outlet, redirect } from 'react-router';
import { hasPermission, isAdmin, type Permission } from '@/lib/permissions';
import { readStoredSession, useSession } from '@/lib/session';
import { deniedRedirect } from './route-table';

/**
 * Admin routes (spec §2): anyone else lands on the dashboard, told that the page is not theirs
 * (the shell reads `?denied=1` and says 'You do not have access to that page.').
 */
export function RequireAdmin() {
  const { user } = useSession();
  return isAdmin(user) ? <Outlet /> : <Navigate to={deniedRedirect} replace />;
}

/** Routes the server opens by permission (the pledge area: docs/domain-rules.md §7, STAFF_CAN_HANDLE_PLEDGES). */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { user } = useSession();
  return hasPermission(user, permission) ? <Outlet /> : <Navigate to={deniedRedirect} replace />;
}

/**
 * The same checks as loaders, so a refused route redirects before anything of it renders (its title
 * would otherwise flash in the header). The components above still guard a session that changes while
 * the page stays, such as a demotion seen at /users/me.
 */
export function requireAdminLoader() {
  return isAdmin(readStoredSession().user) ? null : redirect(deniedRedirect);
}

export function requirePermissionLoader(permission: Permission) {
  return () => (hasPermission(readStoredSession().user, permission) ? null : redirect(deniedRedirect));
}
