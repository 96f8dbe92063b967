import { type PledgeView, pledgeViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** Every pledge query's key starts here, so a save can invalidate them all (list, count, detail). */
export const pledgesQueryKey = ['pledges'] as const;

/** GET /pledges/{id}: the pledge with its items, as the server computed them. */
export async function getPledge(pledgeId: number, signal?: AbortSignal): Promise<PledgeView> {
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}`, signal ? { signal } : {});
  return pledgeViewSchema.parse(body);
}

/** One pledge for the detail modal, the edit screen and the ticket; off while there is no id. */
export function usePledge(pledgeId: number | null) {
  const queryKey = useCompanyQueryKey(pledgesQueryKey, 'detail', pledgeId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPledge(pledgeId as number, signal),
    enabled: pledgeId !== null,
  });
}
