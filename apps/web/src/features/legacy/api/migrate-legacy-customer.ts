import {
  migrateOneAnswerSchema as migrateOneAnswer,
  migratedCustomerSchema as sharedMigratedCustomerSchema,
} from '@pledge-desk/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/**
 * The Pledge Desk customer a legacy record became: the fields this screen reads of the shared answer
 * (`migratedCustomerSchema` of @pledge-desk/domain, the server's response schema).
 */
export const migratedCustomerSchema = sharedMigratedCustomerSchema
  .pick({ id: true, acc_code: true, customer_name: true, legacy_pno: true })
  .partial({ legacy_pno: true })
  .extend({
    /** Fields the customer form would refuse as migrated (empty, or not in the Indian format). */
    incomplete_fields: sharedMigratedCustomerSchema.shape.incomplete_fields.default([]),
  });
export type MigratedCustomer = z.infer<typeof migratedCustomerSchema>;

const migrateOneAnswerSchema = migrateOneAnswer.extend({ customer: migratedCustomerSchema });
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
