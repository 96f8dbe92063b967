import {
  addDays,
  businessToday,
  formatRupees,
  pledgeHistorySchema,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import {
  adminFor,
  freshCompany,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bankFor, moveToBank, returnFromBank } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// A pledge's history: every step of the pledge, from the tables that record it, in the order it happened.

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
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const release = (headers: Headers, pledgeId: number, payload: object = { receiver_kind: 'pawner' }) =>
  post(headers, `/api/pledges/${pledgeId}/release`, payload);

describe('GET /api/pledges/{id}/history', () => {
  it('tells every event of a pledge in time order, from the tables', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const c = company.id;
    const db = t.database.db;
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today(), -90) } });
    const interest = await paymentFor(t, c, p, { payment_date: addDays(today(), -45) });
    const part = await paymentFor(t, c, p, {
      payment_date: addDays(today(), -45),
      payment_type: 'partial_principal',
    });
    const rev = await post(h, `/api/pledge-payments/${part.id}/reverse`, { reason: 'Wrong amount' });
    expect(rev.statusCode, rev.body).toBe(200);

    // The re-pledge, notice and auction features have no API on this branch: their rows go in by SQL.
    const [bank] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into banks (company_id, bank_name, account_holder_name, account_number, ifsc_code, branch_name, account_type)
        values (${c}, 'Indian Bank', 'Shop', '123', 'IDIB000M001', 'Madurai', 'current') returning id`),
    );
    const voucher = sql`(select voucher_id from pledges where id = ${p.pledge_id})`;
    await db.execute(sql`insert into bank_repledges (company_id, pledge_id, bank_id, pledged_on, amount_borrowed, bank_reference,
        voucher_id, returned_on, returned_at, bank_interest, paid_by, return_voucher_id, created_by)
      values (${c}, ${p.pledge_id}, ${bank!.id}, ${addDays(today(), -43)}, 30000, 'IB/GL/9', ${voucher},
        ${addDays(today(), -38)}, now(), 450, 'bank', ${voucher}, ${admin.userId})`);
    const [batch] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into notice_batches (company_id, notice_date) values (${c}, ${addDays(today(), -35)}) returning id`,
      ),
    );
    const [notice] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into pledge_notices (company_id, batch_id, pledge_id, notice_no, notice_date, principal_due,
          interest_due, amount_due, sale_after, sent_on, sent_recorded_at, tracking_no)
        values (${c}, ${batch!.id}, ${p.pledge_id}, 'N/T/1', ${addDays(today(), -35)}, 40000, 1200, 41200,
          ${addDays(today(), -5)}, ${addDays(today(), -34)}, now(), 'RM123456789IN') returning id`),
    );
    const [lot] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into auction_lots (company_id, lot_no, auction_date) values (${c}, 'AL/T/1', ${addDays(today(), -2)}) returning id`,
      ),
    );
    await db.execute(sql`insert into auction_lot_pledges (company_id, lot_id, pledge_id, notice_id, withdrawn_at, withdrawn_reason)
      values (${c}, ${lot!.id}, ${p.pledge_id}, ${notice!.id}, now(), 'Paid before the sale')`);

    // Closed by payment and released through the API.
    await paymentFor(t, c, p, { payment_type: 'full_payment', payment_date: today() });
    expect((await release(h, p.pledge_id)).statusCode).toBe(201);

    const res = await get(h, `/api/pledges/${p.pledge_id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const history = pledgeHistorySchema.parse(res.json());
    expect(history).toMatchObject({
      closed_by: 'payment',
      released_on: today(),
      releasable: false,
      has_release: true,
    });
    expect(history.events.map((e) => e.kind)).toEqual([
      'created',
      'paid',
      'paid',
      'moved_to_bank',
      'returned_from_bank',
      'notice_created',
      'notice_sent',
      // Today, in the order they happened: the reversal, the lot, the closing payment, the release.
      'payment_reversed',
      'put_in_lot',
      'withdrawn_from_lot',
      'paid',
      'released',
    ]);
    const byKind = (k: string) => history.events.filter((e) => e.kind === k);
    expect(byKind('paid')[0]).toMatchObject({
      amount: interest.amount,
      reference: interest.receipt_no,
      reversed: false,
    });
    expect(byKind('paid')[1]).toMatchObject({ reversed: true, reference: part.receipt_no });
    expect(byKind('payment_reversed')[0]).toMatchObject({ date: today(), reference: part.receipt_no });
    expect(byKind('payment_reversed')[0]!.text).toContain('Wrong amount');
    expect(byKind('moved_to_bank')[0]).toMatchObject({
      amount: 30000,
      reference: 'IB/GL/9',
      user: admin.username,
    });
    expect(byKind('notice_sent')[0]!.text).toContain('RM123456789IN');
    expect(byKind('released')[0]!.text).toContain('the pawner');
    expect(history.events[0]!.user).toBe(admin.username);
  });

  it('keeps the order things happened on one day: to the bank, back, paid in full, released', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today(), -10) } });
    const bankAccount = await bankFor(t, admin);
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bankAccount.id,
      amount_borrowed: 20000,
      bank_reference: 'IB/GL/5',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const back = await returnFromBank(t, h, p.pledge_id, { bank_interest: 125.5, paid_by: 'bank' });
    expect(back.statusCode, back.body).toBe(201);
    await paymentFor(t, company.id, p, { payment_type: 'full_payment', payment_date: today() });
    expect((await release(h, p.pledge_id)).statusCode).toBe(201);
    const history = pledgeHistorySchema.parse((await get(h, `/api/pledges/${p.pledge_id}/history`)).json());
    expect(history.events.map((e) => e.kind)).toEqual([
      'created',
      'moved_to_bank',
      'returned_from_bank',
      'paid',
      'released',
    ]);
    expect(history.events.every((e) => e.at !== null)).toBe(true);
    expect(history.events[2]!.text).toBe('Articles back from Indian Bank: bank interest Rs. 125.50');
  });

  it('places a notice sent by the time it was recorded, before a payment recorded after it', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const jewelTypeId = (await jewelTypeFor(t, admin)).id;
    const schemeId = (await schemeFor(t, admin, jewelTypeId, { duration_in_months: 1 })).id;
    const p = await pledgeFor(t, company.id, {
      actor: admin,
      schemeId,
      jewelTypeId,
      body: { pledge_date: addDays(today(), -60) },
    });
    const made = await post(h, '/api/notices', { pledge_ids: [p.pledge_id] });
    expect(made.statusCode, made.body).toBe(201);
    const notice = made.json().notices[0];
    const sent = await t.app.inject({
      method: 'PATCH',
      url: `/api/notices/${notice.id}`,
      headers: h,
      payload: { sent_on: today(), tracking_no: 'RK9IN' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await paymentFor(t, company.id, p, { payment_type: 'interest', payment_date: today() });
    const history = pledgeHistorySchema.parse((await get(h, `/api/pledges/${p.pledge_id}/history`)).json());
    expect(history.events.map((e) => e.kind)).toEqual(['created', 'notice_created', 'notice_sent', 'paid']);
  });

  it('writes each line once, in one currency style, amounts inside the sentence', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today(), -40) } });
    const paid = await paymentFor(t, company.id, p, { payment_date: addDays(today(), -1) });
    expect(
      (await post(h, `/api/pledge-payments/${paid.id}/reverse`, { reason: 'Typed twice' })).statusCode,
    ).toBe(200);
    const history = pledgeHistorySchema.parse((await get(h, `/api/pledges/${p.pledge_id}/history`)).json());
    const texts = history.events.map((e) => e.text);
    expect(texts.join('\n')).not.toContain('₹');
    expect(texts[0]).toBe(`Pledge ${p.pledge_no} made: loan of Rs. 40,000.00`);
    const amount = formatRupees(rupeesToPaise(String(paid.amount)));
    expect(texts).toContain(`Receipt ${paid.receipt_no} of ${amount} reversed: Typed twice`);
  });

  it('links a renewal both ways and shows a sale', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const c = company.id;
    const db = t.database.db;
    const old = await pledgeFor(t, c, { actor: admin, body: { pledge_date: addDays(today(), -40) } });
    const next = await pledgeFor(t, c, { actor: admin, body: { pledge_date: addDays(today(), -1) } });
    const closing = await paymentFor(t, c, old, {
      payment_type: 'full_payment',
      payment_date: addDays(today(), -1),
    });
    await db.execute(sql`update pledges set closed_by = 'renewal', released_on = closed_date,
      renewed_to_pledge_id = ${next.pledge_id} where id = ${old.pledge_id}`);
    await db.execute(sql`insert into pledge_renewals (company_id, old_pledge_id, new_pledge_id, renewal_date, old_principal,
        old_interest, old_outstanding, new_loan, new_final_amount, cash_to_customer, receipt_id)
      values (${c}, ${old.pledge_id}, ${next.pledge_id}, ${addDays(today(), -1)}, 40000, 600, 40600, 50000, 49000, 8400, ${closing.receipt_id})`);
    const oldHistory = pledgeHistorySchema.parse(
      (await get(h, `/api/pledges/${old.pledge_id}/history`)).json(),
    );
    expect(oldHistory.events.map((e) => e.kind)).toEqual(['created', 'paid', 'renewed']);
    expect(oldHistory.events[2]).toMatchObject({ reference: next.pledge_no, amount: 40600 });
    expect(oldHistory.releasable).toBe(false);
    const newHistory = pledgeHistorySchema.parse(
      (await get(h, `/api/pledges/${next.pledge_id}/history`)).json(),
    );
    expect(newHistory.events.map((e) => e.kind)).toEqual(['created', 'renewed_from']);
    expect(newHistory.events[1]).toMatchObject({ reference: old.pledge_no, amount: 50000 });

    const [lot] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into auction_lots (company_id, lot_no, auction_date) values (${c}, 'AL/T/2', ${today()}) returning id`,
      ),
    );
    await db.execute(sql`insert into auction_sales (company_id, lot_id, pledge_id, sale_date, auctioneer, buyer_name, sale_price,
        principal_due, interest_due, outstanding, surplus, voucher_id)
      values (${c}, ${lot!.id}, ${next.pledge_id}, ${today()}, 'R. Auctioneer', 'S. Buyer', 60000, 50000, 750, 50750, 9250,
        (select voucher_id from pledges where id = ${next.pledge_id}))`);
    const sold = pledgeHistorySchema.parse((await get(h, `/api/pledges/${next.pledge_id}/history`)).json());
    expect(sold.events.at(-1)).toMatchObject({ kind: 'sold', amount: 60000, reference: 'AL/T/2' });
    expect(sold.events.at(-1)!.text).toContain('surplus');
    // The pledge book's auction date comes from the sale.
    const book = await get(h, `/api/registers/pledge-book?from=${addDays(today(), -1)}&to=${today()}`);
    const row = (book.json().rows as { pledge_id: number; auction_date: string | null }[]).find(
      (r) => r.pledge_id === next.pledge_id,
    );
    expect(row?.auction_date).toBe(today());
    // These SQL-made rows carry no vouchers of their own: undo them so the books check stays clean.
    await db.execute(sql`delete from auction_sales where company_id = ${c}`);
    await db.execute(sql`delete from pledge_renewals where company_id = ${c}`);
  });
});
