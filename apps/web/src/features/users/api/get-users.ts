import { userViewSchema } from '@pledge-desk/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useCompanyQueryKey } from '@/lib/company-query';

/** The shared answer (`userViewSchema` of @pledge-desk/domain); the list tolerates missing extras. */
export const userRecordSchema = userViewSchema.partial({ email: true, company_id: true, created_at: true });
export type UserRecord = z.infer<typeof userRecordSchema>;

export const usersQueryKey = ['users'] as const;

/** GET /users/: the selected company's users, newest first. */
export async function getUsers(): Promise<UserRecord[]> {
  return z.array(userRecordSchema).parse(await apiRequest<unknown>('/users/'));
}

export function useUsers() {
  return useQuery({ queryKey: useCompanyQueryKey(usersQueryKey), queryFn: getUsers });
}
