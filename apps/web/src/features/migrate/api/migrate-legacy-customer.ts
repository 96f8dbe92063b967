import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The Pledge Desk customer a legacy record became (the fields this screen uses). */
export const migratedCustomerSchema = z.object({
  id: z.number().int(),
  acc_code: z.string(),
  customer_name: z.string(),
  legacy_pno: z.string().optional(),
  /** Fields the customer form would refuse as migrated (empty, or not in the Indian format). */
  incomplete_fields: z.array(z.string()).default([]),
});
export type MigratedCustomer = z.infer<typeof migratedCustomerSchema>;

const migrateOneAnswerSchema = z.object({ created: z.boolean(), customer: migratedCustomerSchema });
export type MigrateOneAnswer = z.infer<typeof migrateOneAnswerSchema>;

const fieldLabels: Record<string, string> = {
  customer_name: 'name',
  guardian_name: 'guardian name',
  mobile_number: 'mobile number',
  door_no: 'door no',
  street: 'street',
  location: 'location',
  district: 'district',
  pincode: 'pincode',
};

/** 'guardian name, pincode': the fields a clerk still has to fill on the Customers screen. */
export function incompleteFieldsText(fields: readonly string[]): string {
  return fields.map((f) => fieldLabels[f] ?? f.replace(/_/g, ' ')).join(', ');
}

/**
 * POST /legacy/customers/{pno}/migrate: 201 with the customer made from the record, or 200 with the
 * one made before (`created` false) when it was migrated already.
 */
export async function migrateLegacyCustomer(pno: string): Promise<MigrateOneAnswer> {
  const body = await apiRequest<unknown>(`/legacy/customers/${encodeURIComponent(pno)}/migrate`, {
    method: 'POST',
  });
  return migrateOneAnswerSchema.parse(body);
}

export function useMigrateLegacyCustomer() {
  // The page says which record failed, so the generic error toast stays out.
  return useMutation({ mutationFn: migrateLegacyCustomer, meta: { skipErrorToast: true } });
}
