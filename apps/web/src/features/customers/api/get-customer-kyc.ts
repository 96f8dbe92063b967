import { type CustomerKyc, customerKycSchema } from '@pledge-desk/domain';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { customersQueryKey } from './customer-record';

/**
 * Under the customers' key, so whatever refreshes the customers (an ID proof uploaded through the
 * masking, which clears the review) refreshes their KYC too.
 */
export const customerKycBase = [...customersQueryKey, 'kyc'] as const;

export function customerKycKey(companyId: number | null, customerId: number) {
  return companyQueryKey(customerKycBase, companyId, customerId);
}

/** GET /customers/{id}/kyc: the documents, photo, nominee, Form 60 and what is missing. */
export async function getCustomerKyc(customerId: number, signal?: AbortSignal): Promise<CustomerKyc> {
  const body = await apiRequest<unknown>(`/customers/${customerId}/kyc`, signal ? { signal } : {});
  return customerKycSchema.parse(body);
}

export function useCustomerKyc(customerId: number) {
  const { company } = useSession();
  return useQuery({
    queryKey: customerKycKey(company?.id ?? null, customerId),
    queryFn: ({ signal }: { signal: AbortSignal }) => getCustomerKyc(customerId, signal),
  });
}

/** The customers list (and its KYC column) after a KYC change; the KYC itself is refreshed by the caller. */
export function refreshCustomerList(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    queryKey: customersQueryKey,
    predicate: (query) => query.queryKey[1] !== 'kyc',
  });
}
