import type { JewelTypeInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type JewelType, jewelTypeRecordSchema, jewelTypesQueryKey } from './get-jewel-types';

/** POST /jewel-types/ without an id, PUT /jewel-types/{id} with one. */
export async function saveJewelType({
  id,
  values,
}: {
  id?: number;
  values: JewelTypeInput;
}): Promise<JewelType> {
  const body = await apiRequest<unknown>(id ? `/jewel-types/${id}` : '/jewel-types/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return jewelTypeRecordSchema.parse(body);
}

export function useSaveJewelType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJewelType,
    // The form shows the error itself: 422 messages under the fields, anything else above them.
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jewelTypesQueryKey }),
  });
}
