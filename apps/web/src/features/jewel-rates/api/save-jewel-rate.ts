import type { JewelRateInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type JewelRate, jewelRateRecordSchema, jewelRatesQueryKey } from './get-jewel-rates';

/** POST /jewel-rates/ without an id, PUT /jewel-rates/{id} with one. */
export async function saveJewelRate({
  id,
  values,
}: {
  id?: number;
  values: JewelRateInput;
}): Promise<JewelRate> {
  const body = await apiRequest<unknown>(id ? `/jewel-rates/${id}` : '/jewel-rates/', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return jewelRateRecordSchema.parse(body);
}

export function useSaveJewelRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveJewelRate,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jewelRatesQueryKey }),
  });
}
