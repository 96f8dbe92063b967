import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { companyQueryKey } from '@/lib/company-query';

const customerMatchSchema = z.object({ id: z.number().int(), name: z.string(), phone: z.string() });
export type CustomerMatch = z.infer<typeof customerMatchSchema>;

/** Under the customers' own key, so saving a customer forgets the cached matches. */
export const customerMatchesQueryKey = (companyId: number | null, term: string) =>
  companyQueryKey(['customers', 'search'], companyId, { term });

/**
 * GET /customers/search?q=: part of a name or of a mobile number (the server tells them apart), best
 * matches first, at most the server's limit.
 */
export async function searchCustomers(term: string, signal?: AbortSignal): Promise<CustomerMatch[]> {
  const body = await apiRequest<unknown>('/customers/search', {
    query: { q: term },
    ...(signal ? { signal } : {}),
  });
  return z.array(customerMatchSchema).parse(body);
}
