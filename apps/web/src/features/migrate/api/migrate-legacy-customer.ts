import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The Pledge Desk customer a legacy record became (the fields this screen shows). */
export const migratedCustomerSchema = z.object({
  id: z.number().int(),
  acc_code: z.string().nullable().optional(),
  customer_name: z.string().nullable().optional(),
});
export type MigratedCustomer = z.infer<typeof migratedCustomerSchema>;

/** POST /legacy/customers/{pno}/migrate: the customer made from the record (the same one when repeated). */
export async function migrateLegacyCustomer(pno: string): Promise<MigratedCustomer> {
  const body = await apiRequest<unknown>(`/legacy/customers/${encodeURIComponent(pno)}/migrate`, {
    method: 'POST',
  });
  return migratedCustomerSchema.parse(body);
}

export function useMigrateLegacyCustomer() {
  // The page says which record failed, so the generic error toast stays out.
  return useMutation({ mutationFn: migrateLegacyCustomer, meta: { skipErrorToast: true } });
}
