import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/open-db.ts';
import { counters } from '../../db/schema/index.ts';

/**
 * The counters of the application, one row per (company, counter, period) in `counters`:
 * - `customer` (period ''): customer codes C000001…
 * - `voucher:<type code>` (period: financial year '2026-27'): JV/2026-27/0001…
 * - `pledge:<PREFIX>` (period ''): pledge numbers GL1, GL2… per company and upper-cased scheme prefix.
 * - `receipt` (period: financial year) for the payment receipt numbers.
 * - `notice` (period: financial year) for the notices before sale, N/2026-27/0001.
 */
export type CounterName =
  | 'customer'
  | `voucher:${string}`
  | `pledge:${string}`
  | 'receipt'
  // Auction lots AL/2026-27/0001, per financial year.
  | 'auction-lot'
  // Notices before sale N/2026-27/0001, per financial year.
  | 'notice'
  // Receipts of auction shortfalls collected SR/2026-27/0001, per financial year.
  | 'shortfall-receipt';

/**
 * Takes the next `n` running numbers of a counter (1, 2, 3… per company, counter and period) and
 * answers them in order. One upsert adds `n` and returns the new value; it takes the counter row's
 * lock until the caller's transaction ends, so concurrent callers queue here and a rolled-back
 * transaction gives its numbers back: no gaps, no repeats (docs/domain-rules.md §5; apps/server/README.md,
 * "Numbers").
 * `n = 0` answers nothing but still takes the lock (a bulk job queues every other taker behind it).
 */
export async function takeNumbers(
  tx: Tx,
  companyId: number,
  counter: CounterName,
  period: string,
  n: number,
): Promise<number[]> {
  if (!Number.isInteger(n) || n < 0) throw new Error(`takeNumbers: n must be a whole number >= 0, got ${n}`);
  const [row] = await tx
    .insert(counters)
    .values({ companyId, name: counter, period, value: n })
    .onConflictDoUpdate({
      target: [counters.companyId, counters.name, counters.period],
      set: { value: sql`${counters.value} + ${n}` },
    })
    .returning({ value: counters.value });
  if (!row) throw new Error('counter upsert returned no row');
  const first = row.value - n + 1;
  return Array.from({ length: n }, (_, i) => first + i);
}
