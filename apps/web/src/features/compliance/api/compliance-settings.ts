import {
  type ComplianceSettingsInput,
  type ComplianceSettingsView,
  complianceSettingsViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { cashSettingsKey } from '@/shared/api/cash-settings';
import { complianceKey, complianceKeyOf } from '@/shared/api/compliance-settings';

// Reading the settings is shared (shared/api/compliance-settings.ts: the banner, Create Pledge and the
// payment screens read them); saving them is this screen's own. The cash limit is one of them and also
// Company Details' own (shared/api/cash-settings.ts), so a save makes both stale.

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

export function useSaveCompliance() {
  const { company } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ComplianceSettingsInput) => saveCompliance(company?.id as number, values),
    meta: { skipErrorToast: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(complianceKeyOf(company?.id ?? null), saved);
      void queryClient.invalidateQueries({ queryKey: complianceKey });
      void queryClient.invalidateQueries({ queryKey: cashSettingsKey });
    },
  });
}
