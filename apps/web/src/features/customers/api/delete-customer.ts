import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { customersQueryKey } from './customer-record';

/** DELETE /customers/{id}; a customer with pledges answers 409 ('This customer has 2 pledges.'). */
export async function deleteCustomer(id: number): Promise<void> {
  await apiRequest<unknown>(`/customers/${id}`, { method: 'DELETE' });
}

export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
