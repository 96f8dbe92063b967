import type { SchemeInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Scheme, schemeRecordSchema, schemesQueryKey } from './get-schemes';

/** POST /schemes/ without an id, PUT /schemes/{id} with one. */
export async function saveScheme({ id, values }: { id?: number; values: SchemeInput }): Promise<Scheme> {
  const body = await apiRequest<unknown>(id ? `/schemes/${id}` : '/schemes/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return schemeRecordSchema.parse(body);
}

export function useSaveScheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveScheme,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schemesQueryKey }),
  });
}
