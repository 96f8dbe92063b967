import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.ts';
import { messages } from './test-helpers.ts';

describe('sign-in requires username and password (shell-and-masters §5)', () => {
  it('accepts both', () => {
    expect(loginSchema.parse({ username: 'admin', password: 'x' })).toEqual({
      username: 'admin',
      password: 'x',
    });
  });
  it('names each missing field', () => {
    expect(messages(loginSchema.safeParse({}))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });
});
