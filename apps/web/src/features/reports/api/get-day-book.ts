import { type DayBook, dayBookSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

export type { DayBook };

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
