import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, userFor } from '../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import type { Access } from './permissions.ts';

/**
 * Who may call what (docs/domain-rules.md §7.1), written out by hand in each module's `<module>.access.ts`.
 * Every /api route must be listed there: a new route without an entry fails the first test, so none
 * is added without deciding its access.
 */
const modulesDir = path.resolve(import.meta.dirname, '../modules');
const EXPECTED: Record<string, Access> = {};
for (const dir of fs.readdirSync(modulesDir, { withFileTypes: true })) {
  if (!dir.isDirectory()) continue;
  const file = path.join(modulesDir, dir.name, `${dir.name}.access.ts`);
  if (!fs.existsSync(file)) continue;
  const mod = (await import(file)) as { access: Record<string, Access> };
  Object.assign(EXPECTED, mod.access);
}

/**
 * A path for each route: `:id` is filled with a company id (companies module) or with a record id
 * that may not exist; either way the access layer answers before the handler looks.
 */
const fill = (url: string, companyId: number) => url.replace(/:(\w+)/g, () => String(companyId));

let t: TestApp;

/**
 * Each test's own world: the user's company (`ownId`, with the user) and another (`otherId`, with an
 * admin). The matrix tests call every route, deletes included, so nothing may be shared between tests.
 */
async function setup() {
  const other = await freshCompany(t, { company_name: 'Main Branch' });
  const own = await freshCompany(t);
  const admin = await adminFor(t, other.id);
  const user = await userFor(t, own.id);
  return { ownId: own.id, otherId: other.id, adminToken: admin.token, userToken: user.token };
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Routes our code declares (the API reference plugin's own asset routes are public by nature). */
function declaredRoutes(): Map<string, Access> {
  const all = t.app.routeAccess();
  const out = new Map<string, Access>();
  for (const [key, access] of all) {
    const [method, url] = key.split(' ') as [string, string];
    if (url.startsWith('/api/docs')) continue;
    // Fastify adds a HEAD twin to every GET; it shares the GET's access.
    if (method === 'HEAD' && all.has(`GET ${url}`)) continue;
    out.set(key, access);
  }
  return out;
}

describe('the permission table', () => {
  it('covers every route, and every route in it exists', () => {
    const declared = Object.fromEntries(declaredRoutes());
    expect(declared).toEqual(EXPECTED);
  });
});

describe('the permission matrix', () => {
  const protectedRoutes = () => Object.entries(EXPECTED).filter(([, access]) => access !== 'public');

  it('refuses anonymous callers with 401 on every protected route', async () => {
    const { ownId } = await setup();
    for (const [key] of protectedRoutes()) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: fill(url, ownId),
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, key).toBe(401);
    }
  });

  it('refuses a user with 403 on every admin route, for the own and another company', async () => {
    const { ownId, otherId, userToken } = await setup();
    for (const [key, access] of protectedRoutes()) {
      if (access === 'signed-in') continue;
      const [method, url] = key.split(' ') as [string, string];
      for (const companyId of [ownId, otherId]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(url, companyId),
          headers: { ...bearer(userToken), 'x-company-id': String(ownId) },
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${key} company ${companyId}`).toBe(403);
      }
    }
  });

  it('lets a user reach signed-in routes for the own company', async () => {
    const { ownId, userToken } = await setup();
    for (const [key, access] of protectedRoutes()) {
      if (access !== 'signed-in' || key.startsWith('POST /api/auth/logout')) continue;
      const [method, url] = key.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: fill(url, ownId),
        headers: { ...bearer(userToken), 'x-company-id': String(ownId) },
        payload: method === 'GET' ? undefined : {},
      });
      expect([401, 403], `${key}: ${res.statusCode}`).not.toContain(res.statusCode);
      expect(res.statusCode, key).toBeLessThan(500);
    }
  });

  it('refuses a user who names another company in X-Company-Id with 403', async () => {
    const { ownId, otherId, userToken } = await setup();
    for (const [key] of protectedRoutes()) {
      const [method, url] = key.split(' ') as [string, string];
      const res = await t.app.inject({
        method: method as 'GET',
        url: fill(url, ownId),
        headers: { ...bearer(userToken), 'x-company-id': String(otherId) },
        payload: method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('answers a record of another company as 404 to a user, never its data', async () => {
    const { ownId, otherId, userToken } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${otherId}`,
      headers: { ...bearer(userToken), 'x-company-id': String(ownId) },
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Main Branch');
  });

  it('lets an admin act for any company, own or other', async () => {
    const { ownId, otherId, adminToken } = await setup();
    for (const [key] of protectedRoutes()) {
      if (key.startsWith('POST /api/auth/logout')) continue;
      // A whole backup and its check (20 s under load): backups.test.ts has the admin take one.
      if (key === 'POST /api/system/backups') continue;
      const [method, url] = key.split(' ') as [string, string];
      for (const companyId of [ownId, otherId]) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(url, companyId),
          headers: { ...bearer(adminToken), 'x-company-id': String(companyId) },
          payload: method === 'GET' ? undefined : {},
        });
        expect([401, 403], `${key} company ${companyId}: ${res.statusCode}`).not.toContain(res.statusCode);
        expect(res.statusCode, key).toBeLessThan(500);
      }
    }
  });

  it('answers an admin naming a company that does not exist with 404', async () => {
    const { adminToken } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...bearer(adminToken), 'x-company-id': '99999' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Company not found.');
  });

  it('answers a malformed X-Company-Id with 400', async () => {
    const { adminToken } = await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { ...bearer(adminToken), 'x-company-id': 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('X-Company-Id must be a company number.');
  });
});
