import type { CustomerInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { type Customer, customerRowSchema, customersQueryKey } from './customer-record';

/**
 * POST /customers/ without an id, PUT /customers/{id} with one. A customer with the same mobile and a
 * similar name answers 409 with code PROBABLE_DUPLICATE and the sentence to ask;
 * `confirmDuplicate` sends it again with `confirm_duplicate=true`, which saves anyway.
 */
export async function saveCustomer({
  id,
  values,
  confirmDuplicate = false,
}: {
  id?: number;
  values: CustomerInput;
  confirmDuplicate?: boolean;
}): Promise<Customer> {
  const body = await apiRequest<unknown>(id ? `/customers/${id}` : '/customers/', {
    method: id ? 'PUT' : 'POST',
    body: values,
    query: { confirm_duplicate: confirmDuplicate ? 'true' : undefined },
  });
  return customerRowSchema.parse(body);
}

/** True for the server's question about a probable duplicate customer. */
export function isProbableDuplicate(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'PROBABLE_DUPLICATE';
}

/** POST /customers/{id}/upload-id-proof/ as multipart, field `file`. */
export async function uploadIdProof({ id, file }: { id: number; file: File }): Promise<Customer> {
  const form = new FormData();
  form.append('file', file);
  const body = await apiRequest<unknown>(`/customers/${id}/upload-id-proof/`, { method: 'POST', body: form });
  return customerRowSchema.parse(body);
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
