import { type CustomerView, customerViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { type Company, companyRecordSchema } from '@/lib/session-types';

/** GET /customers/{id}: the pawner, for the address the detail modal and the ticket print. */
export async function getPledgeCustomer(customerId: number, signal?: AbortSignal): Promise<CustomerView> {
  return customerViewSchema.parse(
    await apiRequest<unknown>(`/customers/${customerId}`, signal ? { signal } : {}),
  );
}

/** The pawner of a pledge; off until the pledge (and so its customer id) is known. */
export function usePledgeCustomer(customerId: number | null) {
  // Under the customers' key, so a customer saved elsewhere is read again here.
  const queryKey = useCompanyQueryKey(['customers'] as const, 'pledge-customer', customerId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPledgeCustomer(customerId as number, signal),
    enabled: customerId !== null,
  });
}

/**
 * GET /companies/{id}: the lender's name, address, licence number and logo for the ticket's header.
 * Read fresh, not from the session's copy: the logo is a signed link that expires, and the details may
 * have been edited since sign-in.
 */
export async function getTicketCompany(companyId: number, signal?: AbortSignal): Promise<Company> {
  return companyRecordSchema.parse(
    await apiRequest<unknown>(`/companies/${companyId}`, signal ? { signal } : {}),
  );
}

export function useTicketCompany(companyId: number | null) {
  return useQuery({
    queryKey: ['company-details', companyId ?? 0, 'ticket'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => getTicketCompany(companyId as number, signal),
    enabled: companyId !== null,
    staleTime: 0,
  });
}
