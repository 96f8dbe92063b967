import { type PaymentHistoryRow, paymentHistoryListSchema, quickSearchSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { idFrom } from '@/lib/ids';
import { useSession } from '@/lib/session';
import type { PaymentFilters } from '../payment-filters';
import { paymentsQueryKey } from './payments-query-key';

export interface PaymentPageQuery {
  filters: PaymentFilters;
  skip: number;
  limit: number;
}

export interface PaymentPage {
  /** Where this page starts: the previous page stays on screen while the next one loads. */
  skip: number;
  rows: PaymentHistoryRow[];
  /** Every match on the server (X-Total-Count), not only this page; past the server's cap, the cap plus one. */
  total: number;
  /** The server stopped counting (X-Total-Count-Capped): there are more than `total - 1` matches. */
  totalCapped: boolean;
}

/**
 * The pledge a typed Pledge ID names: a pledge number first (the header search's exact match,
 * case-insensitive), else a plain number is the pledge's id. Null when it names none: no payment can
 * match, and the list is empty without asking.
 */
export async function resolvePledgeFilter(text: string, signal?: AbortSignal): Promise<number | null> {
  const term = text.trim();
  const body = await apiRequest<unknown>('/search', { query: { q: term }, ...(signal ? { signal } : {}) });
  const exact = quickSearchSchema
    .parse(body)
    .pledges.find((p) => p.pledge_no.trim().toLowerCase() === term.toLowerCase());
  return exact ? exact.pledge_id : idFrom(term);
}

/**
 * GET /pledge-payments/?skip&limit&from_date&to_date&payment_type&payment_method&pledge_id: one page,
 * newest first; empty filters are left out (spec §7). The total is the X-Total-Count header, which past
 * 1,000 matches says 1001 with X-Total-Count-Capped (the list then reads '1,000+').
 */
export async function getPaymentPage(query: PaymentPageQuery, signal?: AbortSignal): Promise<PaymentPage> {
  const { filters } = query;
  let pledgeId: number | undefined;
  if (filters.pledge.trim() !== '') {
    const resolved = await resolvePledgeFilter(filters.pledge, signal);
    if (resolved === null) return { skip: query.skip, rows: [], total: 0, totalCapped: false };
    pledgeId = resolved;
  }
  const { body, headers } = await apiRequestWithHeaders<unknown>('/pledge-payments/', {
    query: {
      skip: query.skip,
      limit: query.limit,
      from_date: filters.fromDate,
      to_date: filters.toDate,
      payment_type: filters.paymentType,
      payment_method: filters.paymentMethod,
      pledge_id: pledgeId,
    },
    ...(signal ? { signal } : {}),
  });
  const rows = paymentHistoryListSchema.parse(body);
  const header = headers.get('x-total-count');
  const counted = header !== null && header.trim() !== '' ? Number(header) : Number.NaN;
  // Without the header (an older server) the page itself is all that is known.
  const total = Number.isSafeInteger(counted) && counted >= 0 ? counted : query.skip + rows.length;
  const totalCapped = header !== null && headers.get('x-total-count-capped') === 'true';
  return { skip: query.skip, rows, total, totalCapped };
}

export function usePaymentPage(query: PaymentPageQuery) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(paymentsQueryKey, companyId, 'list', query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPaymentPage(query, signal),
    placeholderData: keepPreviousDataOf<PaymentPage>(companyId),
  });
}
