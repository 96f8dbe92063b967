import { jewelRateViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`jewelRateViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const jewelRateRecordSchema = jewelRateViewSchema
  .pick({
    id: true,
    jewel_type_id: true,
    jewel_name: true,
    rate_per_gram: true,
    market_price: true,
    selling_price: true,
    effective_date: true,
    status: true,
    created_by: true,
    created_at: true,
  })
  .partial({ jewel_name: true, created_by: true, created_at: true });
export type JewelRate = z.infer<typeof jewelRateRecordSchema>;

export const jewelRatesQueryKey = ['jewel-rates'] as const;

/** GET /jewel-rates/: the selected company's jewel rates with their type's name, newest first. */
export async function getJewelRates(): Promise<JewelRate[]> {
  return z.array(jewelRateRecordSchema).parse(await apiRequest<unknown>('/jewel-rates/'));
}

export function useJewelRates() {
  return useQuery({ queryKey: useCompanyQueryKey(jewelRatesQueryKey), queryFn: getJewelRates });
}
