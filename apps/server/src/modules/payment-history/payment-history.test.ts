import {
  addDays,
  auditListSchema,
  businessToday,
  paymentHistoryListSchema,
  pledgePaymentListSchema,
  pledgePaymentViewSchema,
  receiptPrintSchema,
  receiptViewSchema,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { adminFor, freshCompany, paymentFor, pledgeFor, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { balanceView, booksOf, payFor } from './payment-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => t.close());

const today = () => businessToday(t.config.businessTimeZone);

/** A company with an admin and two pledges of one customer (40,000 each, 30 days back). */
async function setup() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const start = addDays(today(), -30);
  const first = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: start } });
  const second = await pledgeFor(t, company.id, {
    actor: admin,
    customerId: first.customer_id,
    schemeId: first.scheme_id,
    jewelTypeId: first.jewelTypeId!,
    skipRate: true,
    designId: first.designId,
    body: { pledge_date: start },
  });
  const pay = (
    parts: { pledgeId: number; interest?: number; principal?: number }[],
    extra: { date?: string; method?: 'cash' | 'bank' } = {},
  ) =>
    payFor(t, {
      companyId: company.id,
      userId: admin.userId,
      customerId: first.customer_id,
      parts,
      ...extra,
    });
  return { company, admin, first, second, start, pay };
}

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The audit trail of one record, newest first, as an admin reads it (GET /api/audit). */
async function trailOf(headers: Record<string, string>, entity: string, id: number) {
  const res = await get(`/api/audit?entity=${entity}&entity_id=${id}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

async function reverse(
  paymentId: number,
  headers: Record<string, string>,
  payload: object = { reason: 'Entered on the wrong pledge' },
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pledge-payments/${paymentId}/reverse`,
    headers,
    payload,
  });
}

