import { auditListSchema, businessToday, PAYMENT_MESSAGES } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';
import { bigPledge, expectBooksClean } from './payments-test-helpers.ts';

// Several pledges of one customer at once (docs/domain-rules.md §4.5) and the customer's
// pending pledges.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

type Headers = Record<string, string>;
const today = () => businessToday(t.config.businessTimeZone);

/** The audit trail of one record, newest first, as an admin reads it (GET /api/audit). */
async function trailOf(headers: Headers, entity: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit?entity=${entity}&entity_id=${id}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

/** Three pledges of one customer: Rs. 1,00,000 of 2026-01-01, Rs. 50,000 of 2026-02-01, Rs. 20,000 of 2026-03-01. */
async function threePledges() {
  const a = await bigPledge(t, '2026-01-01');
  const opts = { companyId: a.companyId, actor: a.actor, customerId: a.customer_id };
  const b = await bigPledge(t, '2026-02-01', { ...opts, loan: 50000 });
  const c = await bigPledge(t, '2026-03-01', { ...opts, loan: 20000 });
  return { a, b, c, h: a.actor.headers(), companyId: a.companyId, customerId: a.customer_id };
}

function payMany(h: Headers, customerId: number, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/customers/${customerId}/multiple-pledge-payment`,
    headers: h,
    payload,
  });
}

function pending(h: Headers, customerId: number | string, asOf?: string) {
  const q = asOf ? `?as_of=${asOf}` : '';
  return t.app.inject({ method: 'GET', url: `/api/customers/${customerId}/pending-pledges${q}`, headers: h });
}

async function counts(companyId: number) {
  const [row] = rowsOf<{ receipts: number; payments: number; vouchers: number }>(
    await t.database.db.execute(sql`
      select (select count(*)::int from payment_receipts where company_id = ${companyId}) as receipts,
             (select count(*)::int from pledge_payments where company_id = ${companyId}) as payments,
             (select count(*)::int from vouchers where company_id = ${companyId} and voucher_type = 'Receipt') as vouchers`),
  );
  return row;
}

describe('GET /api/customers/{id}/pending-pledges', () => {
  it('lists the customer’s payable pledges oldest first with the server’s balances and totals', async () => {
    const { a, b, c, h, customerId, companyId } = await threePledges();
    // A fourth pledge closed by a payment is no longer pending.
    const d = await bigPledge(t, '2026-01-15', { companyId, actor: a.actor, customerId, loan: 10000 });
    await paymentFor(t, companyId, d, { payment_date: '2026-02-01', payment_type: 'full_payment' });
    const res = await pending(h, customerId, '2026-04-11');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.pledges.map((p: { pledge_id: number }) => p.pledge_id)).toEqual([
      a.pledge_id,
      b.pledge_id,
      c.pledge_id,
    ]);
    expect(body.pledges[0]).toMatchObject({
      pledge_no: a.pledge_no,
      pledge_amount: 100000,
      pledge_date: '2026-01-01',
      monthly_interest_rate: 1.5,
      days_elapsed: 100,
      remaining_interest: 3750,
      remaining_principal: 100000,
      total_outstanding: 103750,
      paid_principal: 0,
      paid_interest: 0,
      last_payment_date: null,
    });
    // b: day 69 → 2.5 months → 1,875 due, 750 paid; c: day 41 → 1.5 months → 450 due, 300 paid.
    expect(body.pledges[1]).toMatchObject({ remaining_interest: 1125, total_outstanding: 51125 });
    expect(body.pledges[2]).toMatchObject({ remaining_interest: 150, total_outstanding: 20150 });
    expect(body).toMatchObject({
      customer_id: customerId,
      as_of: '2026-04-11',
      total_pledges: 3,
      total_outstanding: 175025,
    });
    expect((await pending(h, customerId)).json().as_of).toBe(today());
    expect((await pending(h, customerId, '2999-01-01')).statusCode).toBe(422);
    expect((await pending(h, customerId, '1800-01-01')).statusCode).toBe(422);
    expect((await pending(h, 2147483647)).statusCode).toBe(404);
    expect([400, 404, 422]).toContain((await pending(h, '2147483648')).statusCode);
  });
});

describe('POST /api/customers/{id}/multiple-pledge-payment', () => {
  it('pays three pledges in one receipt and one master voucher, interest first, typed from the split', async () => {
    const { a, b, c, h, customerId, companyId } = await threePledges();
    const date = '2026-04-11';
    // a: interest only (3,750 of 3,750); b: 1,125 interest + 10,000 principal; c: all 20,150 (closes).
    const keyed = { ...h, 'idempotency-key': `multi-${a.pledge_id}` };
    const payload = {
      customer_id: customerId,
      total_payment_amount: 35025,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: date,
      pledge_payments: [
        { pledge_id: c.pledge_id, payment_amount: 20150, interest_amount: 150, principal_amount: 20000 },
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: b.pledge_id, payment_amount: 11125, discount_amount: 125, discount_reason: 'Regular' },
      ],
      total_discount_amount: 125,
      approve_discount: true,
      general_remarks: 'Paid at the counter',
    };
    const res = await payMany(keyed, customerId, payload);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      receipt_no: 'R/2026-27/000001',
      master_voucher_no: 'RCT/2026-27/0001',
      payment_date: date,
      total_amount_paid: 35025,
      net_amount: 34900,
      total_discount: 125,
      total_penalty: 0,
      payment_method: 'cash',
      message: 'Payment processed for 3 pledge(s)',
    });
    expect(body.payment_id).toBe(body.receipt_id);
    expect(body.pledge_results).toEqual([
      expect.objectContaining({
        pledge_id: c.pledge_id,
        payment_type: 'full_payment',
        interest_paid: 150,
        principal_paid: 20000,
        remaining_balance: 0,
        payment_status: 'completed',
      }),
      expect.objectContaining({
        pledge_id: a.pledge_id,
        payment_type: 'interest',
        interest_paid: 3750,
        principal_paid: 0,
        remaining_balance: 100000,
        payment_status: 'partial',
      }),
      expect.objectContaining({
        pledge_id: b.pledge_id,
        payment_type: 'partial_principal',
        interest_paid: 1125,
        principal_paid: 10000,
        discount_amount: 125,
        remaining_balance: 40000,
        payment_status: 'partial',
      }),
    ]);
    expect(body.accounting_entries).toEqual([
      'Dr Cash in Hand ₹34,900.00',
      'Dr Discount Allowed ₹125.00',
      'Cr Interest Income ₹5,025.00',
      'Cr Pledge Loans Receivable ₹30,000.00',
    ]);
    // The pledges after: c closed, the others reduced.
    const after = (await pending(h, customerId, date)).json();
    expect(
      after.pledges.map((p: { pledge_id: number; total_outstanding: number }) => [
        p.pledge_id,
        p.total_outstanding,
      ]),
    ).toEqual([
      [a.pledge_id, 100000],
      [b.pledge_id, 40000],
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${b.pledge_id}/payments`,
      headers: h,
    });
    expect(history.json()).toEqual([
      expect.objectContaining({
        receipt_kind: 'multiple',
        receipt_no: 'R/2026-27/000001',
        discount_reason: 'Regular',
        amount: 11125,
      }),
    ]);
    expect(await counts(companyId)).toEqual({ receipts: 1, payments: 3, vouchers: 1 });
    // A retry with the same key answers the same receipt and pays nothing twice.
    const retry = await payMany(keyed, customerId, payload);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(body);
    expect(await counts(companyId)).toEqual({ receipts: 1, payments: 3, vouchers: 1 });
    await expectBooksClean(t);
  });

  it('records the receipt with a row per pledge and the discount’s reason in the audit trail', async () => {
    const { a, b, h, customerId, companyId } = await threePledges();
    const res = await payMany(h, customerId, {
      customer_id: customerId,
      total_payment_amount: 4875,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: '2026-04-11',
      pledge_payments: [
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: b.pledge_id, payment_amount: 1125, discount_amount: 125 },
      ],
      total_discount_amount: 125,
      discount_reason: 'Old customer',
      approve_discount: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as { receipt_id: number; receipt_no: string };
    const rows = await trailOf(h, 'receipt', body.receipt_id);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event).toMatchObject({
      action: 'create',
      entity: 'receipt',
      company_id: companyId,
      before: null,
      reason: 'Discount: Old customer',
      route: 'POST /api/customers/:id/multiple-pledge-payment',
    });
    const after = event!.after as { payments: Record<string, unknown>[] } & Record<string, unknown>;
    expect(after).toMatchObject({
      id: body.receipt_id,
      receipt_no: body.receipt_no,
      kind: 'multiple',
      customer_id: customerId,
      total_amount: 4875,
      total_discount: 125,
      net_amount: 4750,
      approve_discount: true,
      discount_reason: 'Old customer',
    });
    expect(
      after.payments.map((p) => [p.pledge_id, p.interest_amount, p.principal_amount, p.discount_amount]),
    ).toEqual([
      [a.pledge_id, 3750, 0, 0],
      [b.pledge_id, 1125, 0, 125],
    ]);
  });

  it('changes nothing when one part is bad: no receipt, no voucher, no number taken', async () => {
    const { a, b, c, h, customerId, companyId } = await threePledges();
    const date = '2026-04-11';
    const base = {
      customer_id: customerId,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: date,
    };
    const tooMuch = await payMany(h, customerId, {
      ...base,
      total_payment_amount: 3750 + 1125 + 20150.01,
      pledge_payments: [
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: b.pledge_id, payment_amount: 1125 },
        { pledge_id: c.pledge_id, payment_amount: 20150.01 },
      ],
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(fields(tooMuch.body)).toEqual([
      ['body.pledge_payments.2.payment_amount', 'Payment cannot exceed the outstanding ₹20,150.00'],
    ]);
    const split = await payMany(h, customerId, {
      ...base,
      total_payment_amount: 5000,
      pledge_payments: [
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: b.pledge_id, payment_amount: 1250, interest_amount: 1000, principal_amount: 250 },
      ],
    });
    expect(fields(split.body)).toEqual([
      [
        'body.pledge_payments.1.interest_amount',
        'Split must be interest ₹1,125.00 and principal ₹125.00 (interest first)',
      ],
    ]);
    const approval = await payMany(h, customerId, {
      ...base,
      total_payment_amount: 3750,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 3750, penalty_amount: 50 }],
      total_penalty_amount: 50,
    });
    expect(fields(approval.body)).toEqual([['body.approve_penalty', PAYMENT_MESSAGES.approvePenalty]]);
    const totals = await payMany(h, customerId, {
      ...base,
      total_payment_amount: 3750,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 3750, discount_amount: 50 }],
      approve_discount: true,
    });
    expect(fields(totals.body)).toEqual([
      ['body.total_discount_amount', 'Total discount must equal the sum of the pledge discounts'],
    ]);
    expect(await counts(companyId)).toEqual({ receipts: 0, payments: 0, vouchers: 0 });
    // Nothing moved, and the next good payment takes the first numbers.
    const good = await payMany(h, customerId, {
      ...base,
      total_payment_amount: 3750,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 3750 }],
    });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({
      receipt_no: 'R/2026-27/000001',
      master_voucher_no: 'RCT/2026-27/0001',
    });
    expect(
      (await pending(h, customerId, date))
        .json()
        .pledges.map((p: { total_outstanding: number }) => p.total_outstanding),
    ).toEqual([100000, 51125, 20150]);
  });

  it('refuses a customer mismatch, another customer’s pledge, a closed pledge and a bad date', async () => {
    const { a, b, h, customerId, companyId } = await threePledges();
    const stranger = await bigPledge(t, '2026-01-01', { companyId, actor: a.actor });
    const base = {
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: '2026-04-11',
      total_payment_amount: 3750,
    };
    const mismatch = await payMany(h, customerId, {
      ...base,
      customer_id: stranger.customer_id,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 3750 }],
    });
    expect(fields(mismatch.body)).toEqual([
      ['body.customer_id', 'The customer of the payment must be the customer in the address'],
    ]);
    const notHers = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      total_payment_amount: 3850,
      pledge_payments: [
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: stranger.pledge_id, payment_amount: 100 },
      ],
    });
    expect(fields(notHers.body)).toEqual([
      ['body.pledge_payments.1.pledge_id', 'This pledge is not pending for this customer'],
    ]);
    const other = await bigPledge(t, '2026-01-01');
    const foreign = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      pledge_payments: [{ pledge_id: other.pledge_id, payment_amount: 3750 }],
    });
    expect(fields(foreign.body)).toEqual([
      ['body.pledge_payments.0.pledge_id', 'This pledge is not pending for this customer'],
    ]);
    await paymentFor(t, companyId, b, { payment_date: '2026-03-01', payment_type: 'full_payment' });
    const closed = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      total_payment_amount: 3850,
      pledge_payments: [
        { pledge_id: a.pledge_id, payment_amount: 3750 },
        { pledge_id: b.pledge_id, payment_amount: 100 },
      ],
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('PLEDGE_CLOSED');
    await paymentFor(t, companyId, a, { payment_date: '2026-03-05' });
    const early = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      payment_date: '2026-03-04',
      total_payment_amount: 100,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 100 }],
    });
    expect(fields(early.body)).toEqual([
      ['body.payment_date', 'Payment date cannot be before the last payment (05/03/2026)'],
    ]);
    const future = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      payment_date: '2999-01-01',
      total_payment_amount: 100,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 100 }],
    });
    expect(fields(future.body)).toEqual([['body.payment_date', PAYMENT_MESSAGES.inFuture]]);
    const huge = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      total_payment_amount: 1e15,
      pledge_payments: [{ pledge_id: a.pledge_id, payment_amount: 1e15 }],
    });
    expect(huge.statusCode).toBe(422);
    const badId = await payMany(h, customerId, {
      ...base,
      customer_id: customerId,
      pledge_payments: [{ pledge_id: 2147483648, payment_amount: 3750 }],
    });
    expect(badId.statusCode).toBe(422);
  });
});
