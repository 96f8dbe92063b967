import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** DELETE /chart-of-accounts/{id}; system accounts and accounts used by vouchers answer 409. */
export async function deleteChartAccount(id: number): Promise<void> {
  await apiRequest<unknown>(`/chart-of-accounts/${id}`, { method: 'DELETE' });
}

export function useDeleteChartAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChartAccount,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['chart-of-accounts'] }),
  });
}