describe('GET /api/pledge-payments/', () => {
  it('lists newest first, filters, pages and counts', async () => {
    const { admin, first, second, start, pay } = await setup();
    const h = admin.headers();
    const d1 = addDays(start, 5);
    const d2 = addDays(start, 10);
    const d3 = addDays(start, 20);
    const a = await pay([{ pledgeId: first.pledge_id, interest: 300 }], { date: d1 });
    const b = await pay([{ pledgeId: second.pledge_id, principal: 5000 }], { date: d2, method: 'bank' });
    const c = await pay(
      [
        { pledgeId: first.pledge_id, principal: 1000 },
        { pledgeId: second.pledge_id, interest: 200 },
      ],
      { date: d3 },
    );
    const all = await get('/api/pledge-payments/', h);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.headers['x-total-count']).toBe('4');
    expect(all.headers['x-total-count-capped']).toBeUndefined();
    const rows = pledgePaymentListSchema.parse(all.json());
    // Newest first: the multiple payment's rows (same date, higher id first), then b, then a.
    expect(rows.map((r) => r.payment_id)).toEqual([
      c.paymentIds[1],
      c.paymentIds[0],
      b.paymentIds[0],
      a.paymentIds[0],
    ]);
    expect(rows[0]).toMatchObject({
      receipt_no: c.receiptNo,
      receipt_kind: 'multiple',
      pledge_no: second.pledge_no,
      customer_id: first.customer_id,
      payment_type: 'interest',
      amount: 200,
      reversed: false,
      voucher_number: c.voucherNumber,
      created_by_username: admin.username,
    });
    const ids = async (query: string) => {
      const res = await get(`/api/pledge-payments/?${query}`, h);
      expect(res.statusCode, res.body).toBe(200);
      return {
        total: res.headers['x-total-count'],
        ids: pledgePaymentListSchema.parse(res.json()).map((r) => r.payment_id),
      };
    };
    expect(await ids(`from_date=${d2}&to_date=${d2}`)).toEqual({ total: '1', ids: [b.paymentIds[0]] });
    expect(await ids(`from_date=${d2}`)).toEqual({
      total: '3',
      ids: [c.paymentIds[1], c.paymentIds[0], b.paymentIds[0]],
    });
    expect(await ids(`to_date=${d2}`)).toEqual({ total: '2', ids: [b.paymentIds[0], a.paymentIds[0]] });
    expect(await ids('payment_type=interest')).toEqual({
      total: '2',
      ids: [c.paymentIds[1], a.paymentIds[0]],
    });
    expect(await ids('payment_method=bank')).toEqual({ total: '1', ids: [b.paymentIds[0]] });
    expect(await ids(`pledge_id=${first.pledge_id}`)).toEqual({
      total: '2',
      ids: [c.paymentIds[0], a.paymentIds[0]],
    });
    expect(await ids(`customer_id=${first.customer_id}&payment_type=partial_principal`)).toEqual({
      total: '2',
      ids: [c.paymentIds[0], b.paymentIds[0]],
    });
    // Empty values are no filter.
    expect(
      (await ids('from_date=&to_date=&payment_type=&payment_method=&pledge_id=&customer_id=')).total,
    ).toBe('4');
    // Paging: the total stays, the page moves.
    expect(await ids('skip=1&limit=2')).toEqual({ total: '4', ids: [c.paymentIds[0], b.paymentIds[0]] });
    expect(await ids('skip=4&limit=2')).toEqual({ total: '4', ids: [] });
    // Another customer of the company: nothing.
    expect(await ids('customer_id=2147483647')).toEqual({ total: '0', ids: [] });
  });

  it('lists only the company’s own payments', async () => {
    const { admin, first, pay } = await setup();
    await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const other = await freshCompany(t);
    const otherAdmin = await adminFor(t, other.id);
    const res = await get('/api/pledge-payments/', otherAdmin.headers());
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.json()).toEqual([]);
    expect((await get('/api/pledge-payments/', admin.headers())).headers['x-total-count']).toBe('1');
  });

  it('bounds every query value (422, never a 500)', async () => {
    const { admin } = await setup();
    for (const q of [
      'limit=101',
      'limit=0',
      'skip=-1',
      'skip=2147483648',
      'from_date=2026-02-30',
      'to_date=yesterday',
      'from_date=0001-01-01',
      'from_date=2026-05-02&to_date=2026-05-01',
      'payment_type=regular',
      'payment_method=gold',
      'pledge_id=0',
      'pledge_id=2147483648',
      'customer_id=abc',
      'customer_id=1e3',
    ]) {
      const res = await get(`/api/pledge-payments/?${q}`, admin.headers());
      expect(res.statusCode, `${q}: ${res.body}`).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('query');
    }
  });
});

