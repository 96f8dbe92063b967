import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';

export const companyQueryKey = (id: number) => ['company-details', id] as const;

/** GET /companies/{id}: the company chosen at sign-in (held in local storage). */
export async function getCompany(id: number): Promise<Company> {
  return companyRecordSchema.parse(await apiRequest<unknown>(`/companies/${id}`));
}

export function useCompany(id: number | null) {
  return useQuery({
    queryKey: companyQueryKey(id ?? 0),
    queryFn: () => getCompany(id!),
    enabled: id !== null,
    // The logo link is signed for a limited time; a fresh read brings a fresh link.
    staleTime: 0,
  });
}
