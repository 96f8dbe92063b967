import type { RateInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type GoldSilverRate, rateRecordSchema, ratesQueryKey } from './get-rates';

/** POST /gold_silver_rates without an id, PUT /gold_silver_rates/{id} with one. */
export async function saveRate({ id, values }: { id?: number; values: RateInput }): Promise<GoldSilverRate> {
  const body = await apiRequest<unknown>(id ? `/gold_silver_rates/${id}` : '/gold_silver_rates', {
    method: id ? 'PUT' : 'POST',
    body: values,
  });
  return rateRecordSchema.parse(body);
}

export function useSaveRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRate,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ratesQueryKey }),
  });
}
