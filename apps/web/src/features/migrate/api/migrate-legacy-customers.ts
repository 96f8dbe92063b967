import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const pnoSchema = z.union([z.string(), z.number()]).transform(String);

export const bulkMigrationSchema = z.object({
  created: z.array(z.object({ pno: pnoSchema }).passthrough()),
  skipped: z.array(z.object({ pno: pnoSchema, reason: z.string() }).passthrough()),
});
export type BulkMigration = z.infer<typeof bulkMigrationSchema>;

/** POST /legacy/customers/migrate: migrates the listed records; says which were made and which skipped, and why. */
export async function migrateLegacyCustomers(pnos: string[]): Promise<BulkMigration> {
  const body = await apiRequest<unknown>('/legacy/customers/migrate', { method: 'POST', body: { pnos } });
  return bulkMigrationSchema.parse(body);
}

export function useMigrateLegacyCustomers() {
  return useMutation({ mutationFn: migrateLegacyCustomers, meta: { skipErrorToast: true } });
}
