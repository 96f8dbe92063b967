import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  schemeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /api/pledges/with-items racing itself', () => {
  it('numbers 20 simultaneous pledges of one scheme GL1 to GL20, with no gap and no repeat', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const type = await jewelTypeFor(t, admin);
    const scheme = await schemeFor(t, admin, type.id, { prefix: 'GL' });
    await jewelRateFor(t, admin, type.id, '2026-04-01', { rate_per_gram: 6000 });
    const customer = await customerFor(t, admin);
    const design = await designFor(t, admin);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/pledges/with-items',
          headers: admin.headers(),
          payload: {
            customer_id: customer.id,
            scheme_id: scheme.id,
            pledge_date: '2026-04-10',
            total_loan_amount: 1000 + i,
            document_charges: 100,
            items: [{ jewell_design_id: design.id, gross_weight: 10, net_weight: 10 }],
          },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(201);
    const numbers = answers.map((a) => a.json().pledge_no as string);
    expect([...numbers].sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)))).toEqual(
      Array.from({ length: 20 }, (_, i) => `GL${i + 1}`),
    );
    // Each pledge's own payout voucher, numbered without gaps too.
    const vouchers = answers.map((a) => a.json().voucher_number as string).sort();
    expect(vouchers).toEqual(
      Array.from({ length: 20 }, (_, i) => `PMT/2026-27/${String(i + 1).padStart(4, '0')}`),
    );
  });
});
