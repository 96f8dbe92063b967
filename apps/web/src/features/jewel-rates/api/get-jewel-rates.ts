import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const jewelRateRecordSchema = z.object({
  id: z.number(),
  jewel_type_id: z.number(),
  jewel_name: z.string().nullable().optional(),
  rate_per_gram: z.number(),
  market_price: z.number(),
  selling_price: z.number(),
  effective_date: z.string(),
  status: z.boolean(),
  created_by: z.number().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type JewelRate = z.infer<typeof jewelRateRecordSchema>;

export const jewelRatesQueryKey = ['jewel-rates'] as const;

/** GET /jewel-rates/: the selected company's jewel rates with their type's name, newest first. */
export async function getJewelRates(): Promise<JewelRate[]> {
  return z.array(jewelRateRecordSchema).parse(await apiRequest<unknown>('/jewel-rates/'));
}

export function useJewelRates() {
  return useQuery({ queryKey: useCompanyQueryKey(jewelRatesQueryKey), queryFn: getJewelRates });
}
