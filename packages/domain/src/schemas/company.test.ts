import { describe, expect, it } from 'vitest';
import { companySchema } from './company.ts';
import { messages } from './test-helpers.ts';

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
