import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { daybookEntriesQueryKey } from './get-daybook-entries';

/** DELETE /daybook-entries/{entry_id}; vouchers of pledges and payments answer 409. */
export async function deleteDaybookEntry(id: number): Promise<void> {
  await apiRequest<unknown>(`/daybook-entries/${id}`, { method: 'DELETE' });
}

export function useDeleteDaybookEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDaybookEntry,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: daybookEntriesQueryKey }),
  });
}
