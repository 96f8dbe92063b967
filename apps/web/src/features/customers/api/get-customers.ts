import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApiError,
  apiRequest,
  getApiBaseUrl,
  NETWORK_ERROR_MESSAGE,
  toApiError,
} from '../../../lib/api-client';
import { readStorage, storageKeys } from '../../../lib/storage';
import { type Customer, customerRecordSchema, customersQueryKey } from './customer-record';

export interface CustomerPageQuery {
  skip: number;
  limit: number;
  /** Part of a name, a mobile number or a customer code; blank lists everyone. */
  search: string;
}

export interface CustomerPage {
  rows: Customer[];
  /** Every match on the server (X-Total-Count), not only this page. */
  total: number;
}

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readStorage(storageKeys.accessToken);
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const company = JSON.parse(readStorage(storageKeys.selectedCompany) ?? 'null') as { id?: unknown } | null;
    if (typeof company?.id === 'number') headers['X-Company-Id'] = String(company.id);
  } catch {
    // No readable company: the server uses the user's own.
  }
  return headers;
}

/**
 * GET /customers/?skip&limit&search: one page, newest first, and the total from the X-Total-Count
 * header. apiRequest gives only the body, so this call reads the response itself; a 401 is handed back
 * to apiRequest, which owns the sign-out-and-reload rule (spec §7).
 */
export async function getCustomerPage(query: CustomerPageQuery, signal?: AbortSignal): Promise<CustomerPage> {
  const params = new URLSearchParams({ skip: String(query.skip), limit: String(query.limit) });
  const search = query.search.trim();
  if (search) params.set('search', search);
  const path = `/customers/?${params.toString()}`;
  let response: Response;
  try {
    response = await fetch(`${getApiBaseUrl()}${path}`, {
      headers: requestHeaders(),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (response.status === 401) return apiRequest<CustomerPage>(path);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the error.
  }
  if (!response.ok) throw toApiError(response.status, body, response.statusText);
  const rows = z.array(customerRecordSchema).parse(body);
  const header = Number(response.headers.get('x-total-count'));
  return {
    rows,
    total:
      Number.isFinite(header) && response.headers.has('x-total-count') ? header : query.skip + rows.length,
  };
}

export function useCustomerPage(query: CustomerPageQuery) {
  return useQuery({
    queryKey: [...customersQueryKey, query],
    queryFn: ({ signal }) => getCustomerPage(query, signal),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}
