import { auditListSchema, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { accountBalance, voucherLines } from '../../test/books.ts';
import { designFor, jewelRateFor, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { RENEWAL_SERVER_MESSAGES } from './renewal-plan.ts';

// Renewal and top-up in one step (docs/domain-rules.md §8.3), PGlite and PostgreSQL.
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

function renew(headers: Headers, pledgeId: number, payload: object, preview = false) {
  return t.app.inject({
    method: 'POST',
    url: `/api/pledges/${pledgeId}/renew${preview ? '/preview' : ''}`,
    headers,
    payload,
  });
}

/** The 422's field messages as [loc joined by '.', msg]. */
function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

async function counts(companyId: number) {
  const [row] = rowsOf<{ vouchers: number; pledges: number; receipts: number; renewals: number }>(
    await t.database.db.execute(sql`
      select (select count(*)::int from vouchers where company_id = ${companyId}) as vouchers,
             (select count(*)::int from pledges where company_id = ${companyId}) as pledges,
             (select count(*)::int from payment_receipts where company_id = ${companyId}) as receipts,
             (select count(*)::int from pledge_renewals where company_id = ${companyId}) as renewals`),
  );
  return row!;
}

/**
 * A pledge of Rs. 1,00,000 on 01/01/2026 (25 g net at Rs. 6,000/g, 1.5 % a month, 75 %), and a rate of
 * Rs. 7,000/g from 01/02/2026: on 10/02/2026 it owes 1,00,000 principal + 750 interest (40 days: one
 * and a half months, 2,250 less the first month's 1,500).
 */
async function renewable() {
  const p = await bigPledge(t, '2026-01-01');
  await jewelRateFor(t, p.actor, p.jewelTypeId!, '2026-02-01', { rate_per_gram: 7000 });
  const itemId = p.items[0]!.pledge_item_id;
  return { ...p, itemId, h: p.actor.headers() };
}

describe('renewal worked examples', () => {
  it('a top-up: the new loan settles 1,00,750 and Rs. 17,350 is handed to the customer', async () => {
    const p = await renewable();
    const body = {
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.itemId }] },
      total_loan_amount: 120000,
      document_charges: 100,
      payment_method: 'cash',
    };
    const before = await counts(p.companyId);
    const preview = await renew(p.h, p.pledge_id, body, true);
    expect(preview.statusCode, preview.body).toBe(200);
    // The preview writes nothing.
    expect(await counts(p.companyId)).toEqual(before);
    const figures = preview.json();
    expect(figures).toMatchObject({
      renewal_date: '2026-02-10',
      customer_id: p.customer_id,
      old_pledge: {
        pledge_id: p.pledge_id,
        pledge_no: p.pledge_no,
        days_elapsed: 40,
        principal: 100000,
        interest: 750,
        outstanding: 100750,
      },
      new_pledge: {
        scheme_id: p.scheme_id,
        pledge_date: '2026-02-10',
        due_date: '2027-02-10',
        rate_per_gram: 7000,
        item_count: 1,
        net_weight: 25,
        total_valuation: 175000,
        eligible_loan: 131250,
        total_loan_amount: 120000,
        first_month_interest: 1800,
        document_charges: 100,
        final_amount: 118100,
        items: [{ source: 'kept', renewed_from_item_id: p.itemId, net_weight: 25, net_value: 175000 }],
      },
      returned_items: [],
      cash_to_customer: 17350,
      cash_from_customer: 0,
      cash_statement: 'Pay Rs. 17,350.00 to the customer in cash.',
      close_voucher: { voucher_type: 'Receipt', voucher_number: null },
      open_voucher: { voucher_type: 'Payment', voucher_number: null },
    });
    const line = (account_code: string, debit: number, credit: number) =>
      expect.objectContaining({ account_code, debit, credit });
    expect(figures.close_voucher.lines).toEqual([
      line('1195', 100750, 0),
      line('4000', 0, 750),
      line('1200', 0, 100000),
    ]);
    expect(figures.close_voucher.lines[0].account_name).toBe('Renewal Clearing');
    expect(figures.open_voucher.lines).toEqual([
      line('1200', 120000, 0),
      line('4000', 0, 1800),
      line('4100', 0, 100),
      line('1195', 0, 100750),
      line('1000', 0, 17350),
    ]);

    const saved = await renew({ ...p.h, 'idempotency-key': `renew-${p.pledge_id}` }, p.pledge_id, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const s = saved.json();
    expect(s).toMatchObject({
      cash_to_customer: 17350,
      receipt_no: 'R/2025-26/000001',
      close_voucher: { voucher_number: 'RCT/2025-26/0001' },
      open_voucher: { voucher_number: 'PMT/2025-26/0002' },
      old_pledge_view: { pledge_id: p.pledge_id, status: 'inactive', closed_date: '2026-02-10' },
      new_pledge_view: {
        customer_id: p.customer_id,
        pledge_date: '2026-02-10',
        total_loan_amount: 120000,
        final_amount: 118100,
        payout_method: 'cash',
        voucher_number: 'PMT/2025-26/0002',
      },
    });
    expect(s.new_pledge_view.pledge_no).not.toBe(p.pledge_no);
    expect(await voucherLines(t, p.companyId, 'RCT/2025-26/0001', 'code')).toEqual([
      ['1195', 100750, 0],
      ['1200', 0, 100000],
      ['4000', 0, 750],
    ]);
    expect(await voucherLines(t, p.companyId, 'PMT/2025-26/0002', 'code')).toEqual([
      ['1000', 0, 17350],
      ['1195', 0, 100750],
      ['1200', 120000, 0],
      ['4000', 0, 1800],
      ['4100', 0, 100],
    ]);
    expect(await accountBalance(t, p.companyId, '1195')).toBe(0);
    // 1200 is the new pledge's principal alone.
    expect(await accountBalance(t, p.companyId, '1200')).toBe(120000);
    expect(await counts(p.companyId)).toEqual({
      vouchers: before.vouchers + 2,
      pledges: before.pledges + 1,
      receipts: 1,
      renewals: 1,
    });

    // A retry with the same key answers the same renewal and writes nothing more.
    const again = await renew({ ...p.h, 'idempotency-key': `renew-${p.pledge_id}` }, p.pledge_id, body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().renewal_id).toBe(s.renewal_id);
    expect((await counts(p.companyId)).renewals).toBe(1);
    await expectBooksClean(t);
  });

  it('a renewal where the customer adds Rs. 12,200 to a smaller loan', async () => {
    const p = await renewable();
    const res = await renew(p.h, p.pledge_id, {
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.itemId }] },
      total_loan_amount: 90000,
      document_charges: 100,
      payment_method: 'cash',
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      old_pledge: { outstanding: 100750 },
      new_pledge: { total_loan_amount: 90000, first_month_interest: 1350, final_amount: 88550 },
      cash_to_customer: 0,
      cash_from_customer: 12200,
      cash_statement: 'Collect Rs. 12,200.00 from the customer in cash.',
    });
    expect(await voucherLines(t, p.companyId, s.open_voucher.voucher_number, 'code')).toEqual([
      ['1000', 12200, 0],
      ['1195', 0, 100750],
      ['1200', 90000, 0],
      ['4000', 0, 1350],
      ['4100', 0, 100],
    ]);
    expect(await accountBalance(t, p.companyId, '1195')).toBe(0);
    expect(await accountBalance(t, p.companyId, '1200')).toBe(90000);
    await expectBooksClean(t);
  });

  it('records the renewal as one event of the old pledge, with both pledges and the figures, in the audit trail', async () => {
    const p = await renewable();
    const body = {
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.itemId }] },
      total_loan_amount: 120000,
      document_charges: 100,
      payment_method: 'cash',
    };
    const trail = async (pledgeId: number, action = 'renew') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/audit?entity=pledge&entity_id=${pledgeId}${action ? `&action=${action}` : ''}`,
        headers: p.h,
      });
      expect(res.statusCode, res.body).toBe(200);
      return auditListSchema.parse(res.json());
    };
    // The preview records nothing.
    expect((await renew(p.h, p.pledge_id, body, true)).statusCode).toBe(200);
    expect(await trail(p.pledge_id)).toEqual([]);
    const saved = await renew(p.h, p.pledge_id, body);
    expect(saved.statusCode, saved.body).toBe(201);
    const s = saved.json();
    const newId = s.new_pledge_view.pledge_id as number;

    const events = await trail(p.pledge_id);
    expect(events).toHaveLength(1);
    const [ev] = events;
    expect(ev).toMatchObject({
      entity: 'pledge',
      entity_id: String(p.pledge_id),
      user_id: p.actor.userId,
      route: 'POST /api/pledges/:id/renew',
    });
    expect(ev!.before).toMatchObject({
      id: p.pledge_id,
      closed_date: null,
      total_loan_amount: 100000,
      items: [{ id: p.itemId, net_weight: 25 }],
    });
    expect(ev!.after).toMatchObject({
      renewal_id: s.renewal_id,
      old_pledge_id: p.pledge_id,
      new_pledge_id: newId,
      new_pledge_no: s.new_pledge_view.pledge_no,
      receipt_id: s.receipt_id,
      receipt_no: s.receipt_no,
      renewal_date: '2026-02-10',
      old_principal: 100000,
      old_interest: 750,
      old_outstanding: 100750,
      new_loan: 120000,
      new_final_amount: 118100,
      cash_to_customer: 17350,
      cash_from_customer: 0,
      old_pledge: { id: p.pledge_id, closed_date: '2026-02-10', renewed_to_pledge_id: newId },
      new_pledge: {
        id: newId,
        renewed_from_pledge_id: p.pledge_id,
        total_loan_amount: 120000,
        items: [{ renewed_from_item_id: p.itemId, net_weight: 25 }],
      },
    });
    // The one event names the old pledge; the new one has none of its own.
    expect(await trail(newId, '')).toEqual([]);
  });

  it('after a partial payment the outstanding is what is left; a bank transfer needs its reference', async () => {
    const p = await renewable();
    // Interest to 10/02 (750) and 40,000 of principal on 10/02: the remaining 60,000 runs on.
    await paymentFor(t, p.companyId, p, { payment_date: '2026-02-10', payment_type: 'interest' });
    await paymentFor(t, p.companyId, p, {
      payment_date: '2026-02-10',
      payment_type: 'partial_principal',
      amount: 40000,
    });
    const body = {
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.itemId }] },
      total_loan_amount: 70000,
      document_charges: 0,
      payment_method: 'bank_transfer',
    };
    const missing = await renew(p.h, p.pledge_id, body);
    expect(missing.statusCode).toBe(422);
    expect(fields(missing.body)).toEqual([['body.payment_reference', RENEWAL_SERVER_MESSAGES.reference]]);
    const res = await renew(p.h, p.pledge_id, { ...body, payment_reference: 'NEFT-77' });
    expect(res.statusCode, res.body).toBe(201);
    // 70,000 − 1,050 first month = 68,950 against 60,000 owed: 8,950 by bank transfer (1190).
    expect(res.json()).toMatchObject({
      old_pledge: { principal: 60000, interest: 0, outstanding: 60000, last_payment_date: '2026-02-10' },
      cash_to_customer: 8950,
      new_pledge_view: { payout_method: 'bank_transfer', payout_reference: 'NEFT-77' },
    });
    expect(await voucherLines(t, p.companyId, res.json().open_voucher.voucher_number, 'code')).toEqual([
      ['1190', 0, 8950],
      ['1195', 0, 60000],
      ['1200', 70000, 0],
      ['4000', 0, 1050],
    ]);
    await expectBooksClean(t);
  });
});

describe('articles kept, returned and added; the links both ways', () => {
  it('keeps one article weighed again, returns the other, adds a new one', async () => {
    const base = await bigPledge(t, '2026-01-01');
    const design2 = await designFor(t, base.actor);
    const p = await pledgeFor(t, base.companyId, {
      actor: base.actor,
      schemeId: base.scheme_id,
      skipRate: true,
      body: {
        pledge_date: '2026-01-01',
        total_loan_amount: 40000,
        items: [
          { jewell_design_id: base.designId, gross_weight: 10.5, net_weight: 10, remarks: 'chain' },
          { jewell_design_id: design2.id, gross_weight: 5.2, net_weight: 5 },
        ],
      },
    });
    const [a, b] = p.items;
    const design3 = await designFor(t, base.actor);
    const h = base.actor.headers();
    const res = await renew(h, p.pledge_id, {
      renewal_date: '2026-02-10',
      items: {
        keep: [{ pledge_item_id: a!.pledge_item_id, gross_weight: 10.4, net_weight: 9.9 }],
        add: [{ jewell_design_id: design3.id, gross_weight: 8, net_weight: 7.5 }],
      },
      total_loan_amount: 50000,
      document_charges: 100,
      cash_limit_confirmed: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    // (9.9 + 7.5) g at Rs. 6,000 = 1,04,400; 75 % = 78,300.
    expect(s.new_pledge).toMatchObject({
      item_count: 2,
      gross_weight: 18.4,
      net_weight: 17.4,
      total_valuation: 104400,
      eligible_loan: 78300,
    });
    expect(s.returned_items).toEqual([expect.objectContaining({ pledge_item_id: b!.pledge_item_id })]);
    const newId = s.new_pledge_view.pledge_id as number;
    const items = rowsOf<{ from: number | null; net: string; remarks: string | null; design: number }>(
      await t.database.db.execute(sql`
        select renewed_from_item_id as "from", net_weight::text as net, remarks, jewell_design_id as design
          from pledge_items where company_id = ${base.companyId} and pledge_id = ${newId} order by id`),
    );
    expect(items).toEqual([
      { from: a!.pledge_item_id, net: '9.900', remarks: 'chain', design: base.designId },
      { from: null, net: '7.500', remarks: null, design: design3.id },
    ]);
    const [links] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        select o.renewed_to_pledge_id as old_to, o.closed_by, o.released_on, o.status,
               n.renewed_from_pledge_id as new_from, n.renewed_to_pledge_id as new_to, n.released_on as new_released
          from pledges o, pledges n
         where o.company_id = ${base.companyId} and o.id = ${p.pledge_id} and n.id = ${newId}`),
    );
    expect(links).toEqual({
      old_to: newId,
      closed_by: 'renewal',
      released_on: '2026-02-10',
      status: 'inactive',
      new_from: p.pledge_id,
      new_to: null,
      new_released: null,
    });
    const fromOld = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/renewals`,
      headers: h,
    });
    expect(fromOld.json()).toEqual({
      pledge_id: p.pledge_id,
      renewed_from: null,
      renewed_to: {
        renewal_id: s.renewal_id,
        pledge_id: newId,
        pledge_no: s.new_pledge_view.pledge_no,
        renewal_date: '2026-02-10',
        receipt_id: s.receipt_id,
        receipt_no: s.receipt_no,
      },
    });
    const fromNew = await t.app.inject({ method: 'GET', url: `/api/pledges/${newId}/renewals`, headers: h });
    expect(fromNew.json()).toMatchObject({
      renewed_from: { pledge_id: p.pledge_id, pledge_no: p.pledge_no },
      renewed_to: null,
    });
    // The closing payment is of method 'renewal' and settles the old pledge.
    const payments = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/payments`,
      headers: h,
    });
    expect(payments.json()).toEqual([
      expect.objectContaining({
        payment_method: 'renewal',
        payment_type: 'full_payment',
        receipt_no: s.receipt_no,
      }),
    ]);
    // The new pledge's amounts cannot be edited (its payout credits 1195).
    const view = s.new_pledge_view;
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/pledges/${newId}/with-items`,
      headers: h,
      payload: {
        customer_id: view.customer_id,
        scheme_id: view.scheme_id,
        pledge_date: view.pledge_date,
        total_loan_amount: 40000,
        document_charges: 100,
        cash_limit_confirmed: true,
        items: view.items.map((i: { pledge_item_id: number }) => ({
          pledge_item_id: i.pledge_item_id,
          action: 'keep',
          jewell_design_id: base.designId,
          gross_weight: 1,
          net_weight: 1,
        })),
      },
    });
    expect(edit.statusCode, edit.body).toBe(409);
    expect(edit.json().code).toBe('PLEDGE_RENEWED');
    // And the renewed pledge can itself be renewed.
    const second = await renew(h, newId, {
      items: { keep: [{ pledge_item_id: view.items[0].pledge_item_id }] },
      total_loan_amount: 30000,
      cash_limit_confirmed: true,
    });
    expect(second.statusCode, second.body).toBe(201);
    await expectBooksClean(t);
  });
});

describe('refusals', () => {
  const keepAll = (p: { itemId: number }) => ({
    items: { keep: [{ pledge_item_id: p.itemId }] },
    total_loan_amount: 100000,
    cash_limit_confirmed: true,
  });

  it('a closed pledge, an inactive one, one at a bank and one in a live auction lot: 409 with a sentence', async () => {
    const closed = await renewable();
    await paymentFor(t, closed.companyId, closed, {
      payment_date: '2026-02-10',
      payment_type: 'full_payment',
    });
    for (const preview of [true, false]) {
      const res = await renew(closed.h, closed.pledge_id, keepAll(closed), preview);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ detail: RENEWAL_SERVER_MESSAGES.closed, code: 'PLEDGE_CLOSED' });
    }

    const atBank = await renewable();
    await t.database.db.execute(
      sql`update pledges set is_move_to_bank = true where company_id = ${atBank.companyId} and id = ${atBank.pledge_id}`,
    );
    const bank = await renew(atBank.h, atBank.pledge_id, keepAll(atBank));
    expect(bank.statusCode).toBe(409);
    expect(bank.json()).toMatchObject({ detail: RENEWAL_SERVER_MESSAGES.atBank, code: 'PLEDGE_AT_BANK' });

    const inactive = await renewable();
    await t.database.db.execute(
      sql`update pledges set status = 'inactive' where company_id = ${inactive.companyId} and id = ${inactive.pledge_id}`,
    );
    expect((await renew(inactive.h, inactive.pledge_id, keepAll(inactive))).json().code).toBe(
      'PLEDGE_INACTIVE',
    );

    const lot = await renewable();
    const c = lot.companyId;
    await t.database.db.execute(sql`
      with b as (insert into notice_batches (company_id, notice_date) values (${c}, '2026-01-20') returning id),
           n as (insert into pledge_notices (company_id, batch_id, pledge_id, notice_no, notice_date, principal_due,
                   interest_due, amount_due, sale_after)
                 select ${c}, b.id, ${lot.pledge_id}, 'N/TEST/1', '2026-01-20', 100000, 0, 100000, '2026-01-25' from b
                 returning id),
           l as (insert into auction_lots (company_id, lot_no, auction_date) values (${c}, 'AL/TEST/1', '2026-02-01')
                 returning id)
      insert into auction_lot_pledges (company_id, lot_id, pledge_id, notice_id)
      select ${c}, l.id, ${lot.pledge_id}, n.id from l, n`);
    const inLot = await renew(lot.h, lot.pledge_id, keepAll(lot));
    expect(inLot.statusCode).toBe(409);
    expect(inLot.json()).toMatchObject({
      detail: RENEWAL_SERVER_MESSAGES.inLot,
      code: 'PLEDGE_IN_AUCTION_LOT',
    });
    // Withdrawn from the lot, it may be renewed.
    await t.database.db.execute(
      sql`update auction_lot_pledges set withdrawn_at = now(), withdrawn_reason = 'renewed' where company_id = ${c}`,
    );
    const ok = await renew(lot.h, lot.pledge_id, { ...keepAll(lot), renewal_date: '2026-02-10' });
    expect(ok.statusCode, ok.body).toBe(201);
    await expectBooksClean(t);
  });

  it('the save refuses with 409 when the cash the clerk saw in the preview is not what it would move', async () => {
    const p = await renewable();
    const body = {
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.itemId }] },
      total_loan_amount: 120000,
      document_charges: 100,
      cash_limit_confirmed: true,
    };
    const preview = await renew(p.h, p.pledge_id, body, true);
    expect(preview.json()).toMatchObject({ cash_to_customer: 17350, cash_from_customer: 0 });
    const shown = { expected_cash_to_customer: 17350, expected_cash_from_customer: 0 };
    // The loan raised after the preview (the bug: the preview lagged, Save stayed enabled).
    const raised = await renew(p.h, p.pledge_id, { ...body, ...shown, total_loan_amount: 130000 });
    expect(raised.statusCode).toBe(409);
    expect(raised.json()).toMatchObject({
      detail: RENEWAL_SERVER_MESSAGES.figuresChanged,
      code: 'FIGURES_CHANGED',
    });
    // A smaller loan where the screen showed cash to hand over: the customer would have to pay instead.
    const smaller = await renew(p.h, p.pledge_id, { ...body, ...shown, total_loan_amount: 90000 });
    expect(smaller.statusCode).toBe(409);
    // The preview ignores the figures shown.
    expect(
      (await renew(p.h, p.pledge_id, { ...body, ...shown, total_loan_amount: 90000 }, true)).statusCode,
    ).toBe(200);
    expect((await counts(p.companyId)).renewals).toBe(0);
    // The figures as shown: saved.
    const saved = await renew(p.h, p.pledge_id, { ...body, ...shown });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().cash_to_customer).toBe(17350);
    await expectBooksClean(t);
  });

  it('a loan above the eligible loan, a future date, a date before the latest payment, and bad articles: 422 by field', async () => {
    const p = await renewable();
    const above = await renew(
      p.h,
      p.pledge_id,
      { ...keepAll(p), renewal_date: '2026-02-10', total_loan_amount: 131250.01 },
      true,
    );
    expect(above.statusCode).toBe(422);
    expect(fields(above.body).map(([loc]) => loc)).toEqual(['body.total_loan_amount']);

    const future = await renew(p.h, p.pledge_id, { ...keepAll(p), renewal_date: '2999-01-01' });
    expect(future.statusCode).toBe(422);
    expect(fields(future.body)).toEqual([['body.renewal_date', RENEWAL_SERVER_MESSAGES.futureDate]]);

    await paymentFor(t, p.companyId, p, { payment_date: '2026-02-15', payment_type: 'interest' });
    const early = await renew(p.h, p.pledge_id, { ...keepAll(p), renewal_date: '2026-02-10' });
    expect(early.statusCode).toBe(422);
    expect(fields(early.body)).toEqual([
      ['body.renewal_date', RENEWAL_SERVER_MESSAGES.beforeLastPayment('2026-02-15')],
    ]);

    const other = await bigPledge(t, '2026-01-01', { companyId: p.companyId, actor: p.actor });
    const wrongItem = await renew(p.h, p.pledge_id, {
      ...keepAll(p),
      renewal_date: '2026-02-20',
      items: {
        keep: [
          { pledge_item_id: other.items[0]!.pledge_item_id },
          { pledge_item_id: p.itemId },
          { pledge_item_id: p.itemId },
        ],
      },
    });
    expect(wrongItem.statusCode).toBe(422);
    expect(fields(wrongItem.body)).toEqual([
      ['body.items.keep.0.pledge_item_id', RENEWAL_SERVER_MESSAGES.notThisPledge],
      ['body.items.keep.2.pledge_item_id', RENEWAL_SERVER_MESSAGES.repeatedItem],
    ]);

    const none = await renew(p.h, p.pledge_id, { ...keepAll(p), items: { keep: [], add: [] } });
    expect(none.statusCode).toBe(422);

    const badDesign = await renew(p.h, p.pledge_id, {
      ...keepAll(p),
      renewal_date: '2026-02-20',
      items: {
        keep: [{ pledge_item_id: p.itemId }],
        add: [{ jewell_design_id: 2_000_000_000, gross_weight: 1, net_weight: 1 }],
      },
    });
    expect(badDesign.statusCode).toBe(422);
    expect(fields(badDesign.body).map(([loc]) => loc)).toEqual(['body.items.add.0.jewell_design_id']);

    // Another company's pledge is not found.
    const stranger = await bigPledge(t, '2026-01-01');
    const notFound = await renew(stranger.actor.headers(), p.pledge_id, keepAll(p));
    expect(notFound.statusCode).toBe(404);

    // Nothing was written by any refusal.
    expect((await counts(p.companyId)).renewals).toBe(0);
    expect(today() >= '2026-02-20').toBe(true);
    await expectBooksClean(t);
  });
});
