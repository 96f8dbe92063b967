import { type TicketPrint, ticketPrintSchema } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { pledgesQueryKey } from './pledge-queries';

/**
 * POST /pledges/{id}/ticket-prints: records that a ticket is being printed. The answer says whether one
 * was printed before, so the paper in hand can say 'DUPLICATE' (the server counts; the screen only shows).
 */
export async function recordTicketPrint(pledgeId: number): Promise<TicketPrint> {
  return ticketPrintSchema.parse(
    await apiRequest<unknown>(`/pledges/${pledgeId}/ticket-prints`, { method: 'POST' }),
  );
}

export function useRecordTicketPrint(pledgeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recordTicketPrint(pledgeId),
    // The ticket page says it itself ('Print Error'), and does not print.
    meta: { skipErrorToast: true },
    // The list and the detail carry ticket_prints; read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pledgesQueryKey }),
  });
}
