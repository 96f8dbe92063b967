import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type Company, companyRecordSchema } from '@/lib/session-types';

/**
 * GET /companies/{id}: the lender's name, address, licence and logo for the receipt's header. Read
 * fresh, not from the session's copy: the logo is a signed link that expires, and the details may have
 * been edited since sign-in.
 */
export async function getReceiptCompany(companyId: number, signal?: AbortSignal): Promise<Company> {
  return companyRecordSchema.parse(
    await apiRequest<unknown>(`/companies/${companyId}`, signal ? { signal } : {}),
  );
}

export function useReceiptCompany(companyId: number | null) {
  return useQuery({
    queryKey: ['company-details', companyId ?? 0, 'receipt'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getReceiptCompany(companyId as number, signal),
    enabled: companyId !== null,
    staleTime: 0,
  });
}
