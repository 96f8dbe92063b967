import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionUserSchema, type User } from '@/lib/session-types';

export async function getMe(): Promise<User> {
  return sessionUserSchema.parse(await apiRequest<unknown>('/users/me'));
}

/** Refreshes the signed-in user (role and permissions may have changed since sign-in). */
export function useMe(enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'me'],
    queryFn: getMe,
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
