import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jewelRatesQueryKey } from './get-jewel-rates';

/** DELETE /jewel-rates/{id}. */
export async function deleteJewelRate(id: number): Promise<void> {
  await apiRequest<unknown>(`/jewel-rates/${id}`, { method: 'DELETE' });
}

export function useDeleteJewelRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJewelRate,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jewelRatesQueryKey }),
  });
}
