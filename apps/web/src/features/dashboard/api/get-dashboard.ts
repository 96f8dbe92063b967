import type { Dashboard } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, type RequestOptions } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { array, int, number, object, oneOf, type Shape, string } from '@/lib/shape';

export type { Dashboard };

/**
 * The answer's shape (the domain's `dashboardSchema`), read with lib/shape.ts: the dashboard, the
 * screen most visits open first, fetches no zod (issue 32, its LCP). `app/__tests__/shell-shapes.test.tsx`
 * holds it to the domain schema.
 */
export const dashboardShape: Shape<Dashboard> = object({
  as_of: string(),
  earnings: number(),
  spend_this_month: number(),
  sales: object({ count: int(), growth_percent: number().nullable() }),
  balance: number(),
  daily: array(object({ date: string(), disbursed: number(), collected: number() })),
  weekly: array(object({ date: string(), interest: number(), charges: number() })),
  due: array(
    object({
      pledge_id: int(),
      pledge_no: string(),
      customer_name: string(),
      status: oneOf(['due_soon', 'overdue']),
      due_date: string(),
      progress: int(),
      company_id: int().optional(),
      company_name: string().optional(),
    }),
  ),
});

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
  return dashboardShape.parse(await apiRequest<unknown>('/dashboard', options));
}

/** The dashboard of `branch` (default: the session's branch). */
export function useDashboard(branch?: DashboardBranch) {
  return useQuery({
    queryKey: useCompanyQueryKey(['dashboard'], { branch: branch ?? null }),
    queryFn: ({ signal }) => getDashboard(branch, signal),
  });
}
