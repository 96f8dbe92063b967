import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequestWithHeaders } from '@/lib/api-client';
import { companyQueryKey, keepPreviousDataOf } from '@/lib/company-query';
import { useSession } from '@/lib/session';
import { type Customer, customerRowSchema, customersQueryKey } from './customer-record';

export interface CustomerPageQuery {
  skip: number;
  limit: number;
  /** Part of a name, a mobile number or a customer code; blank lists everyone. */
  search: string;
  /** Only the migrated customers still to complete. */
  toComplete?: boolean;
}

export interface CustomerPage {
  /** Where this page starts: the list keeps the previous page on screen while the next one loads. */
  skip: number;
  rows: Customer[];
  /** Every match on the server (X-Total-Count), not only this page. */
  total: number;
}

/** GET /customers/?skip&limit&search(&needs_completion): one page, newest first, and the total from the X-Total-Count header. */
export async function getCustomerPage(query: CustomerPageQuery, signal?: AbortSignal): Promise<CustomerPage> {
  const search = query.search.trim();
  const { body, headers } = await apiRequestWithHeaders<unknown>('/customers/', {
    query: {
      skip: query.skip,
      limit: query.limit,
      search,
      needs_completion: query.toComplete ? 'true' : undefined,
    },
    ...(signal ? { signal } : {}),
  });
  const rows = z.array(customerRowSchema).parse(body);
  const header = Number(headers.get('x-total-count'));
  return {
    skip: query.skip,
    rows,
    total: Number.isFinite(header) && headers.has('x-total-count') ? header : query.skip + rows.length,
  };
}

export function useCustomerPage(query: CustomerPageQuery) {
  const { company } = useSession();
  const companyId = company?.id ?? null;
  return useQuery({
    queryKey: companyQueryKey(customersQueryKey, companyId, query),
    queryFn: ({ signal }: { signal: AbortSignal }) => getCustomerPage(query, signal),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousDataOf<CustomerPage>(companyId),
  });
}
