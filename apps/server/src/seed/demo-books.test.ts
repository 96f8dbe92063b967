import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  login,
  mainCompanyId,
  type TestApp,
} from '../test/test-app.ts';
import { seedDemoBooks } from './demo-books.ts';

let t: TestApp;
let admin: string;
let mainId: number;

beforeAll(async () => {
  t = await createTestApp();
  mainId = await mainCompanyId(t);
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  await t.database.db.transaction((tx) => seedDemoBooks(tx, [mainId], null, '2026-11-22'));
});
afterAll(async () => t.close());

const get = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(admin), 'x-company-id': String(mainId) } });

describe('seedDemoBooks', () => {
  it('posts six weeks of numbered manual vouchers of every type, ending on the business day', async () => {
    const res = await get('/api/daybook-entries?limit=500');
    const entries = res.json() as {
      entry_date: string;
      voucher_type: string;
      voucher_number: string;
      is_editable: boolean;
    }[];
    expect(entries).toHaveLength(21);
    expect(entries.at(-1)).toMatchObject({ entry_date: '2026-10-12', voucher_number: 'RCT/2026-27/0001' });
    expect(entries[0]!.entry_date <= '2026-11-22').toBe(true);
    expect(new Set(entries.map((e) => e.voucher_type))).toEqual(
      new Set(['Receipt', 'Contra', 'Payment', 'Journal']),
    );
    expect(entries.every((e) => e.is_editable)).toBe(true);
  });

  it('leaves books that pass the check, with cash and bank above zero', async () => {
    expect((await get('/api/books/check')).json().ok).toBe(true);
    const tb = (await get('/api/reports/trial-balance?as_of=2026-11-22')).json();
    expect(tb.balanced).toBe(true);
    const closing = Object.fromEntries(
      tb.rows.map((r: { account_code: string; closing_balance: number }) => [
        r.account_code,
        r.closing_balance,
      ]),
    );
    expect(closing['3000']).toBe(2_500_000);
    expect(closing['1000']).toBeGreaterThan(0);
    expect(closing['1100']).toBeGreaterThan(0);
  });
});
