import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from './payments-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

async function counts(companyId: number) {
  const [row] = rowsOf<{ receipts: number; payments: number; vouchers: number }>(
    await t.database.db.execute(sql`
      select (select count(*)::int from payment_receipts where company_id = ${companyId}) as receipts,
             (select count(*)::int from pledge_payments where company_id = ${companyId}) as payments,
             (select count(*)::int from vouchers where company_id = ${companyId} and voucher_type = 'Receipt') as vouchers`),
  );
  return row;
}

/** `n` pledges of one fresh company, made by its admin. */
async function pledgesOfOneCompany(n: number) {
  const a = await bigPledge(t, '2026-01-01');
  const others = await Promise.all(
    Array.from({ length: n - 1 }, () =>
      bigPledge(t, '2026-01-01', { companyId: a.companyId, actor: a.actor }),
    ),
  );
  return { a, pledges: [a, ...others] };
}

/** An interest payment of `amount` in cash on 2026-02-10, as `a`'s admin, with more fields if given. */
function payInterest(a: Awaited<ReturnType<typeof bigPledge>>, pledgeId: number, amount: number, more = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pledge-payments/',
    headers: a.actor.headers(),
    payload: {
      pledge_id: pledgeId,
      payment_date: '2026-02-10',
      payment_type: 'interest',
      amount,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      ...more,
    },
  });
}

describe('payments racing each other', () => {
  it('20 simultaneous full closes of one pledge: exactly one is taken, the others 409 or 422', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/pledge-payments/',
          headers: p.actor.headers(),
          payload: {
            pledge_id: p.pledge_id,
            payment_date: '2026-02-10',
            payment_type: 'full_payment',
            amount: 100750,
            payment_method: 'cash',
            cash_limit_confirmed: true,
          },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    for (const a of answers) expect([201, 409, 422], a.body).toContain(a.statusCode);
    expect(await counts(p.companyId)).toEqual({ receipts: 1, payments: 1, vouchers: 1 });
  });

  it('two multiple payments over overlapping pledges, sent in opposite orders, both go through without a deadlock', async () => {
    const a = await bigPledge(t, '2026-01-01');
    const opts = { companyId: a.companyId, actor: a.actor, customerId: a.customer_id };
    const b = await bigPledge(t, '2026-01-01', opts);
    const c = await bigPledge(t, '2026-01-01', opts);
    const ids = [a.pledge_id, b.pledge_id, c.pledge_id];
    const body = (order: number[]) => ({
      customer_id: a.customer_id,
      total_payment_amount: 100 * order.length,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: '2026-02-10',
      pledge_payments: order.map((id) => ({ pledge_id: id, payment_amount: 100 })),
    });
    const rounds = 5;
    const answers = await Promise.all(
      Array.from({ length: rounds }, (_, i) => [
        t.app.inject({
          method: 'POST',
          url: `/api/customers/${a.customer_id}/multiple-pledge-payment`,
          headers: a.actor.headers(),
          payload: body(i % 2 === 0 ? ids : [...ids].reverse()),
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/customers/${a.customer_id}/multiple-pledge-payment`,
          headers: a.actor.headers(),
          payload: body(i % 2 === 0 ? [c.pledge_id, a.pledge_id] : [b.pledge_id, c.pledge_id]),
        }),
      ]).flat(),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    // Receipt numbers are 1 to 10 without a gap.
    const numbers = answers.map((r) => r.json().receipt_no as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: 2 * rounds }, (_, i) => `R/2025-26/${String(i + 1).padStart(6, '0')}`),
    );
    expect(await counts(a.companyId)).toEqual({ receipts: 10, payments: 25, vouchers: 10 });
  });

  it('12 simultaneous payments on 12 pledges: receipts and their vouchers numbered 1 to 12, each voucher naming its receipt', async () => {
    const { a, pledges } = await pledgesOfOneCompany(12);
    const answers = await Promise.all(pledges.map((p) => payInterest(a, p.pledge_id, 100.25)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const rows = rowsOf<{
      receipt_no: string;
      voucher_number: string;
      reference_number: string;
      running_number: number;
    }>(
      await t.database.db.execute(sql`
        select r.receipt_no, v.voucher_number, v.reference_number, v.running_number
          from payment_receipts r join vouchers v on v.company_id = r.company_id and v.id = r.voucher_id
         where r.company_id = ${a.companyId} order by r.receipt_no`),
    );
    expect(rows.map((r) => r.receipt_no)).toEqual(
      Array.from({ length: 12 }, (_, i) => `R/2025-26/${String(i + 1).padStart(6, '0')}`),
    );
    expect(rows.map((r) => r.voucher_number).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => `RCT/2025-26/${String(i + 1).padStart(4, '0')}`),
    );
    for (const r of rows) {
      expect(r.reference_number).toBe(r.receipt_no);
      expect(r.voucher_number).toBe(`RCT/2025-26/${String(r.running_number).padStart(4, '0')}`);
    }
    // Each answer names the numbers stored for it.
    const stored = new Map(rows.map((r) => [r.receipt_no, r.voucher_number]));
    for (const res of answers) expect(stored.get(res.json().receipt_no)).toBe(res.json().voucher_number);
  });

  it('50 simultaneous retries of one Idempotency-Key make one payment', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const key = `retry-${p.pledge_id}`;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/pledge-payments/',
          headers: { ...p.actor.headers(), 'idempotency-key': key },
          payload: {
            pledge_id: p.pledge_id,
            payment_date: '2026-02-10',
            payment_type: 'interest',
            amount: 250,
            payment_method: 'cash',
            cash_limit_confirmed: true,
          },
        }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    const ids = new Set(ok.map((a) => a.json().id as number));
    expect(ids.size).toBe(1);
    expect(await counts(p.companyId)).toEqual({ receipts: 1, payments: 1, vouchers: 1 });
  });

  it('10 simultaneous payments with one typed receipt number: one is taken, the others 409 RECEIPT_NO_TAKEN', async () => {
    const { a, pledges } = await pledgesOfOneCompany(10);
    const answers = await Promise.all(
      pledges.map((p, i) => payInterest(a, p.pledge_id, 100, { receipt_no: i % 2 === 0 ? 'bk-9' : 'BK-9' })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().code).toBe('RECEIPT_NO_TAKEN');
    }
    expect(await counts(a.companyId)).toEqual({ receipts: 1, payments: 1, vouchers: 1 });
  });
});
