import type { CustomerInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { type Customer, customerRecordSchema, customersQueryKey } from './customer-record';

/** POST /customers/ without an id, PUT /customers/{id} with one. */
export async function saveCustomer({
  id,
  values,
}: {
  id?: number;
  values: CustomerInput;
}): Promise<Customer> {
  const body = await apiRequest<unknown>(id ? `/customers/${id}` : '/customers/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return customerRecordSchema.parse(body);
}

/** POST /customers/{id}/upload-id-proof/ as multipart, field `file`. */
export async function uploadIdProof({ id, file }: { id: number; file: File }): Promise<Customer> {
  const form = new FormData();
  form.append('file', file);
  const body = await apiRequest<unknown>(`/customers/${id}/upload-id-proof/`, { method: 'POST', body: form });
  return customerRecordSchema.parse(body);
}

export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCustomer,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}

export function useUploadIdProof() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadIdProof,
    meta: { skipErrorToast: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: customersQueryKey }),
  });
}
