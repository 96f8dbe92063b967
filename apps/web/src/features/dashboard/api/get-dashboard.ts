import { type Dashboard, dashboardSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

export type { Dashboard };

/**
 * Which figures the dashboard shows: a branch by its company id, or every branch summed ('all', admins
 * only). A branch other than the session's is named in this call's X-Company-Id only: the session's
 * company (the header's chip, every other screen) stays as it is.
 */
export type DashboardBranch = number | 'all';

/** GET /dashboard: the figures as of business today; `scope=all` for every branch. */
export async function getDashboard(branch?: DashboardBranch, signal?: AbortSignal): Promise<Dashboard> {
  const options: RequestOptions =
    branch === 'all' ? { query: { scope: 'all' } } : branch === undefined ? {} : { companyId: branch };
  if (signal) options.signal = signal;
  return dashboardSchema.parse(await apiRequest<unknown>('/dashboard', options));
}

/** The dashboard of `branch` (default: the session's branch). */
export function useDashboard(branch?: DashboardBranch) {
  return useQuery({
    queryKey: useCompanyQueryKey(['dashboard'], { branch: branch ?? null }),
    queryFn: ({ signal }) => getDashboard(branch, signal),
  });
}
