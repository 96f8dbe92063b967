import {
  type PendingPledges,
  type PledgeBalanceView,
  type PledgePaymentInput,
  type PledgePaymentSaved,
  type PledgePaymentView,
  type PledgeView,
  pendingPledgesSchema,
  pledgeBalanceSchema,
  pledgePaymentListSchema,
  pledgePaymentSavedSchema,
  pledgeViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { keepPreviousDataOf, useCompanyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';

/**
 * The calls of the Single Pledge Payment screen (pledges-and-payments §2.4, §7). Every
 * answer is parsed with the domain's schema, so a figure the screen shows is one the server computed.
 */

/** Keys a saved payment makes stale: the pledge's balance and history, the customer's pending pledges. */
export const paymentQueryKeys = {
  balance: ['pledge-balance'] as const,
  history: ['pledge-payments'] as const,
  pending: ['pending-pledges'] as const,
  /** The pledges feature's own base key (list, count, detail): a full close changes the pledge. */
  pledges: ['pledges'] as const,
};

/** GET /pledges/{id}: loan, pledge date, rate and the customer of the pledge a link names. */
export async function getPaymentPledge(pledgeId: number, signal?: AbortSignal): Promise<PledgeView> {
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}`, signal ? { signal } : {});
  return pledgeViewSchema.parse(body);
}

/** GET /pledges/{id}/balance?as_of=: the server's balance on the payment date (docs/domain-rules.md §3). */
export async function getPledgeBalance(
  pledgeId: number,
  asOf: string,
  signal?: AbortSignal,
): Promise<PledgeBalanceView> {
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}/balance`, {
    query: { as_of: asOf },
    ...(signal ? { signal } : {}),
  });
  return pledgeBalanceSchema.parse(body);
}

/** GET /customers/{id}/pending-pledges: the customer's payable pledges, oldest first. */
export async function getPendingPledges(customerId: number, signal?: AbortSignal): Promise<PendingPledges> {
  const body = await apiRequest<unknown>(
    `/customers/${customerId}/pending-pledges`,
    signal ? { signal } : {},
  );
  return pendingPledgesSchema.parse(body);
}

/** GET /pledges/{id}/payments: every payment of the pledge, reversed ones marked, oldest first. */
export async function getPledgePayments(
  pledgeId: number,
  signal?: AbortSignal,
): Promise<PledgePaymentView[]> {
  const body = await apiRequest<unknown>(`/pledges/${pledgeId}/payments`, signal ? { signal } : {});
  return pledgePaymentListSchema.parse(body);
}

/**
 * POST /pledge-payments/. The Idempotency-Key makes a retry after a lost answer (or a double click)
 * get the first payment back instead of a second receipt for the same cash.
 */
export async function savePledgePayment({
  values,
  idempotencyKey,
}: {
  values: PledgePaymentInput;
  idempotencyKey: string;
}): Promise<PledgePaymentSaved> {
  const body = await apiRequest<unknown>('/pledge-payments/', {
    method: 'POST',
    body: values,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return pledgePaymentSavedSchema.parse(body);
}

export function usePaymentPledge(pledgeId: number | null) {
  const queryKey = useCompanyQueryKey(paymentQueryKeys.pledges, 'detail', pledgeId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentPledge(pledgeId as number, signal),
    enabled: pledgeId !== null,
  });
}

/** The balance as of `asOf`; off while there is no pledge or no valid date. Keeps the last figures. */
export function usePledgeBalance(pledgeId: number | null, asOf: string | null) {
  const { company } = useSession();
  const queryKey = useCompanyQueryKey(paymentQueryKeys.balance, pledgeId, asOf);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      getPledgeBalance(pledgeId as number, asOf as string, signal),
    enabled: pledgeId !== null && asOf !== null,
    placeholderData: (previous, previousQuery) =>
      // Another date of the same pledge may stay on screen (marked as a preview); another pledge not.
      previous?.pledge_id === pledgeId
        ? keepPreviousDataOf<PledgeBalanceView>(company?.id ?? null)(previous, previousQuery)
        : undefined,
  });
}

export function usePendingPledges(customerId: number | null) {
  const queryKey = useCompanyQueryKey(paymentQueryKeys.pending, customerId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPendingPledges(customerId as number, signal),
    enabled: customerId !== null,
  });
}

export function usePledgePayments(pledgeId: number | null) {
  const queryKey = useCompanyQueryKey(paymentQueryKeys.history, pledgeId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getPledgePayments(pledgeId as number, signal),
    enabled: pledgeId !== null,
  });
}

/**
 * Reads the pledge's figures again (balance, history, the customer's pending pledges, the pledge): after
 * a payment, and after a refusal that says the pledge changed at another counter.
 */
export function useRefreshPaymentFigures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      Object.values(paymentQueryKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

// The form maps 422s onto its fields and words the other failures itself, so the mutation's own error
// toast is off.
export function useSavePledgePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePledgePayment,
    meta: { skipErrorToast: true },
    onSuccess: () =>
      Promise.all(
        Object.values(paymentQueryKeys).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
