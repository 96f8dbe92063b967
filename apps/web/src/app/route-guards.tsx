import { Navigate, Outlet } from 'react-router';
import { hasPermission, isAdmin, type Permission } from '../lib/permissions';
import { useSession } from '../lib/session';

/** Admin routes (spec §2): anyone else lands on the dashboard. */
export function RequireAdmin() {
  const { user } = useSession();
  return isAdmin(user) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}

/** Routes the server opens by permission (the pledge area: DOMAIN-RULES §7, STAFF_CAN_HANDLE_PLEDGES). */
export function RequirePermission({ permission }: { permission: Permission }) {
  const { user } = useSession();
  return hasPermission(user, permission) ? <Outlet /> : <Navigate to="/dashboard" replace />;
}
