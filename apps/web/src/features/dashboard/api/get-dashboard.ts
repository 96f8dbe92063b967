import { type Dashboard, dashboardSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export type { Dashboard };

/** GET /dashboard: the branch's figures as of business today (issue 14 item 1). */
export async function getDashboard(): Promise<Dashboard> {
  return dashboardSchema.parse(await apiRequest<unknown>('/dashboard'));
}

export function useDashboard() {
  return useQuery({
    queryKey: useCompanyQueryKey(['dashboard']),
    queryFn: getDashboard,
  });
}
