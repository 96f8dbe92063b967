import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { importLegacyFile } from './legacy-import.ts';
import { writeCsvBytes } from './legacy-test-files.ts';

/**
 * The bug these tests keep fixed: on a fresh install the Migrate screen searched an empty legacy store
 * and said 'Search Completed'; the search now says the store is empty, so the screen can say how to
 * import instead.
 * Each test has its own database (the legacy store is not per company).
 */
const apps: TestApp[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-empty-'));

afterAll(async () => {
  for (const t of apps) await t.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function searchOn(t: TestApp, q: string) {
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  return t.app.inject({
    method: 'GET',
    url: `/api/legacy/customers/search?q=${encodeURIComponent(q)}`,
    headers: bearer(admin),
  });
}

describe('GET /legacy/customers/search on an empty store', () => {
  it('says store_empty while nothing is imported', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await searchOn(t, 'murugan');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], store_empty: true });
  });

  it('says store_empty: false once a file is imported, also when nothing matches', async () => {
    const t = await createTestApp();
    apps.push(t);
    const csv = path.join(tmp, 'old.csv');
    writeCsvBytes(csv, [
      ['pno', 'name', 'address', 'phoneno', 'mobile', 'cust_refno'],
      ['2001', 'RAJESH', 'SALEM', '', '', ''],
    ]);
    await importLegacyFile(t.database.db, csv);
    expect((await searchOn(t, 'zzzz')).json()).toEqual({ data: [], store_empty: false });
    expect((await searchOn(t, 'rajesh')).json()).toMatchObject({
      store_empty: false,
      data: [{ pno: '2001' }],
    });
  });
});
