import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithAdmin } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { seedDemoBooks } from './demo-books.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A new company with the demo books seeded up to 22/11/2026, and a GET as its admin. */
async function demoBooks() {
  const { companyId, headers } = await companyWithAdmin(t);
  await t.database.db.transaction((tx) => seedDemoBooks(tx, [companyId], null, '2026-11-22'));
  return { get: (url: string) => t.app.inject({ method: 'GET', url, headers }) };
}

describe('seedDemoBooks', () => {
  it('posts six weeks of numbered manual vouchers of every type, ending on the business day', async () => {
    const { get } = await demoBooks();
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
    const { get } = await demoBooks();
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
