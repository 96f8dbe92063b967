import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const rateRecordSchema = z.object({
  id: z.number(),
  date: z.string(),
  gold_rate_per_gram: z.number(),
  silver_rate_per_gram: z.number(),
  company_id: z.number().nullable().optional(),
  created_by: z.number().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type GoldSilverRate = z.infer<typeof rateRecordSchema>;

export const ratesQueryKey = ['gold-silver-rates'] as const;

/** GET /gold_silver_rates: the selected company's daily rates, by date descending (shell-and-masters §2). */
export async function getRates(): Promise<GoldSilverRate[]> {
  return z.array(rateRecordSchema).parse(await apiRequest<unknown>('/gold_silver_rates'));
}

export function useRates() {
  return useQuery({ queryKey: ratesQueryKey, queryFn: getRates });
}
