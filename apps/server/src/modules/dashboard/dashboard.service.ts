import type { Dashboard, DashboardScope } from '@pledge-desk/domain';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Role } from '../../plugins/permissions.ts';
import { readDashboard } from './dashboard.repository.ts';

/**
 * The dashboard of the request's branch, or with scope `all` every branch summed: an admin's view only
 * (an admin may use every company, docs/domain-rules.md §7), 403 to anyone else.
 */
export async function dashboardFor(
  db: DbOrTx,
  actor: { role: Role } | null,
  companyId: number,
  scope: DashboardScope | undefined,
  asOf: string,
): Promise<Dashboard> {
  if (scope !== 'all') return readDashboard(db, companyId, asOf);
  if (actor?.role !== 'admin') {
    throw new AppError('FORBIDDEN', 403, 'Only an admin may see every branch together.');
  }
  return readDashboard(db, 'all', asOf);
}
