import { type PaymentReversalInput, type ReceiptView, receiptViewSchema } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentsQueryKey } from './payments-query-key';

/**
 * POST /pledge-payments/{id}/reverse (admin): reverses the payment's whole receipt. 409 when it is
 * already reversed or a later payment came after it on one of its pledges (the server names it). The
 * Idempotency-Key is kept while the same reversal is sent again, so a retry after a lost answer gets
 * the first answer back instead of a 409 'already reversed'.
 */
export async function reversePayment(
  paymentId: number,
  input: PaymentReversalInput,
  idempotencyKey: string,
): Promise<ReceiptView> {
  return receiptViewSchema.parse(
    await apiRequest<unknown>(`/pledge-payments/${paymentId}/reverse`, {
      method: 'POST',
      body: input,
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
}

export function useReversePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      paymentId,
      reason,
      idempotencyKey,
    }: {
      paymentId: number;
      reason: string;
      idempotencyKey: string;
    }) => reversePayment(paymentId, { reason }, idempotencyKey),
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
