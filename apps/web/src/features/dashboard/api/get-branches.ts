import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';
import { array } from '@/lib/shape';

/** The most branches the selector lists (the server's page limit is 500). */
const BRANCH_LIMIT = 100;

/** GET /companies/: the branches an admin may use, for the dashboard's branch selector. */
export async function getBranches(signal?: AbortSignal): Promise<Company[]> {
  const body = await apiRequest<unknown>('/companies/', {
    query: { skip: 0, limit: BRANCH_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return array(companyRecordSchema).parse(body);
}

/** The admin's branches (not asked for a clerk, who sees their own branch only). */
export function useBranches(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard-branches', { limit: BRANCH_LIMIT }],
    queryFn: ({ signal }) => getBranches(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}
