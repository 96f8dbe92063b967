import type { QuickSearch } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

/** The header's search waits this long after the last key, and searches from one character. */
export const QUICK_SEARCH_DEBOUNCE_MS = 250;
export const QUICK_SEARCH_MIN_CHARS = 1;
/** Longer text is cut, not sent to be refused. */
export const QUICK_SEARCH_MAX_LENGTH = 100;

/** GET /search?q=: up to 8 pledges and 8 customers matching a pledge number, name, mobile or code. */
export async function quickSearch(term: string, signal?: AbortSignal): Promise<QuickSearch> {
  // The schema (and zod) come with the first search, beside its answer, not with the shell (issue 32).
  const schema = import('./quick-search-schema');
  const body = await apiRequest<unknown>('/search', { query: { q: term }, ...(signal ? { signal } : {}) });
  return (await schema).quickSearchSchema.parse(body);
}

/** Under the pledges' key, so a saved pledge or customer is found as it now is. */
export function useQuickSearch(term: string) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(['pledges', 'quick-search'] as const, companyId, { term }),
    queryFn: ({ signal }: { signal: AbortSignal }) => quickSearch(term, signal),
    enabled: term.length >= QUICK_SEARCH_MIN_CHARS,
    // The previous matches stay while the next ones come, so the list does not flicker per key.
    placeholderData: keepPreviousDataOf<QuickSearch>(companyId),
    staleTime: 30_000,
  });
}
