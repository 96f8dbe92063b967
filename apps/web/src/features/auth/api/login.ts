import type { LoginInput } from '@pledge-desk/domain';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';
import { sessionUserSchema, type User } from '@/lib/session-types';
import { object, string } from '@/lib/shape';

export const INVALID_CREDENTIALS_MESSAGE = 'Invalid username or password. Please try again.';

const loginResponseSchema = object({
  access_token: string(),
  user: sessionUserSchema,
});

/** POST /auth/login. Spec §5: an answer without an access token counts as a failed sign-in. */
export async function login(input: LoginInput): Promise<{ token: string; user: User }> {
  const body = await apiRequest<unknown>('/auth/login', {
    method: 'POST',
    body: input,
    skipUnauthorizedHandler: true,
  });
  const parsed = loginResponseSchema.safeParse(body);
  if (!parsed.success || parsed.data.access_token === '')
    throw new ApiError(401, INVALID_CREDENTIALS_MESSAGE);
  return { token: parsed.data.access_token, user: parsed.data.user };
}

/**
 * The sentence shown under the form (spec §8). A 429 carries the server's wait ("Try again in N
 * seconds"); a 5xx its own detail, since blaming the password for a server fault would mislead.
 */
export function signInErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return INVALID_CREDENTIALS_MESSAGE;
  if (error.isNetworkError) return error.message;
  if (error.status === 429 || error.status >= 500) return error.message;
  return INVALID_CREDENTIALS_MESSAGE;
}

export function useLogin() {
  return useMutation({ mutationFn: login, meta: { skipErrorToast: true } });
}
