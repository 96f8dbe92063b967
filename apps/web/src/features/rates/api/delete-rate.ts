import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { ratesQueryKey } from './get-rates';

/** DELETE /gold_silver_rates/{id}. */
export async function deleteRate(id: number): Promise<void> {
  await apiRequest<unknown>(`/gold_silver_rates/${id}`, { method: 'DELETE' });
}

export function useDeleteRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRate,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesQueryKey }),
  });
}
