import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { banksQueryKey } from './get-banks';

/** DELETE /bank-details/{id}. */
export async function deleteBank(id: number): Promise<void> {
  await apiRequest<unknown>(`/bank-details/${id}`, { method: 'DELETE' });
}

export function useDeleteBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBank,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: banksQueryKey }),
  });
}
