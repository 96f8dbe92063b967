import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { useCompanyQueryKey } from '../../../lib/company-query';

export const userRecordSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable().optional(),
  role: z.enum(['admin', 'user']),
  company_id: z.number().nullable().optional(),
  created_at: z.string().nullable().optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const usersQueryKey = ['users'] as const;

/** GET /users/: the selected company's users, newest first. */
export async function getUsers(): Promise<UserRecord[]> {
  return z.array(userRecordSchema).parse(await apiRequest<unknown>('/users/'));
}

export function useUsers() {
  return useQuery({ queryKey: useCompanyQueryKey(usersQueryKey), queryFn: getUsers });
}
