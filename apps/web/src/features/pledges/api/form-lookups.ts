import {
  type CustomerInput,
  type CustomerView,
  customerInputOf,
  customerViewSchema,
  type SchemeView,
  schemeViewSchema,
  type ValuationRateView,
  valuationRateSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';
import { idFrom } from '@/lib/ids';

// The reads and the one customer write the create and edit pledge screens make.
// Features may not import each other, so the customer calls are the screen's own, on the same paths.

/** GET /customers/{id}: the customer with the pledge screens' name, phone, address and city. */
export async function getCustomer(id: number, signal?: AbortSignal): Promise<CustomerView> {
  const body = await apiRequest<unknown>(`/customers/${id}`, signal ? { signal } : {});
  return customerViewSchema.parse(body);
}

/**
 * The customer a clerk typed: a customer code (`C000123`, any case) or the numeric id. The code is
 * found through the customers list's search, which matches codes by their index, then taken only on an
 * exact match; null when there is no such customer.
 */
export async function findCustomerByNumber(
  typed: string,
  signal?: AbortSignal,
): Promise<CustomerView | null> {
  const text = typed.trim();
  const withSignal = signal ? { signal } : {};
  try {
    if (/^\d+$/.test(text)) {
      const id = idFrom(text);
      return id === null ? null : await getCustomer(id, signal);
    }
    if (!/^[A-Za-z]{1,3}\d{1,12}$/.test(text)) return null;
    const body = await apiRequest<unknown>('/customers/', {
      query: { search: text, skip: 0, limit: 10 },
      ...withSignal,
    });
    const code = text.toUpperCase();
    return (
      z
        .array(customerViewSchema)
        .parse(body)
        .find((c) => c.acc_code.toUpperCase() === code) ?? null
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /schemes/: every scheme of the company with its terms (the form offers the active ones). */
export async function getFormSchemes(): Promise<SchemeView[]> {
  return z.array(schemeViewSchema).parse(await apiRequest<unknown>('/schemes/'));
}

/** Under the schemes' own key, so saving a scheme refreshes the form's list too. */
export function useFormSchemes() {
  return useQuery({ queryKey: useCompanyQueryKey(['schemes', 'form-terms']), queryFn: getFormSchemes });
}

/** A scheme's valuation on a date: the server's rate, or the server's sentence why there is none. */
export type ValuationAnswer = { rate: ValuationRateView; noRate: null } | { rate: null; noRate: string };

/**
 * GET /pledges/valuation-rate: the rate per gram the server will value a new pledge of the scheme on the
 * date at, under the branch's regime: the form values the items with it, so it shows
 * the figures the server checks. A 422 (no rate for the jewel type) is an answer, not a failure.
 */
export async function getValuationRate(
  schemeId: number,
  pledgeDate: string,
  signal?: AbortSignal,
): Promise<ValuationAnswer> {
  try {
    const body = await apiRequest<unknown>('/pledges/valuation-rate', {
      query: { scheme_id: schemeId, pledge_date: pledgeDate },
      ...(signal ? { signal } : {}),
    });
    return { rate: valuationRateSchema.parse(body), noRate: null };
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      return { rate: null, noRate: error.fieldErrors[0]?.msg ?? error.message };
    }
    throw error;
  }
}

/** Under the rates' own key, so a rate saved on the Jewel Rates screen reaches an open form. */
export function useValuationRate(schemeId: number | null, pledgeDate: string | null) {
  return useQuery({
    queryKey: useCompanyQueryKey(['jewel-rates', 'valuation'], schemeId, pledgeDate),
    queryFn: ({ signal }) => getValuationRate(schemeId as number, pledgeDate as string, signal),
    enabled: schemeId !== null && pledgeDate !== null,
    // The regime or a rate may change in another tab: asked again whenever the form opens.
    staleTime: 0,
  });
}

export { customerInputOf };

/** PUT /customers/{id}: the edit pledge screen's customer details, sent as the whole record. */
export async function saveFormCustomer({
  id,
  values,
}: {
  id: number;
  values: CustomerInput;
}): Promise<CustomerView> {
  const body = await apiRequest<unknown>(`/customers/${id}`, { method: 'PUT', body: values });
  return customerViewSchema.parse(body);
}

export function useSaveFormCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFormCustomer,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['customers'] }),
  });
}
