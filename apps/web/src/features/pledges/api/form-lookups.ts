import {
  type CustomerInput,
  type CustomerView,
  customerInputOf,
  customerViewSchema,
  type SchemeView,
  schemeViewSchema,
} from '@pledge-desk/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';
import { idFrom } from '../../../lib/ids';

// The reads and the one customer write the create and edit pledge screens make (issue 12 item 6).
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

const jewelRateRowSchema = z.object({ date: z.string(), rate: z.number() });
export type JewelRateRow = z.infer<typeof jewelRateRowSchema>;

/** GET /jewell_rates/by_type/{id}: the type's active rates, latest first. */
export async function getRatesOfType(jewelTypeId: number, signal?: AbortSignal): Promise<JewelRateRow[]> {
  const body = await apiRequest<unknown>(`/jewell_rates/by_type/${jewelTypeId}`, signal ? { signal } : {});
  return z.array(jewelRateRowSchema).parse(body);
}

/** Under the rates' own key, so a rate saved on the rates screen reaches an open form. */
export function useRatesOfType(jewelTypeId: number | null) {
  return useQuery({
    queryKey: useCompanyQueryKey(['jewel-rates', 'by-type'], jewelTypeId),
    queryFn: ({ signal }) => getRatesOfType(jewelTypeId as number, signal),
    enabled: jewelTypeId !== null,
  });
}

/**
 * The rate in force on a day: the latest rate dated on or before it (DOMAIN-RULES §2). The rows come
 * latest first, but are not trusted to: the latest qualifying date wins wherever it is.
 */
export function rateInForce(rows: readonly JewelRateRow[], pledgeDate: string): JewelRateRow | null {
  let best: JewelRateRow | null = null;
  for (const row of rows) {
    if (row.date <= pledgeDate && (best === null || row.date > best.date)) best = row;
  }
  return best;
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
