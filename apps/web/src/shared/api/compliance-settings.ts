import { type ComplianceSettingsView, complianceSettingsViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/**
 * The compliance settings of the selected branch: read by the licence banner, the Compliance
 * screen, Create Pledge (no new pledge once the licence has expired) and the payment screens (the
 * approval threshold of a discount or penalty). Shared, because several features read the same settings.
 */
export const complianceKey = ['compliance'] as const;

export async function getCompliance(
  companyId: number,
  signal?: AbortSignal,
): Promise<ComplianceSettingsView> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/compliance`, signal ? { signal } : {});
  return complianceSettingsViewSchema.parse(body);
}

/** The key of one branch's settings, for a screen that writes them into the cache. */
export const complianceKeyOf = (companyId: number | null) => [...complianceKey, { companyId }] as const;

/**
 * The selected branch's settings. The licence banner reads them on every screen, so an answer stays
 * fresh for five minutes; a failed read (no such route yet, offline) is not retried and shows nothing.
 */
export function useCompliance({ staleTime = 5 * 60_000 }: { staleTime?: number } = {}) {
  const { company, token } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: complianceKeyOf(companyId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getCompliance(companyId as number, signal),
    enabled: companyId !== null && Boolean(token),
    staleTime,
    retry: false,
  });
}
