import { describe, expect, it } from 'vitest';
import { loginSchema } from '../schemas/auth.ts';
import { zodFieldErrors } from '../schemas/helpers.ts';
import { fieldErrorMap } from './field-error.ts';

describe('field errors have one shape for validators and zod', () => {
  it('maps a list to the first message per field', () => {
    expect(
      fieldErrorMap([
        { field: 'amount', message: 'first' },
        { field: 'amount', message: 'second' },
        { field: 'payment_date', message: 'date' },
      ]),
    ).toEqual({ amount: 'first', payment_date: 'date' });
  });
  it('turns zod issues into dotted field names', () => {
    const result = loginSchema.safeParse({ username: '' });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(zodFieldErrors(result.error)).toEqual([
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]);
    }
  });
});
