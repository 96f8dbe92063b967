import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  pledgeFor,
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

describe('PUT /api/pledges/{id}/with-items racing itself', () => {
  it('applies 5 simultaneous amount edits one after another: each reverses the payout before it', async () => {
    const company = await freshCompany(t);
    const p = await pledgeFor(t, company.id);
    const headers = p.actor.headers();
    const loans = [41000, 42000, 43000, 44000, 45000];
    const answers = await Promise.all(
      loans.map((loan) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/pledges/${p.pledge_id}/with-items`,
          headers,
          payload: {
            customer_id: p.customer_id,
            scheme_id: p.scheme_id,
            pledge_date: p.pledge_date,
            total_loan_amount: loan,
            document_charges: p.document_charges,
            cash_limit_confirmed: true,
            items: p.items.map((i) => ({ ...i, action: 'keep' })),
          },
        }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const final = await t.app.inject({ method: 'GET', url: `/api/pledges/${p.pledge_id}`, headers });
    // Whichever edit ran last holds the pledge, and its payout is the pledge's voucher.
    const last = answers.find((a) => a.json().voucher_number === final.json().voucher_number);
    expect(last?.json().total_loan_amount).toBe(final.json().total_loan_amount);
    // 1200 holds exactly the loan standing now: every payout but the last was reversed once.
    const books = await t.app.inject({ method: 'GET', url: '/api/books/check', headers });
    const loansCheck = books
      .json()
      .checks.find((c: { name: string }) => c.name.startsWith('Pledge Loans Receivable (1200)'));
    expect(books.json().ok).toBe(true);
    expect(loansCheck.status).toBe('ok');
    const day = await t.app.inject({
      method: 'GET',
      url: `/api/daybook-entries?from=${p.pledge_date}&to=${p.pledge_date}`,
      headers,
    });
    const sources = (day.json() as { source: string }[]).map((v) => v.source).sort();
    expect(sources).toEqual([...Array(6).fill('pledge'), ...Array(5).fill('pledge-reversal')]);
  });
});
