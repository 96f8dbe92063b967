import { type CashSettings, type CashSettingsInput, cashSettingsViewSchema } from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/**
 * The company's cash limit: read by every counter screen (pledge payout, payments)
 * and set by an admin on Company Details. Shared, because three features read the same setting.
 */
export const cashSettingsKey = ['cash-settings'] as const;

export async function getCashSettings(companyId: number, signal?: AbortSignal): Promise<CashSettings> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/cash-settings`, signal ? { signal } : {});
  return cashSettingsViewSchema.parse(body);
}

export async function saveCashSettings(companyId: number, values: CashSettingsInput): Promise<CashSettings> {
  const body = await apiRequest<unknown>(`/companies/${companyId}/cash-settings`, {
    method: 'PUT',
    body: values,
  });
  return cashSettingsViewSchema.parse(body);
}

/** The selected company's cash settings; fresh on every screen mount, since an admin may change them. */
export function useCashSettings() {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: [...cashSettingsKey, { companyId }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getCashSettings(companyId as number, signal),
    enabled: companyId !== null,
    staleTime: 0,
    retry: false,
  });
}

export function useSaveCashSettings() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: CashSettingsInput) => saveCashSettings(company?.id as number, values),
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashSettingsKey }),
  });
}
