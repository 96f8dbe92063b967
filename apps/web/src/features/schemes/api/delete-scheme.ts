import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { schemesQueryKey } from './get-schemes';

/** DELETE /schemes/{id}. */
export async function deleteScheme(id: number): Promise<void> {
  await apiRequest<unknown>(`/schemes/${id}`, { method: 'DELETE' });
}

export function useDeleteScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteScheme,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schemesQueryKey }),
  });
}
