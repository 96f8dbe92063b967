import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const schemeRecordSchema = z.object({
  id: z.number(),
  jewel_type_id: z.number(),
  jewel_name: z.string().nullable().optional(),
  scheme_name: z.string(),
  short_name: z.string(),
  prefix: z.string(),
  duration_in_months: z.number(),
  interest_rate_per_month: z.number(),
  loan_eligibility_percentage: z.number(),
  slippage_percent: z.number(),
  status: z.boolean(),
  created_at: z.string().nullable().optional(),
});
export type Scheme = z.infer<typeof schemeRecordSchema>;

export const schemesQueryKey = ['schemes'] as const;

/** GET /schemes/: the selected company's loan schemes, newest first. */
export async function getSchemes(): Promise<Scheme[]> {
  return z.array(schemeRecordSchema).parse(await apiRequest<unknown>('/schemes/'));
}

export function useSchemes() {
  return useQuery({ queryKey: useCompanyQueryKey(schemesQueryKey), queryFn: getSchemes });
}
