import { loginSchema } from '@pledge-desk/domain';
import { describe, expect, it } from 'vitest';
import { checkSignIn, type SignInErrors } from '../components/sign-in-check';

/** The domain schema's first sentence for each field, as the form showed them before the hand check. */
function schemaErrors(values: { username: string; password: string }): SignInErrors {
  const parsed = loginSchema.safeParse(values);
  const errors: SignInErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as keyof SignInErrors;
      errors[field] ??= issue.message;
    }
  return errors;
}

describe('the sign-in check', () => {
  const texts = [
    '',
    ' ',
    'a',
    'admin',
    ' admin ',
    'நகை',
    'x'.repeat(150),
    'x'.repeat(151),
    'x'.repeat(1000),
    'x'.repeat(1001),
  ];

  it('refuses exactly what the shared login schema refuses, with its sentences', () => {
    for (const username of texts)
      for (const password of texts)
        expect(checkSignIn({ username, password }), `${username.length}/${password.length}`).toEqual(
          schemaErrors({ username, password }),
        );
  });

  it('names each field once: required, then too long', () => {
    expect(checkSignIn({ username: '', password: '' })).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(checkSignIn({ username: 'u'.repeat(151), password: 'p'.repeat(1001) })).toEqual({
      username: 'Username must be at most 150 characters',
      password: 'Password must be at most 1000 characters',
    });
    expect(checkSignIn({ username: ' ', password: ' ' })).toEqual({});
  });
});
