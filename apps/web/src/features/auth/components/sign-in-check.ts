import { type LoginInput, FIRST_SENTENCES as M } from '@pledge-desk/domain';

export type SignInErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * The shared login schema's rules (the domain's `loginSchema`: both required, a username of at most
 * 150 characters, a password of at most 1000, neither trimmed) and its sentences, checked by hand: the
 * sign-in screen then fetches no zod (issue 32, page weight). `__tests__/sign-in-check.test.tsx` holds
 * this check to the schema's answers.
 */
export function checkSignIn(values: LoginInput): SignInErrors {
  const errors: SignInErrors = {};
  if (values.username.length === 0) errors.username = M.USERNAME_REQUIRED;
  else if (values.username.length > 150) errors.username = M.USERNAME_TOO_LONG;
  if (values.password.length === 0) errors.password = M.PASSWORD_REQUIRED;
  else if (values.password.length > 1000) errors.password = M.PASSWORD_TOO_LONG;
  return errors;
}
