import { designViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';
import { useSession } from '@/lib/session';

/**
 * The shared answer (`designViewSchema` of @pledge-desk/domain): the fields this screen reads. `is_coin`
 * is optional here because a pledge's item names its design without it (only the list marks coins).
 */
export const designSchema = designViewSchema
  .pick({ id: true, design_name: true, is_coin: true, created_at: true })
  .partial({ is_coin: true });
export type Design = z.infer<typeof designSchema>;

/** How many matches the picker shows; the clerk narrows the term rather than scrolls. */
export const DESIGN_SEARCH_LIMIT = 20;

export const designsQueryKey = (companyId: number | null, search: string) =>
  companyQueryKey(['designs'], companyId, { search });

/** GET /jewell_designs/?search=: designs whose name contains the term, ignoring case. */
export async function searchDesigns(search: string, signal?: AbortSignal): Promise<Design[]> {
  const body = await apiRequest<unknown>('/jewell_designs/', {
    query: { search, limit: DESIGN_SEARCH_LIMIT },
    ...(signal ? { signal } : {}),
  });
  return z.array(designSchema).parse(body);
}

export function useDesigns(search: string) {
  const { company } = useSession();
  return useQuery({
    queryKey: designsQueryKey(company?.id ?? null, search),
    queryFn: ({ signal }) => searchDesigns(search, signal),
  });
}
