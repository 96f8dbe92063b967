import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

const openDaySchema = z.object({ date: z.string(), today: z.string() });

/**
 * GET /daybook-entries/open-day: the latest business day on or before today that is not closed, the
 * date Add Entry starts on (today, once closed, refused the first Save).
 */
export async function getOpenDay(signal?: AbortSignal): Promise<z.infer<typeof openDaySchema>> {
  return openDaySchema.parse(
    await apiRequest<unknown>('/daybook-entries/open-day', signal ? { signal } : {}),
  );
}

/** Read afresh each time a new entry is opened: a day may have been closed or reopened meanwhile. */
export function useOpenDay(enabled: boolean) {
  return useQuery({
    queryKey: useCompanyQueryKey(['daybook-open-day']),
    queryFn: ({ signal }) => getOpenDay(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
