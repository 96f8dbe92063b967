import { type PledgeSummary, pledgeCountSchema, pledgeListSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { pledgesQueryKey } from './pledge-queries';

export interface PledgePageQuery {
  skip: number;
  limit: number;
  /** Pledge no, customer name, mobile or customer code; blank lists every pledge. */
  search: string;
}

export interface PledgePage {
  /** Where this page starts: the list keeps the previous page on screen while the next one loads. */
  skip: number;
  rows: PledgeSummary[];
  /** Every match on the server, not only this page; past the server's cap, the cap plus one. */
  total: number;
  /** The server stopped counting (X-Total-Count-Capped): there are more than `total - 1` matches. */
  totalCapped: boolean;
}

/** GET /pledges/count?search: the number of matches, when a list answer carries no X-Total-Count. */
export async function countPledges(search: string, signal?: AbortSignal): Promise<number> {
  const body = await apiRequest<unknown>('/pledges/count', {
    query: { search },
    ...(signal ? { signal } : {}),
  });
  return pledgeCountSchema.parse(body).count;
}

/**
 * GET /pledges/?skip&limit&search: one page, newest first. The total comes from the X-Total-Count
 * header; without it, from GET /pledges/count (spec §7), so the page buttons are always right.
 */
export async function getPledgePage(query: PledgePageQuery, signal?: AbortSignal): Promise<PledgePage> {
  const search = query.search.trim();
  const { body, headers } = await apiRequestWithHeaders<unknown>('/pledges/', {
    query: { skip: query.skip, limit: query.limit, search },
    ...(signal ? { signal } : {}),
  });
  const rows = pledgeListSchema.parse(body);
  const header = headers.get('x-total-count');
  const total =
    header !== null && Number.isSafeInteger(Number(header)) && header.trim() !== ''
      ? Number(header)
      : await countPledges(search, signal);
  const totalCapped = header !== null && headers.get('x-total-count-capped') === 'true';
  return { skip: query.skip, rows, total, totalCapped };
}

export function usePledgePage(query: PledgePageQuery) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(pledgesQueryKey, companyId, 'list', query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPledgePage(query, signal),
    placeholderData: keepPreviousDataOf<PledgePage>(companyId),
  });
}
