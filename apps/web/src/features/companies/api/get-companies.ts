import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';
import { array } from '@/lib/shape';

export const companiesQueryKey = ['companies', { skip: 0, limit: 10 }] as const;

/** GET /companies/?skip=0&limit=10 (spec §9): the companies the caller may use. */
export async function getCompanies(): Promise<Company[]> {
  const body = await apiRequest<unknown>('/companies/', { query: { skip: 0, limit: 10 } });
  return array(companyRecordSchema).parse(body);
}

export function useCompanies() {
  return useQuery({ queryKey: companiesQueryKey, queryFn: getCompanies, retry: false });
}
