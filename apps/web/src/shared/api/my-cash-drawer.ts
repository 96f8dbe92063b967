import { type CurrentCashDrawer, currentCashDrawerSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/**
 * The signed-in user's cash drawer of a date (GET /cash-drawer/current), read by the payout screens to
 * say before Save that no drawer is open or that it holds less than the payout.
 * Shared, because three features pay cash out; the key is the drawer screen's, so opening or closing
 * the drawer there refreshes it here.
 */
export async function getMyCashDrawer(date: string, signal?: AbortSignal): Promise<CurrentCashDrawer> {
  const body = await apiRequest<unknown>('/cash-drawer/current', {
    query: { date },
    ...(signal ? { signal } : {}),
  });
  return currentCashDrawerSchema.parse(body);
}

export function useMyCashDrawer(date: string, enabled: boolean) {
  const queryKey = useCompanyQueryKey(['cash-drawer', 'current'], date);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getMyCashDrawer(date, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
