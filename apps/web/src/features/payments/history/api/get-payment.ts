import { type PledgePaymentView, pledgePaymentViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { paymentsQueryKey } from './payments-query-key';

/** GET /pledge-payments/{id}: one payment with who took it (created_by_username) and any reversal. */
export async function getPayment(paymentId: number, signal?: AbortSignal): Promise<PledgePaymentView> {
  return pledgePaymentViewSchema.parse(
    await apiRequest<unknown>(`/pledge-payments/${paymentId}`, signal ? { signal } : {}),
  );
}

export function usePayment(paymentId: number | null) {
  const queryKey = useCompanyQueryKey(paymentsQueryKey, 'detail', paymentId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPayment(paymentId as number, signal),
    enabled: paymentId !== null,
  });
}
