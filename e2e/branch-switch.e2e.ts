/**
 * Changing branch never shows the previous branch's records. The test opens a second
 * branch, which the other suites' shared server must not see (several of them count on the single
 * company being preselected), so it runs on a server and database of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { startOwnServer } from './global-setup.ts';
import { rowWith, signIn, useBrowser } from './support.ts';

const browser = useBrowser();
let server: { baseUrl: string; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  server = await startOwnServer('branches', adminCredentials.password);
});

afterAll(async () => {
  await server?.stop();
});

async function api<T>(path: string, init: { token?: string; companyId?: number; body?: unknown } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  if (init.companyId !== undefined) headers['X-Company-Id'] = String(init.companyId);
  const response = await fetch(`${server!.baseUrl}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function customer(name: string) {
  return {
    customer_name: name,
    guardian_name: 'Subramanian',
    mobile_number: '9842012345',
    door_no: '12',
    street: 'South Masi Street',
    location: 'Town',
    district: 'Madurai',
    pincode: '625001',
  };
}

describe('changing branch in the browser', () => {
  it("shows the second branch's customers only, asked for with its X-Company-Id", async () => {
    const { access_token: token } = await api<{ access_token: string }>('/auth/login', {
      body: adminCredentials,
    });
    const [main] = await api<{ id: number }[]>('/companies/', { token });
    const second = await api<{ id: number }>('/companies/', {
      token,
      body: {
        company_name: 'Tirunelveli Branch',
        address: '4 Car Street',
        city: 'Tirunelveli',
        state: 'Tamil Nadu',
        phone: '0462 233445',
        licence_no: 'TN-PB-0077',
      },
    });
    await api('/customers/', { token, companyId: main!.id, body: customer('Madurai Murugan') });
    await api('/customers/', { token, companyId: second.id, body: customer('Tirunelveli Selvi') });

    const page = browser.page();
    const customerCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/customers/') {
        customerCalls.push(request.headers()['x-company-id'] ?? '');
      }
    });

    await signIn(page, server!.baseUrl, adminCredentials.username, adminCredentials.password);
    await page.getByRole('button', { name: /Main Branch/ }).click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Masters' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await rowWith(page, 'Madurai Murugan').waitFor();
    expect(customerCalls).toEqual([String(main!.id)]);

    await page.getByRole('button', { name: 'Change Company' }).click();
    await page.getByRole('button', { name: /Tirunelveli Branch/ }).click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    // The address did not change: the Customers screen opens again, now for the second branch.
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    expect(page.url()).toMatch(/#\/admin\/customers$/);

    await rowWith(page, 'Tirunelveli Selvi').waitFor();
    expect(await rowWith(page, 'Madurai Murugan').count()).toBe(0);
    expect(customerCalls.at(-1)).toBe(String(second.id));
    expect(customerCalls.filter((id) => id === String(second.id)).length).toBeGreaterThan(0);
    expect(browser.problems()).toEqual([]);
  });
});
