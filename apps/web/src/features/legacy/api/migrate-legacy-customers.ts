import { migrateManyAnswerSchema } from '@pledge-desk/domain';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { migratedCustomerSchema } from './migrate-legacy-customer';

/** The shared answer (`migrateManyAnswerSchema`), its customers read as this screen reads them. */
export const bulkMigrationSchema = migrateManyAnswerSchema.extend({
  created: z.array(z.object({ pno: z.string(), customer: migratedCustomerSchema })),
});
export type BulkMigration = z.infer<typeof bulkMigrationSchema>;

/**
 * POST /legacy/customers/migrate: all listed records in one transaction; those already migrated,
 * unknown or listed twice come back as skipped with the reason.
 */
export async function migrateLegacyCustomers(pnos: string[]): Promise<BulkMigration> {
  const body = await apiRequest<unknown>('/legacy/customers/migrate', { method: 'POST', body: { pnos } });
  return bulkMigrationSchema.parse(body);
}

export function useMigrateLegacyCustomers() {
  return useMutation({ mutationFn: migrateLegacyCustomers, meta: { skipErrorToast: true } });
}
