import { type PaymentReversalInput, type ReceiptView, receiptViewSchema } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { paymentsQueryKey } from './payments-query-key';

/**
 * POST /pledge-payments/{id}/reverse (admin): reverses the payment's whole receipt. 409 when it is
 * already reversed or a later payment came after it on one of its pledges (the server names it).
 */
export async function reversePayment(paymentId: number, input: PaymentReversalInput): Promise<ReceiptView> {
  return receiptViewSchema.parse(
    await apiRequest<unknown>(`/pledge-payments/${paymentId}/reverse`, { method: 'POST', body: input }),
  );
}

export function useReversePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, reason }: { paymentId: number; reason: string }) =>
      reversePayment(paymentId, { reason }),
    // The dialog says what went wrong itself (the reason under its field, a 409 above the buttons).
    meta: { skipErrorToast: true },
    // The list, the detail and the receipt change; a reversal reopens a pledge it had closed.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: paymentsQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['pledges'] }),
      ]),
  });
}
