import { type PledgeBook, pledgeBookSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';

export type { PledgeBook };

export interface PledgeBookQuery {
  from: string;
  to: string;
  /** 1-based. */
  page: number;
  pageSize: number;
}

/** GET /registers/pledge-book?from&to&page&page_size: one page of the register and the range's count. */
export async function getPledgeBook(
  query: PledgeBookQuery,
  signal?: AbortSignal,
): Promise<{ book: PledgeBook; total: number }> {
  const { body, headers } = await apiRequestWithHeaders<unknown>('/registers/pledge-book', {
    query: { from: query.from, to: query.to, page: query.page, page_size: query.pageSize },
    ...(signal ? { signal } : {}),
  });
  const book = pledgeBookSchema.parse(body);
  const header = Number(headers.get('x-total-count'));
  return { book, total: Number.isSafeInteger(header) ? header : book.totals.pledges };
}

export function usePledgeBook(query: PledgeBookQuery, enabled = true) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(['registers', 'pledge-book'], companyId, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPledgeBook(query, signal),
    placeholderData: keepPreviousDataOf<{ book: PledgeBook; total: number }>(companyId),
    enabled,
  });
}
