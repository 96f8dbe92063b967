import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

const auditUserSchema = z.object({ id: z.number().int(), username: z.string() });
export type AuditUser = z.infer<typeof auditUserSchema>;

/** GET /users/ (the users API of User Management): the names for the trail's User filter. */
export async function getAuditUsers(): Promise<AuditUser[]> {
  const users = z.array(auditUserSchema).parse(await apiRequest<unknown>('/users/'));
  return [...users].sort((a, b) => a.username.localeCompare(b.username));
}

export function useAuditUsers() {
  return useQuery({ queryKey: useCompanyQueryKey(['audit', 'users']), queryFn: getAuditUsers });
}
