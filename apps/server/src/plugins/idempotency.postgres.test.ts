import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../db/schema/index.ts';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A double click or a retrying network sends the same entry several times at once: on PostgreSQL,
// with real concurrent connections, exactly one voucher is posted.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('Idempotency-Key under concurrent retries (PostgreSQL)', () => {
  it('posts one voucher for 10 simultaneous requests with the same key', async () => {
    const mainId = (await freshCompany(t)).id;
    const admin = await adminFor(t, mainId);
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/accounts', headers: admin.headers() })
    ).json() as { account_id: number; account_code: string }[];
    const acc = Object.fromEntries(options.map((o) => [o.account_code, o.account_id]));
    const payload = {
      entry_date: '2026-10-01',
      voucher_type: 'Receipt',
      narration: 'Capital brought in',
      details: [
        { account_id: acc['1000'], debit_amount: 2500, credit_amount: 0 },
        { account_id: acc['3000'], debit_amount: 0, credit_amount: 2500 },
      ],
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/daybook-entries',
          headers: { ...admin.headers(), 'idempotency-key': 'double-click-1' },
          payload,
        }),
      ),
    );
    const [posted] = await t.database.db
      .select({ n: count() })
      .from(vouchers)
      .where(eq(vouchers.companyId, mainId));
    expect(Number(posted?.n)).toBe(1);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((a) => a.json().voucher_number)).size).toBe(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);

    // Once the first has answered, a retry gets its answer.
    const later = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: { ...admin.headers(), 'idempotency-key': 'double-click-1' },
      payload,
    });
    expect(later.statusCode).toBe(201);
    expect(later.json().voucher_number).toBe(created[0]?.json().voucher_number);
  });
});
