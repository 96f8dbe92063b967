import { rateViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`rateViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const rateRecordSchema = rateViewSchema
  .pick({
    id: true,
    date: true,
    gold_rate_per_gram: true,
    silver_rate_per_gram: true,
    company_id: true,
    created_by: true,
    created_at: true,
  })
  .partial({ company_id: true, created_by: true, created_at: true });
export type GoldSilverRate = z.infer<typeof rateRecordSchema>;

export const ratesQueryKey = ['gold-silver-rates'] as const;

/**
 * GET /gold_silver_rates: the selected company's daily rates, by date descending (shell-and-masters §2).
 * The server answers 100 by default; the management list asks for its maximum (about three years of
 * days), the dashboard only for the week it draws.
 */
export async function getRates(limit: number): Promise<GoldSilverRate[]> {
  return z
    .array(rateRecordSchema)
    .parse(await apiRequest<unknown>('/gold_silver_rates', { query: { limit } }));
}

export const RATES_LIST_LIMIT = 1000;

export function useRates(limit: number = RATES_LIST_LIMIT) {
  return useQuery({ queryKey: useCompanyQueryKey(ratesQueryKey, { limit }), queryFn: () => getRates(limit) });
}
