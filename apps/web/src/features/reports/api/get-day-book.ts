import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const dayBookSchema = z.object({
  from: z.string(),
  to: z.string(),
  vouchers: z.array(
    z.object({
      entry_id: z.number(),
      entry_date: z.string(),
      voucher_type: z.string(),
      voucher_number: z.string(),
      reference_number: z.string().nullable(),
      narration: z.string(),
      total_amount: z.number(),
      source: z.string(),
      lines: z.array(
        z.object({
          account_code: z.string(),
          account_name: z.string(),
          debit: z.number(),
          credit: z.number(),
          narration: z.string().nullable(),
        }),
      ),
    }),
  ),
  totals_by_type: z.array(
    z.object({ voucher_type: z.string(), count: z.number(), total_amount: z.number() }),
  ),
  totals: z.object({ count: z.number(), debit: z.number(), credit: z.number() }),
});
export type DayBook = z.infer<typeof dayBookSchema>;

/** GET /reports/day-book?from=&to= */
export async function getDayBook(from: string, to: string): Promise<DayBook> {
  return dayBookSchema.parse(await apiRequest<unknown>('/reports/day-book', { query: { from, to } }));
}

export function useDayBook(from: string, to: string) {
  return useQuery({
    queryKey: useCompanyQueryKey(['reports', 'day-book'], from, to),
    queryFn: () => getDayBook(from, to),
    enabled: from !== '' && to !== '' && from <= to,
  });
}
