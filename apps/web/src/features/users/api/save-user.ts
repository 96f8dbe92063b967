import type { UserCreateInput, UserUpdateInput } from '@pledge-desk/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { type UserRecord, userRecordSchema, usersQueryKey } from './get-users';

export type SaveUserRequest =
  | { id?: undefined; values: UserCreateInput }
  | { id: number; values: UserUpdateInput };

/**
 * POST /users/ for a new user; PUT /users/{id} for an edit, where a blank password is left out of the
 * request so the old one stays (shell-and-masters §5).
 */
export async function saveUser(request: SaveUserRequest): Promise<UserRecord> {
  if (request.id === undefined) {
    return userRecordSchema.parse(
      await apiRequest<unknown>('/users/', { method: 'POST', body: request.values }),
    );
  }
  const { password, ...rest } = request.values;
  const body = password ? { ...rest, password } : rest;
  return userRecordSchema.parse(await apiRequest<unknown>(`/users/${request.id}`, { method: 'PUT', body }));
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    meta: { skipErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
