import {
  type ComplianceSettingsInput,
  type ComplianceSettingsView,
  complianceSettingsViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The compliance settings of a branch (issue 16 item 1): its regime, licence, limits and RBI numbers. */
export const complianceKey = ['compliance'] as const;
// The cash limit is one of these settings and also Company Details' own (shared/api/cash-settings.ts).
const cashSettingsKey = ['cash-settings'] as const;

export async function getCompliance(
  companyId: number,
  signal?: AbortSignal,
): Promise<ComplianceSettingsView> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/compliance`, signal ? { signal } : {});
  return complianceSettingsViewSchema.parse(body);
}

export async function saveCompliance(
  companyId: number,
  values: ComplianceSettingsInput,
): Promise<ComplianceSettingsView> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/compliance`, {
    method: 'PUT',
    body: values,
  });
  return complianceSettingsViewSchema.parse(body);
}

/**
 * The selected branch's settings. The licence banner reads them on every screen, so an answer stays
 * fresh for five minutes; a failed read (no such route yet, offline) is not retried and shows nothing.
 */
export function useCompliance({ staleTime = 5 * 60_000 }: { staleTime?: number } = {}) {
  const { company, token } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: [...complianceKey, { companyId }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getCompliance(companyId as number, signal),
    enabled: companyId !== null && Boolean(token),
    staleTime,
    retry: false,
  });
}

export function useSaveCompliance() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ComplianceSettingsInput) => saveCompliance(company?.id as number, values),
    meta: { skipErrorToast: true },
    onSuccess: (saved) => {
      queryClient.setQueryData([...complianceKey, { companyId: company?.id ?? null }], saved);
      void queryClient.invalidateQueries({ queryKey: complianceKey });
      void queryClient.invalidateQueries({ queryKey: cashSettingsKey });
    },
  });
}
