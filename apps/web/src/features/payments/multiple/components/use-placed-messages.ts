import { useState } from 'react';
import { placeMessages } from '@/features/payments/multiple/payment-rows';

/**
 * The messages of a multiple payment, where they stand: on the row of each sent pledge, or by field
 * for the receipt as a whole. Both multiple-payment screens place the rules' and the server's
 * messages the same way.
 */
export function usePlacedMessages() {
  const [rowErrors, setRowErrors] = useState<Map<number, Record<string, string>>>(new Map());
  const [topErrors, setTopErrors] = useState<Record<string, string>>({});

  /** A row was changed by hand: its messages no longer stand. */
  const clearRow = (pledgeId: number) =>
    setRowErrors((m) => {
      if (!m.has(pledgeId)) return m;
      const next = new Map(m);
      next.delete(pledgeId);
      return next;
    });

  const clearAll = () => {
    setRowErrors(new Map());
    setTopErrors({});
  };

  /** Puts each message on the row of the part it names (parts in the order sent), the rest by field. */
  const place = (messages: Parameters<typeof placeMessages>[0], sentPledgeIds: readonly number[]) => {
    const placed = placeMessages(messages, sentPledgeIds);
    setRowErrors(placed.rows);
    setTopErrors(placed.top);
  };

  return { rowErrors, setRowErrors, topErrors, setTopErrors, clearRow, clearAll, place };
}
