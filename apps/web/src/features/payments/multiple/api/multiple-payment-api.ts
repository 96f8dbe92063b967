import {
  type CustomerView,
  customerViewSchema,
  type MultiplePaymentResult,
  type MultiplePledgePaymentFormInput,
  multiplePaymentResultSchema,
  type PendingPledges,
  pendingPledgesSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

// The multiple-payment screens' own calls (features never import each other's internals).

/** Base of every payments query: a payment anywhere makes every cached balance stale. */
export const paymentsQueryBase = ['payments'] as const;

/** GET /customers/{id}: the selected-customer card (name, phone, address, city, code). */
export async function getPaymentCustomer(id: number, signal?: AbortSignal): Promise<CustomerView> {
  const body = await apiRequest<unknown>(`/customers/${id}`, signal ? { signal } : {});
  return customerViewSchema.parse(body);
}

export function usePaymentCustomer(customerId: number | null) {
  const queryKey = useCompanyQueryKey(['customers', 'detail'], customerId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getPaymentCustomer(customerId!, signal),
    enabled: customerId !== null,
  });
}

/** GET /customers/{id}/pending-pledges: payable pledges, oldest first, with the server's balances. */
export async function getPendingPledges(customerId: number, signal?: AbortSignal): Promise<PendingPledges> {
  const body = await apiRequest<unknown>(
    `/customers/${customerId}/pending-pledges`,
    signal ? { signal } : {},
  );
  return pendingPledgesSchema.parse(body);
}

export function usePendingPledges(customerId: number | null) {
  const queryKey = useCompanyQueryKey([...paymentsQueryBase, 'pending-pledges'], customerId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getPendingPledges(customerId!, signal),
    enabled: customerId !== null,
    // Balances move with every payment taken at any counter: always read them afresh on open.
    staleTime: 0,
  });
}

/**
 * POST /customers/{id}/multiple-pledge-payment: every pledge paid or none, one receipt. The
 * Idempotency-Key makes a retry after a lost answer get the first receipt back, not a second payment.
 */
export async function submitMultiplePayment({
  body,
  idempotencyKey,
}: {
  body: MultiplePledgePaymentFormInput;
  idempotencyKey: string;
}): Promise<MultiplePaymentResult> {
  const answer = await apiRequest<unknown>(`/customers/${body.customer_id}/multiple-pledge-payment`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return multiplePaymentResultSchema.parse(answer);
}

// The screens word their own failures (422 under the rows, the spec's toasts), so no default toast.
export function useSubmitMultiplePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMultiplePayment,
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryBase }),
        queryClient.invalidateQueries({ queryKey: ['pledges'] }),
      ]),
  });
}
