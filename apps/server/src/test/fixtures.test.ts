import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  capitalVoucherFor,
  customerFor,
  emptyDatabase,
  freshCompany,
  goldRateFor,
  jewelRateFor,
  jewelTypeFor,
  schemeFor,
  userFor,
} from './fixtures.ts';
import { ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from './test-app.ts';

// The fixtures other tests build on: each makes what it says, in the company it is given.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('freshCompany, adminFor and userFor', () => {
  it('make a company with its system accounts and signed-in users of it', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    expect(admin.username).not.toBe(clerk.username);
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(clerk.token) });
    expect(me.json()).toMatchObject({ username: clerk.username, role: 'user', company_id: company.id });
    const accounts = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: admin.headers() });
    expect(accounts.json().map((a: { account_code: string }) => a.account_code)).toContain('1200');
  });
});

describe('the builders', () => {
  it('make records of the actor’s company through the API', async () => {
    const admin = await adminFor(t, (await freshCompany(t)).id);
    expect((await customerFor(t, admin)).acc_code).toBe('C000001');
    const gold = await jewelTypeFor(t, admin);
    const first = await schemeFor(t, admin, gold.id);
    const second = await schemeFor(t, admin, gold.id);
    expect(first.prefix).not.toBe(second.prefix);
    expect((await goldRateFor(t, admin, '2026-11-01')).date).toBe('2026-11-01');
    expect((await jewelRateFor(t, admin, gold.id, '2026-11-01')).effective_date).toBe('2026-11-01');
    expect((await capitalVoucherFor(t, admin, '2026-11-01', 1000)).voucher_number).toBe('RCT/2026-27/0001');
  });
});

describe('emptyDatabase', () => {
  it('leaves only what a first start makes', async () => {
    await freshCompany(t);
    await emptyDatabase(t);
    const token = await login(t.app, 'admin', ADMIN_PASSWORD);
    const companies = await t.app.inject({ method: 'GET', url: '/api/companies/', headers: bearer(token) });
    expect(companies.json().map((c: { company_name: string }) => c.company_name)).toEqual(['Main Branch']);
  });
});
