import type { ChartAccountInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type ChartAccount, chartAccountRecordSchema } from './get-chart-accounts';

/** POST /chart-of-accounts/ without an id, PUT /chart-of-accounts/{id} with one. */
export async function saveChartAccount({
  id,
  values,
}: {
  id?: number;
  values: ChartAccountInput;
}): Promise<ChartAccount> {
  const body = await apiRequest<unknown>(id ? `/chart-of-accounts/${id}` : '/chart-of-accounts/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return chartAccountRecordSchema.parse(body);
}

export function useSaveChartAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveChartAccount,
    // The form shows the error itself: 422 messages under the fields, anything else above them.
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chart-of-accounts'] }),
  });
}
