import { type CustomerKyc, customerKycSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyOfKey, useCompanyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';

// A customer's KYC as the pledge screens read it (issue 33). Features may not import each other, so the
// call is this feature's own, on the customers' path.

/**
 * GET /customers/{id}/kyc[?loan=]: the documents, photo, nominee and what is missing. With `loan`
 * (rupees, the pledge form's amount) the server judges PAN or Form 60 for that new loan with the
 * customer's open loans.
 */
export async function getCustomerKyc(
  customerId: number,
  loanRupees: number | null,
  signal?: AbortSignal,
): Promise<CustomerKyc> {
  const body = await apiRequest<unknown>(`/customers/${customerId}/kyc`, {
    ...(loanRupees !== null ? { query: { loan: loanRupees } } : {}),
    ...(signal ? { signal } : {}),
  });
  return customerKycSchema.parse(body);
}

/**
 * The KYC of a customer (off while `customerId` is null), for a loan of `loanRupees` when given. While
 * the answer for a new amount is on its way the previous one stays on screen, but only the same
 * customer's of the same branch: another customer's state is never shown for this one.
 */
export function useCustomerKyc(customerId: number | null, loanRupees: number | null = null) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  // Under the customers' key, so a customer's KYC saved elsewhere is read again here.
  const queryKey = useCompanyQueryKey(['customers'] as const, 'kyc', customerId, loanRupees);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getCustomerKyc(customerId as number, loanRupees, signal),
    enabled: customerId !== null,
    placeholderData: (previous: CustomerKyc | undefined, previousQuery) =>
      previous?.customer_id === customerId &&
      previousQuery !== undefined &&
      companyOfKey(previousQuery.queryKey) === companyId
        ? previous
        : undefined,
    // The photo is a signed link that expires, and the KYC may change at the customers' desk meanwhile.
    staleTime: 0,
  });
}
