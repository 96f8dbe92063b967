import { describe, expect, it } from 'vitest';
import { loginSchema } from './auth.ts';
import { companySchema } from './company.ts';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

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

describe('company details require the six text fields (shell-and-masters §5)', () => {
  const valid = {
    company_name: 'Sri Lakshmi Bankers',
    address: '12 Car Street',
    city: 'Madurai',
    state: 'Tamil Nadu',
    phone: '0452 2345678',
    licence_no: 'MDU/PB/123',
  };
  it('defaults status to true and allows a null logo', () => {
    const parsed = companySchema.parse({ ...valid, logo: null });
    expect(parsed.status).toBe(true);
    expect(parsed.logo).toBeNull();
    expect(companySchema.parse({ ...valid, status: false }).status).toBe(false);
  });
  it('rejects blank required fields with a message each', () => {
    const result = companySchema.safeParse({ ...valid, company_name: '  ', licence_no: undefined });
    expect(messages(result)).toEqual({
      company_name: 'Company name is required',
      licence_no: 'Licence number is required',
    });
  });
  it('trims text', () => {
    expect(companySchema.parse({ ...valid, city: ' Madurai ' }).city).toBe('Madurai');
  });
});
