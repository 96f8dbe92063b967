import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { jewelTypesQueryKey } from './get-jewel-types';

/** DELETE /jewel-types/{id}; a type used by schemes or jewel rates answers 409 with what holds it. */
export async function deleteJewelType(id: number): Promise<void> {
  await apiRequest<unknown>(`/jewel-types/${id}`, { method: 'DELETE' });
}

export function useDeleteJewelType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJewelType,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jewelTypesQueryKey }),
  });
}