describe('GET /api/pledge-payments/: reversible', () => {
  // The bug this fixed: Payment History offered Reverse on every receipt, and most answered 409. Each row
  // now says whether the reversal would take it, and the two must agree.
  it('says reversible exactly where POST /reverse takes the payment', async () => {
    const { admin, first, second, pay } = await setup();
    const h = admin.headers();
    const older = await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const multiple = await pay([
      { pledgeId: first.pledge_id, interest: 50 },
      { pledgeId: second.pledge_id, interest: 50 },
    ]);
    const later = await pay([{ pledgeId: first.pledge_id, principal: 500 }]);
    const owed = await balanceView(t, h, second.pledge_id);
    const closing = await pay([
      { pledgeId: second.pledge_id, interest: owed.remaining_interest, principal: owed.remaining_principal },
    ]);
    const released = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${second.pledge_id}/release`,
      headers: h,
      payload: { receiver_kind: 'pawner' },
    });
    expect(released.statusCode, released.body).toBe(201);

    const listed = async () => {
      const res = await get('/api/pledge-payments/?limit=50', h);
      expect(res.statusCode, res.body).toBe(200);
      return paymentHistoryListSchema.parse(res.json());
    };
    const byReceipt = (rows: Awaited<ReturnType<typeof listed>>) =>
      Object.fromEntries(rows.map((r) => [r.receipt_no, r.reversible]));
    expect(byReceipt(await listed())).toEqual({
      [older.receiptNo]: false, // a later receipt on its pledge
      [multiple.receiptNo]: false, // later receipts on both its pledges
      [later.receiptNo]: true,
      [closing.receiptNo]: false, // it closed a pledge whose articles have been released
    });

    // Walk it out: every row said not reversible is refused, a reversible one is reversed, and again.
    for (let round = 0; round < 5; round++) {
      const open = (await listed()).filter((r) => !r.reversed);
      for (const row of open.filter((r) => !r.reversible)) {
        expect((await reverse(row.payment_id, h)).statusCode, row.receipt_no).toBe(409);
      }
      const next = open.find((r) => r.reversible);
      if (!next) break;
      const res = await reverse(next.payment_id, h);
      expect(res.statusCode, res.body).toBe(200);
    }
    const left = new Set((await listed()).filter((r) => !r.reversed).map((r) => r.receipt_no));
    expect([...left].sort()).toEqual([older.receiptNo, multiple.receiptNo, closing.receiptNo].sort());
  });
});

describe('GET /api/pledge-payments/{id}', () => {
  it('answers one payment with who made it; 404 for an unknown one or another company’s', async () => {
    const { admin, first, pay } = await setup();
    const clerk = await userFor(t, admin.companyId);
    const made = await payFor(t, {
      companyId: admin.companyId,
      userId: clerk.userId,
      customerId: first.customer_id,
      parts: [{ pledgeId: first.pledge_id, interest: 250.5 }],
    });
    await pay([{ pledgeId: first.pledge_id, principal: 100 }]);
    const res = await get(`/api/pledge-payments/${made.paymentIds[0]}`, clerk.headers());
    expect(res.statusCode, res.body).toBe(200);
    const view = pledgePaymentViewSchema.parse(res.json());
    expect(view).toMatchObject({
      payment_id: made.paymentIds[0],
      id: made.paymentIds[0],
      receipt_id: made.receiptId,
      receipt_no: made.receiptNo,
      receipt_kind: 'single',
      pledge_id: first.pledge_id,
      pledge_no: first.pledge_no,
      customer_name: first.customer_name,
      payment_date: today(),
      payment_type: 'interest',
      payment_method: 'cash',
      amount: 250.5,
      interest_amount: 250.5,
      principal_amount: 0,
      created_by_username: clerk.username,
      reversed: false,
      reversed_at: null,
      reversal_voucher_number: null,
    });
    expect((await get('/api/pledge-payments/2147483647', admin.headers())).statusCode).toBe(404);
    const other = await adminFor(t, (await freshCompany(t)).id);
    expect((await get(`/api/pledge-payments/${made.paymentIds[0]}`, other.headers())).statusCode).toBe(404);
    expect((await get('/api/pledge-payments/2147483648', admin.headers())).statusCode).toBe(422);
  });
});

describe('GET /api/receipts/{id} and POST /api/receipts/{id}/prints', () => {
  it('answers a single receipt and a multiple one with a line per pledge', async () => {
    const { admin, first, second, pay } = await setup();
    const single = await pay([{ pledgeId: first.pledge_id, interest: 400, principal: 600 }]);
    const res = await get(`/api/receipts/${single.receiptId}`, admin.headers());
    expect(res.statusCode, res.body).toBe(200);
    const view = receiptViewSchema.parse(res.json());
    expect(view).toMatchObject({
      receipt_id: single.receiptId,
      receipt_no: single.receiptNo,
      kind: 'single',
      payment_method: 'cash',
      cash_limit_confirmed: false,
      total_amount: 1000,
      net_amount: 1000,
      voucher_number: single.voucherNumber,
      receipt_prints: 0,
      created_by_username: admin.username,
      reversed: false,
      customer: { id: first.customer_id, customer_name: first.customer_name, city: 'Chennai' },
    });
    expect(view.customer.address).toBe('7A, Usman Road, T. Nagar');
    expect(view.lines).toEqual([
      expect.objectContaining({
        payment_id: single.paymentIds[0],
        pledge_no: first.pledge_no,
        payment_type: 'partial_principal',
        amount: 1000,
        interest_amount: 400,
        principal_amount: 600,
      }),
    ]);
    const multiple = await pay([
      { pledgeId: first.pledge_id, interest: 100 },
      { pledgeId: second.pledge_id, principal: 2500.25 },
    ]);
    const m = receiptViewSchema.parse(
      (await get(`/api/receipts/${multiple.receiptId}`, admin.headers())).json(),
    );
    expect(m.kind).toBe('multiple');
    expect(m.total_amount).toBe(2600.25);
    expect(m.lines.map((l) => [l.pledge_no, l.amount])).toEqual([
      [first.pledge_no, 100],
      [second.pledge_no, 2500.25],
    ]);
    expect((await get('/api/receipts/2147483647', admin.headers())).statusCode).toBe(404);
  });

  it('counts prints: the first is the original, every later one a duplicate', async () => {
    const { admin, first, pay } = await setup();
    const r = await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const print = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/receipts/${r.receiptId}/prints`,
        headers: admin.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return receiptPrintSchema.parse(res.json());
    };
    expect(await print()).toEqual({ receipt_prints: 1, duplicate: false });
    expect(await print()).toEqual({ receipt_prints: 2, duplicate: true });
    expect(await print()).toEqual({ receipt_prints: 3, duplicate: true });
    expect((await get(`/api/receipts/${r.receiptId}`, admin.headers())).json().receipt_prints).toBe(3);
    // Each print is in the audit trail, newest first.
    const prints = await trailOf(admin.headers(), 'receipt', r.receiptId);
    expect(prints.map((e) => [e.action, e.before, e.after])).toEqual([
      ['print', { receipt_prints: 2 }, { receipt_prints: 3, duplicate: true }],
      ['print', { receipt_prints: 1 }, { receipt_prints: 2, duplicate: true }],
      ['print', { receipt_prints: 0 }, { receipt_prints: 1, duplicate: false }],
    ]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/receipts/2147483647/prints',
      headers: admin.headers(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/pledge-payments/{id}/reverse', () => {
  it('restores the balance and the books, keeps the rows marked, and reopens a closed pledge', async () => {
    const { company, admin, first, second, pay } = await setup();
    const h = admin.headers();
    await pay([{ pledgeId: first.pledge_id, interest: 300 }]);
    const balanceBefore = await balanceView(t, h, first.pledge_id);
    const booksBefore = await booksOf(t, company.id);
    expect(booksBefore.unbalancedVouchers).toBe(0);
    expect(booksBefore.failedChecks).toEqual([]);
    expect(booksBefore.loans1200).toBe(booksBefore.openPrincipal);
    // Pays the first pledge off (closes it) and part of the second, in one receipt.
    const full = balanceBefore.remaining_principal;
    const m = await pay([
      { pledgeId: first.pledge_id, interest: balanceBefore.remaining_interest, principal: full },
      { pledgeId: second.pledge_id, principal: 7000 },
    ]);
    const closed = await get(`/api/pledges/${first.pledge_id}`, h);
    expect(closed.json()).toMatchObject({ status: 'inactive', closed_date: today() });
    const secondBefore = await balanceView(t, h, second.pledge_id);
    expect(secondBefore.paid_principal).toBe(7000);
    const res = await reverse(m.paymentIds[1]!, h, { reason: '  Cheque bounced  ' });
    expect(res.statusCode, res.body).toBe(200);
    const view = receiptViewSchema.parse(res.json());
    expect(view).toMatchObject({
      receipt_id: m.receiptId,
      reversed: true,
      reversed_by_username: admin.username,
      reversal_reason: 'Cheque bounced',
    });
    expect(view.reversal_voucher_number).toMatch(/\S/);
    expect(view.reversed_at).not.toBeNull();
    // The balance is what it was before the receipt, on both pledges.
    expect(await balanceView(t, h, first.pledge_id)).toEqual(balanceBefore);
    expect((await balanceView(t, h, second.pledge_id)).paid_principal).toBe(0);
    // The pledge it closed is open again.
    expect((await get(`/api/pledges/${first.pledge_id}`, h)).json()).toMatchObject({
      status: 'active',
      closed_date: null,
    });
    // The books: every voucher balances, 1200 is the open principal, as before the receipt.
    const booksAfter = await booksOf(t, company.id);
    expect(booksAfter).toEqual(booksBefore);
    // The reversing voucher: a Journal of today, source payment-reversal, the Receipt's lines reversed.
    const vouchers = rowsOf<{
      voucher_type: string;
      entry_date: string;
      source_kind: string;
      source_id: number;
      lines: string;
    }>(
      await t.database.db.execute(sql`
        select v.voucher_type, v.entry_date::text as entry_date, v.source_kind, v.source_id,
               string_agg(l.account_id || ':' || l.debit || ':' || l.credit, ',' order by l.account_id, l.debit, l.credit) as lines
          from vouchers v join voucher_lines l on l.company_id = v.company_id and l.voucher_id = v.id
         where v.company_id = ${company.id} and v.source_id = ${m.receiptId}
           and v.source_kind in ('payment', 'payment-reversal')
         group by v.id order by v.id`),
    );
    expect(vouchers.map((v) => [v.voucher_type, v.source_kind, v.entry_date])).toEqual([
      ['Receipt', 'payment', today()],
      ['Journal', 'payment-reversal', today()],
    ]);
    const flip = (lines: string) =>
      lines
        .split(',')
        .map((l) => {
          const [a, d, c] = l.split(':');
          return `${a}:${c}:${d}`;
        })
        .sort()
        .join(',');
    expect(flip(vouchers[1]!.lines)).toBe(vouchers[0]!.lines.split(',').sort().join(','));
    // Nothing deleted: both rows are listed, marked reversed.
    const list = pledgePaymentListSchema.parse(
      (await get(`/api/pledge-payments/?pledge_id=${first.pledge_id}`, h)).json(),
    );
    expect(list.map((r) => r.reversed)).toEqual([true, false]);
    expect(list[0]).toMatchObject({
      reversal_reason: 'Cheque bounced',
      reversed_by_username: admin.username,
      reversal_voucher_number: view.reversal_voucher_number,
    });
  });

  it('records the reversal with its reason in the audit trail', async () => {
    const { admin, first, second, pay } = await setup();
    const h = admin.headers();
    const m = await pay([
      { pledgeId: first.pledge_id, interest: 300 },
      { pledgeId: second.pledge_id, interest: 200, principal: 1000 },
    ]);
    const res = await reverse(m.paymentIds[0]!, h, { reason: 'Cheque bounced' });
    expect(res.statusCode, res.body).toBe(200);
    // Refused a second time: no second row.
    expect((await reverse(m.paymentIds[0]!, h)).statusCode).toBe(409);
    const rows = await trailOf(h, 'receipt', m.receiptId);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event).toMatchObject({
      action: 'reverse',
      entity: 'receipt',
      entity_id: String(m.receiptId),
      user_id: admin.userId,
      reason: 'Cheque bounced',
      route: 'POST /api/pledge-payments/:id/reverse',
    });
    type Snapshot = { payments: Record<string, unknown>[] } & Record<string, unknown>;
    const before = event!.before as Snapshot;
    const after = event!.after as Snapshot;
    expect(before).toMatchObject({
      id: m.receiptId,
      receipt_no: m.receiptNo,
      total_amount: 1500,
      net_amount: 1500,
      reversed_at: null,
      reversal_reason: null,
    });
    expect(before.payments.map((p) => [p.pledge_id, p.amount, p.reversed_at])).toEqual([
      [first.pledge_id, 300, null],
      [second.pledge_id, 1200, null],
    ]);
    expect(after).toMatchObject({
      id: m.receiptId,
      total_amount: 1500,
      reversed_by: admin.userId,
      reversal_reason: 'Cheque bounced',
    });
    expect(after.reversed_at).not.toBeNull();
    expect(after.reversal_voucher_id).not.toBeNull();
    expect(after.payments.every((p) => p.reversed_at !== null)).toBe(true);
  });

  it('reverses only the latest payment of a pledge: 409 naming the later receipt', async () => {
    const { company, admin, first, second, pay } = await setup();
    const h = admin.headers();
    const older = await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const later = await pay([{ pledgeId: first.pledge_id, principal: 500 }]);
    const res = await reverse(older.paymentIds[0]!, h);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PAYMENT_NOT_LATEST',
      detail: `Only the latest payment of a pledge can be reversed: receipt ${later.receiptNo} came after it.`,
    });
    // A multiple payment is the latest on one pledge but not on the other: refused whole.
    const multiple = await pay([
      { pledgeId: first.pledge_id, interest: 50 },
      { pledgeId: second.pledge_id, interest: 50 },
    ]);
    const after = await pay([{ pledgeId: second.pledge_id, principal: 10 }]);
    const refused = await reverse(multiple.paymentIds[0]!, h);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toContain(after.receiptNo);
    // Newest first, one at a time, they all go.
    for (const id of [
      after.paymentIds[0]!,
      multiple.paymentIds[0]!,
      later.paymentIds[0]!,
      older.paymentIds[0]!,
    ]) {
      const ok = await reverse(id, h);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const books = await booksOf(t, company.id);
    expect(books.unbalancedVouchers).toBe(0);
    expect(books.failedChecks).toEqual([]);
    expect(books.loans1200).toBe(80000);
    expect(books.openPrincipal).toBe(80000);
  });

  it('refuses: already reversed 409, a non-admin 403, no reason 422, unknown 404', async () => {
    const { admin, first, pay } = await setup();
    const h = admin.headers();
    const r = await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const clerk = await userFor(t, admin.companyId);
    const forbidden = await reverse(r.paymentIds[0]!, clerk.headers());
    expect(forbidden.statusCode, forbidden.body).toBe(403);
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
    ]) {
      const res = await reverse(r.paymentIds[0]!, h, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().detail[0].loc).toMatchObject(['body', 'reason']);
    }
    expect((await reverse(2147483647, h)).statusCode).toBe(404);
    expect((await reverse(r.paymentIds[0]!, h)).statusCode).toBe(200);
    const again = await reverse(r.paymentIds[0]!, h);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAYMENT_REVERSED',
      detail: 'This payment is already reversed.',
    });
  });

  it('reverses a payment taken through POST /pledge-payments/ (paymentFor): balance and books as before', async () => {
    const { company, admin, first } = await setup();
    const h = admin.headers();
    const before = await balanceView(t, h, first.pledge_id);
    const booksBefore = await booksOf(t, company.id);
    const saved = await paymentFor(
      t,
      company.id,
      { pledge_id: first.pledge_id, actor: admin },
      {
        payment_type: 'full_payment',
      },
    );
    expect((await get(`/api/pledges/${first.pledge_id}`, h)).json().closed_date).toBe(today());
    const res = await reverse(saved.payment_id, h);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balanceView(t, h, first.pledge_id)).toEqual(before);
    expect((await get(`/api/pledges/${first.pledge_id}`, h)).json().closed_date).toBeNull();
    const booksAfter = await booksOf(t, company.id);
    expect(booksAfter).toEqual(booksBefore);
    expect(booksAfter.failedChecks).toEqual([]);
    // The pledge takes a payment again.
    await paymentFor(
      t,
      company.id,
      { pledge_id: first.pledge_id, actor: admin },
      {
        payment_type: 'partial_principal',
      },
    );
  });

  it('replays a retry with the same Idempotency-Key instead of answering 409', async () => {
    const { admin, first, pay } = await setup();
    const r = await pay([{ pledgeId: first.pledge_id, interest: 100 }]);
    const headers = { ...admin.headers(), 'idempotency-key': `reverse-${r.receiptId}` };
    const once = await reverse(r.paymentIds[0]!, headers);
    expect(once.statusCode, once.body).toBe(200);
    const twice = await reverse(r.paymentIds[0]!, headers);
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.headers['idempotent-replayed']).toBe('true');
    expect(twice.json()).toEqual(once.json());
  });
});
