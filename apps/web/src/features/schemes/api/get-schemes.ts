import { schemeViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`schemeViewSchema` of @pledge-desk/domain): the fields this screen reads. */
export const schemeRecordSchema = schemeViewSchema
  .pick({
    id: true,
    jewel_type_id: true,
    jewel_name: true,
    scheme_name: true,
    short_name: true,
    prefix: true,
    duration_in_months: true,
    interest_rate_per_month: true,
    loan_eligibility_percentage: true,
    slippage_percent: true,
    bullet_repayment: true,
    status: true,
    created_at: true,
  })
  .partial({ jewel_name: true, created_at: true });
export type Scheme = z.infer<typeof schemeRecordSchema>;

export const schemesQueryKey = ['schemes'] as const;

/** GET /schemes/: the selected company's loan schemes, newest first. */
export async function getSchemes(): Promise<Scheme[]> {
  return z.array(schemeRecordSchema).parse(await apiRequest<unknown>('/schemes/'));
}

export function useSchemes() {
  return useQuery({ queryKey: useCompanyQueryKey(schemesQueryKey), queryFn: getSchemes });
}
