import { type ReceiptView, receiptViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { paymentsQueryKey } from '@/features/payments/history/api/payments-query-key';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** GET /receipts/{id}: everything the printed receipt shows, one line per pledge paid. */
export async function getReceipt(receiptId: number, signal?: AbortSignal): Promise<ReceiptView> {
  return receiptViewSchema.parse(
    await apiRequest<unknown>(`/receipts/${receiptId}`, signal ? { signal } : {}),
  );
}

/** Under the payments' key: a reversal reads the receipt again (it then carries REVERSED). */
export function useReceipt(receiptId: number | null) {
  const queryKey = useCompanyQueryKey(paymentsQueryKey, 'receipt', receiptId);
  return useQuery({
    queryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) => getReceipt(receiptId as number, signal),
    enabled: receiptId !== null,
    // An unknown receipt stays unknown: say so at once instead of asking again.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}
