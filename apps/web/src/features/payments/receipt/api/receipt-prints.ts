import { type ReceiptPrint, receiptPrintSchema } from '@pledge-desk/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /receipts/{id}/prints: records that the receipt is being printed. The answer says whether it was
 * printed before, so the paper in hand says 'DUPLICATE' from the second print on (the server counts).
 */
export async function recordReceiptPrint(receiptId: number): Promise<ReceiptPrint> {
  return receiptPrintSchema.parse(
    await apiRequest<unknown>(`/receipts/${receiptId}/prints`, { method: 'POST' }),
  );
}

export function useRecordReceiptPrint(receiptId: number) {
  return useMutation({
    mutationFn: () => recordReceiptPrint(receiptId),
    // The receipt page says it itself ('Print Error'), and does not print.
    meta: { skipErrorToast: true },
  });
}
