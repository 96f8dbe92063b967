import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { type LegacyCustomer, legacyCustomerSchema } from './legacy-customer';

const searchAnswerSchema = z.object({
  data: z.array(legacyCustomerSchema),
  /** Nothing to search: no old-system service and nothing imported yet (a fresh install). */
  store_empty: z.boolean().default(false),
});

/** How the old customers get into an empty store (README, 'Importing from the old system'). */
export const IMPORT_COMMAND = 'npm run legacy:import -- /path/to/CUSTOMER.DBF';

// The reason phrases of HTTP/1.1; the api-client keeps the status but not the phrase.
const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * The search's failure sentence (spec §8): 'Failed to fetch customers: {status} {statusText}', with the
 * server's own sentence after it when it gave one, and the network sentence when nothing answered.
 */
export function searchFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return `Failed to fetch customers: ${error.message}`;
    const head = `Failed to fetch customers: ${error.status} ${reasonPhrases[error.status] ?? 'Error'}`;
    return typeof error.detail === 'string' && error.detail.trim() !== '' ? `${head}. ${error.detail}` : head;
  }
  return `Failed to fetch customers: ${error instanceof Error ? error.message : String(error)}`;
}

/**
 * GET /legacy/customers/search?q=: customers of the older system whose name, number or phone match,
 * and whether there was anything to search at all.
 */
export async function searchLegacyCustomers(
  term: string,
  signal?: AbortSignal,
): Promise<{ rows: LegacyCustomer[]; storeEmpty: boolean }> {
  const body = await apiRequest<unknown>('/legacy/customers/search', { query: { q: term }, signal });
  const answer = searchAnswerSchema.parse(body);
  return { rows: answer.data, storeEmpty: answer.store_empty };
}
