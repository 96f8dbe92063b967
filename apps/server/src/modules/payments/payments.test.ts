import { auditListSchema, businessToday, PAYMENT_MESSAGES, voucherNarration } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { voucherLines } from '../../test/books.ts';
import {
  adminFor,
  designFor,
  freshCompany,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bankFor } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { bigPledge, expectBooksClean } from './payments-test-helpers.ts';
import { PAYMENT_SERVER_MESSAGES } from './pledge-balance.ts';

// The single payment (docs/domain-rules.md §4.3), a pledge's balance and its payment history.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

type Headers = Record<string, string>;

function pay(headers: Headers, payload: object, url = '/api/pledge-payments/') {
  return t.app.inject({ method: 'POST', url, headers, payload });
}

function balance(headers: Headers, pledgeId: number | string, asOf?: string) {
  const q = asOf === undefined ? '' : `?as_of=${asOf}`;
  return t.app.inject({ method: 'GET', url: `/api/pledges/${pledgeId}/balance${q}`, headers });
}

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

/** The 422's field messages as [loc joined by '.', msg]. */
function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

const cash = (pledgeId: number, payment_date: string, payment_type: string, amount: number) => ({
  pledge_id: pledgeId,
  payment_date,
  payment_type,
  amount,
  payment_method: 'cash',
  cash_limit_confirmed: true,
});

describe('worked examples of docs/interest-examples.md through the API', () => {
  it('rows 32, 35 and 47: interest, partial principal, then full close; balances, receipts and vouchers', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    // Row 6: day 31 adds half a month.
    expect((await balance(h, p.pledge_id, '2026-02-01')).json()).toMatchObject({
      days_elapsed: 31,
      interest_due: 2250,
      interest_paid: 1500,
      remaining_interest: 750,
      remaining_principal: 100000,
      total_outstanding: 100750,
      last_payment_date: null,
      is_payable: true,
    });

    const first = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 750));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      pledge_id: p.pledge_id,
      pledge_no: p.pledge_no,
      customer_id: p.customer_id,
      receipt_no: 'R/2025-26/000001',
      receipt_kind: 'single',
      voucher_number: 'RCT/2025-26/0001',
      payment_type: 'interest',
      amount: 750,
      interest_amount: 750,
      principal_amount: 0,
      balance_amount: 100000,
      closed_pledge: false,
      reversed: false,
      created_by_username: p.actor.username,
      balance: { remaining_interest: 0, remaining_principal: 100000, last_payment_date: '2026-02-10' },
    });
    // Row 32: 20,000 of principal the same day.
    const second = await pay(h, cash(p.pledge_id, '2026-02-10', 'partial_principal', 20000));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      receipt_no: 'R/2025-26/000002',
      voucher_number: 'RCT/2025-26/0002',
      interest_amount: 0,
      principal_amount: 20000,
      balance_amount: 80000,
      balance: {
        interest_due: 2250,
        remaining_interest: 0,
        remaining_principal: 80000,
        total_outstanding: 80000,
      },
    });
    // Row 34 then row 35.
    expect((await balance(h, p.pledge_id, '2026-03-17')).json()).toMatchObject({
      interest_due: 3450,
      remaining_interest: 1200,
      total_outstanding: 81200,
    });
    expect((await pay(h, cash(p.pledge_id, '2026-03-17', 'interest', 1200))).statusCode).toBe(201);
    expect((await pay(h, cash(p.pledge_id, '2026-03-17', 'partial_principal', 30000))).statusCode).toBe(201);
    expect((await balance(h, p.pledge_id, '2026-04-11')).json()).toMatchObject({
      days_elapsed: 100,
      interest_due: 4200,
      interest_paid: 3450,
      remaining_interest: 750,
      remaining_principal: 50000,
      total_outstanding: 50750,
      paid_principal: 50000,
      paid_interest: 1950,
    });
    // Row 47: the full close on 2026-05-01 is 1,125 of interest and 50,000 of principal.
    const wrong = await pay(h, cash(p.pledge_id, '2026-05-01', 'full_payment', 51000));
    expect(wrong.statusCode).toBe(422);
    expect(fields(wrong.body)).toEqual([['body.amount', 'Full close amount must equal ₹51,125.00']]);
    const close = await pay(h, {
      ...cash(p.pledge_id, '2026-05-01', 'full_payment', 51125),
      penalty_amount: 100,
      discount_amount: 25,
    });
    expect(close.statusCode, close.body).toBe(201);
    expect(close.json()).toMatchObject({
      receipt_no: 'R/2026-27/000001',
      voucher_number: 'RCT/2026-27/0001',
      payment_type: 'full_payment',
      interest_amount: 1125,
      principal_amount: 50000,
      penalty_amount: 100,
      discount_amount: 25,
      balance_amount: 0,
      closed_pledge: true,
      balance: {
        remaining_interest: 0,
        remaining_principal: 0,
        total_outstanding: 0,
        is_payable: false,
        closed_date: '2026-05-01',
      },
    });
    // Row 47's as-of, and row 46: nothing more accrues after the close.
    expect((await balance(h, p.pledge_id, '2026-06-01')).json()).toMatchObject({
      interest_due: 4575,
      interest_paid: 4575,
      total_outstanding: 0,
      closed_date: '2026-05-01',
    });
    const pledge = await t.app.inject({ method: 'GET', url: `/api/pledges/${p.pledge_id}`, headers: h });
    expect(pledge.json()).toMatchObject({ status: 'inactive', closed_date: '2026-05-01' });
    // The Receipt voucher of the close: cash 51,200 (amount + penalty − discount), discount 25.
    expect(await voucherLines(t, p.companyId, 'RCT/2026-27/0001', 'code')).toEqual([
      ['1000', 51200, 0],
      ['1200', 0, 50000],
      ['4000', 0, 1125],
      ['4200', 0, 100],
      ['5000', 25, 0],
    ]);
    // The history, oldest first.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/payments`,
      headers: h,
    });
    expect(history.statusCode).toBe(200);
    expect(
      history
        .json()
        .map((x: { payment_type: string; balance_amount: number }) => [x.payment_type, x.balance_amount]),
    ).toEqual([
      ['interest', 100000],
      ['partial_principal', 80000],
      ['interest', 80000],
      ['partial_principal', 50000],
      ['full_payment', 0],
    ]);
    // A closed pledge takes nothing more.
    const after = await pay(h, cash(p.pledge_id, '2026-05-02', 'interest', 1));
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({
      detail: PAYMENT_SERVER_MESSAGES.pledgeClosed,
      code: 'PLEDGE_CLOSED',
    });
    await expectBooksClean(t);
  });

  it('row 50: 1.75 % on Rs. 75,500.50 with an interest payment', async () => {
    const company = await freshCompany(t);
    const actor = await adminFor(t, company.id);
    // The fixture's scheme is at 1.5 %; row 50 needs 1.75 %.
    const type = await jewelTypeFor(t, actor);
    const scheme = await schemeFor(t, actor, type.id, { interest_rate_per_month: 1.75 });
    const design = await designFor(t, actor);
    const pledge = await pledgeFor(t, company.id, {
      actor,
      schemeId: scheme.id,
      jewelTypeId: type.id,
      designId: design.id,
      body: {
        pledge_date: '2026-04-01',
        total_loan_amount: 75500.5,
        items: [{ jewell_design_id: design.id, gross_weight: 26, net_weight: 25 }],
      },
    });
    expect(pledge.first_month_interest).toBe(1321.26);
    const h = actor.headers();
    const paid = await pay(h, cash(pledge.pledge_id, '2026-05-20', 'interest', 1321.26));
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await balance(h, pledge.pledge_id, '2026-06-15')).json()).toMatchObject({
      days_elapsed: 75,
      interest_due: 3303.15,
      interest_paid: 2642.52,
      remaining_interest: 660.63,
      remaining_principal: 75500.5,
      total_outstanding: 76161.13,
    });
  });
});

describe('POST /api/pledge-payments/: the rules and their messages', () => {
  it('refuses interest above the remaining interest, principal before the interest is cleared, principal above the remaining', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const tooMuch = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 750.01));
    expect(tooMuch.statusCode).toBe(422);
    expect(fields(tooMuch.body)).toEqual([['body.amount', 'Interest payment cannot exceed ₹750.00']]);
    const early = await pay(h, cash(p.pledge_id, '2026-02-10', 'partial_principal', 100));
    expect(fields(early.body)).toEqual([['body.payment_type', PAYMENT_MESSAGES.clearInterestFirst]]);
    const fresh = await bigPledge(t, today(), { companyId: p.companyId, actor: p.actor });
    const above = await pay(h, cash(fresh.pledge_id, today(), 'partial_principal', 100000.01));
    expect(fields(above.body)).toEqual([['body.amount', 'Principal payment cannot exceed ₹1,00,000.00']]);
    // Within the first month nothing is due beyond the first month interest: an interest payment of
    // any amount exceeds ₹0.00.
    const nothing = await pay(h, cash(fresh.pledge_id, today(), 'interest', 1));
    expect(fields(nothing.body)).toEqual([['body.amount', 'Interest payment cannot exceed ₹0.00']]);
    // Nothing was written by any of these.
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/payments`,
      headers: h,
    });
    expect(history.json()).toEqual([]);
  });

  it('checks the payment date: not in the future, not before the pledge, not before the latest payment', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const future = await pay(h, cash(p.pledge_id, '2999-12-31', 'interest', 10));
    expect(fields(future.body)).toEqual([['body.payment_date', PAYMENT_MESSAGES.inFuture]]);
    const before = await pay(h, cash(p.pledge_id, '2025-12-31', 'interest', 10));
    expect(fields(before.body)).toEqual([['body.payment_date', PAYMENT_MESSAGES.beforePledge]]);
    expect((await pay(h, cash(p.pledge_id, '2026-03-05', 'interest', 100))).statusCode).toBe(201);
    const older = await pay(h, cash(p.pledge_id, '2026-03-04', 'interest', 100));
    expect(fields(older.body)).toEqual([
      ['body.payment_date', 'Payment date cannot be before the last payment (05/03/2026)'],
    ]);
    // The same day as the latest payment is fine.
    expect((await pay(h, cash(p.pledge_id, '2026-03-05', 'interest', 100))).statusCode).toBe(201);
    for (const bad of ['2026-02-30', '1899-12-31', '3000-01-01', 'yesterday', '']) {
      const res = await pay(h, cash(p.pledge_id, bad, 'interest', 10));
      expect(res.statusCode, bad).toBe(422);
      expect(fields(res.body)[0]![0]).toBe('body.payment_date');
    }
  });

  it('decides the split from the type: a split sent that differs is a 422, the same split is fine', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const wrong = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 500),
      interest_amount: 400,
      principal_amount: 100,
    });
    expect(fields(wrong.body)).toEqual([
      ['body.interest_amount', 'Interest amount must be ₹500.00 for this payment'],
      ['body.principal_amount', 'Principal amount must be ₹0.00 for this payment'],
    ]);
    const full = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'full_payment', 100750),
      interest_amount: 0,
      principal_amount: 100750,
    });
    expect(fields(full.body)).toEqual([
      ['body.interest_amount', 'Interest amount must be ₹750.00 for this payment'],
      ['body.principal_amount', 'Principal amount must be ₹1,00,000.00 for this payment'],
    ]);
    const right = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'full_payment', 100750),
      interest_amount: 750,
      principal_amount: 100000,
    });
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json()).toMatchObject({
      interest_amount: 750,
      principal_amount: 100000,
      closed_pledge: true,
    });
  });

  it('needs a bank reference for a non-cash method, a discount within amount + penalty, no negatives', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const bank = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 500),
      payment_method: 'online',
    });
    expect(fields(bank.body)).toEqual([['body.bank_reference', PAYMENT_MESSAGES.bankReference]]);
    const discount = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 500),
      penalty_amount: 10,
      discount_amount: 510.01,
    });
    expect(fields(discount.body)).toEqual([['body.discount_amount', PAYMENT_MESSAGES.discountTooLarge]]);
    const negative = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 500),
      penalty_amount: -1,
      discount_amount: -1,
    });
    expect(fields(negative.body)).toEqual([
      ['body.penalty_amount', PAYMENT_MESSAGES.penaltyNegative],
      ['body.discount_amount', PAYMENT_MESSAGES.discountNegative],
    ]);
    const type = await pay(h, cash(p.pledge_id, '2026-02-10', 'renewal', 500));
    expect(fields(type.body)).toEqual([['body.payment_type', PAYMENT_MESSAGES.paymentType]]);
    const zero = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 0));
    expect(fields(zero.body)).toEqual([['body.amount', PAYMENT_MESSAGES.amount]]);
    // A whole discount of amount + penalty is allowed: nothing changes hands.
    const free = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 500),
      payment_method: 'online',
      bank_reference: 'UTR 1234',
      penalty_amount: 10,
      discount_amount: 510,
    });
    expect(free.statusCode, free.body).toBe(201);
    expect(free.json()).toMatchObject({
      bank_reference: 'UTR 1234',
      payment_method: 'online',
      discount_amount: 510,
    });
  });

  it('answers 404 for an unknown pledge or another company’s, and 409 for an inactive or moved-to-bank pledge', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const other = await bigPledge(t, '2026-01-01');
    const foreign = await pay(h, cash(other.pledge_id, '2026-02-10', 'interest', 10));
    expect(foreign.statusCode).toBe(404);
    expect((await pay(h, cash(2147483647, '2026-02-10', 'interest', 10))).statusCode).toBe(404);
    for (const id of [2147483648, 0, -1, 1.5, '12abc']) {
      const res = await pay(h, cash(id as number, '2026-02-10', 'interest', 10));
      expect(res.statusCode, String(id)).toBe(422);
    }
    const edit = (changes: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/pledges/${p.pledge_id}/with-items`,
        headers: h,
        payload: {
          customer_id: p.customer_id,
          scheme_id: p.scheme_id,
          pledge_date: p.pledge_date,
          total_loan_amount: p.total_loan_amount,
          document_charges: p.document_charges,
          items: p.items.map((i) => ({ ...i, action: 'keep' })),
          ...changes,
        },
      });
    // The articles go to a bank (Move to Bank), and come back.
    const bank = await bankFor(t, p.actor);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${p.pledge_id}/move-to-bank`,
      headers: h,
      payload: { bank_id: bank.id, pledged_on: '2026-01-20', amount_borrowed: 50000, bank_reference: 'GL/1' },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const atBank = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 10));
    expect(atBank.statusCode).toBe(409);
    expect(atBank.json().code).toBe('PLEDGE_AT_BANK');
    expect((await balance(h, p.pledge_id)).json().is_payable).toBe(false);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${p.pledge_id}/return-from-bank`,
      headers: h,
      payload: { returned_on: '2026-02-01' },
    });
    expect(back.statusCode, back.body).toBe(201);
    expect((await edit({ status: 'inactive' })).statusCode).toBe(200);
    const inactive = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 10));
    expect(inactive.json()).toMatchObject({
      detail: PAYMENT_SERVER_MESSAGES.pledgeInactive,
      code: 'PLEDGE_INACTIVE',
    });
  });

  it('refuses absurd amounts with a 422, never a 500', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    for (const amount of [1e300, 99999999999999, 12345678901.23, 0.001, Number.MAX_SAFE_INTEGER]) {
      const res = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', amount));
      expect(res.statusCode, String(amount)).toBe(422);
    }
    const huge = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 1),
      penalty_amount: 9999999999.99,
    });
    expect(huge.statusCode, huge.body).toBe(201);
    const text = await pay(h, { ...cash(p.pledge_id, '2026-02-10', 'interest', 1), remarks: 'a\u0000b' });
    expect(text.statusCode).toBe(422);
    const long = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 1),
      receipt_no: 'x'.repeat(51),
    });
    expect(long.statusCode).toBe(422);
  });

  it('takes a typed receipt number once per company, regardless of case (409 RECEIPT_NO_TAKEN)', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const first = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 100),
      receipt_no: ' Book-7/101 ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().receipt_no).toBe('Book-7/101');
    const again = await pay(h, {
      ...cash(p.pledge_id, '2026-02-10', 'interest', 100),
      receipt_no: 'BOOK-7/101',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      detail: PAYMENT_SERVER_MESSAGES.receiptNoTaken('BOOK-7/101'),
      code: 'RECEIPT_NO_TAKEN',
    });
    // A generated number is still the first of the year: a typed one takes no number from the counter,
    // and the refused payment took none either.
    const generated = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 100));
    expect(generated.json()).toMatchObject({
      receipt_no: 'R/2025-26/000001',
      voucher_number: 'RCT/2025-26/0002',
    });
    // Another company may use the same typed number.
    const other = await bigPledge(t, '2026-01-01');
    const elsewhere = await pay(other.actor.headers(), {
      ...cash(other.pledge_id, '2026-02-10', 'interest', 100),
      receipt_no: 'book-7/101',
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('numbers refused payments nothing: receipts and vouchers stay gapless', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) {
      const bad = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 100000));
      expect(bad.statusCode).toBe(422);
      const good = await pay(h, cash(p.pledge_id, '2026-02-10', 'interest', 100));
      expect(good.statusCode).toBe(201);
      numbers.push(`${good.json().receipt_no} ${good.json().voucher_number}`);
    }
    expect(numbers).toEqual([1, 2, 3, 4].map((n) => `R/2025-26/00000${n} RCT/2025-26/000${n}`));
  });

  it('numbers the receipt and its voucher last, as the domain prints them past 999999 and 9999, with no stand-in left', async () => {
    const p = await bigPledge(t, '2026-01-01');
    await t.database.db.execute(sql`
      insert into counters (company_id, name, period, value)
      values (${p.companyId}, 'receipt', '2025-26', 999999), (${p.companyId}, 'voucher:RCT', '2025-26', 9999)`);
    const res = await pay(p.actor.headers(), cash(p.pledge_id, '2026-02-10', 'interest', 250.5));
    expect(res.statusCode, res.body).toBe(201);
    expect([res.json().receipt_no, res.json().voucher_number]).toEqual([
      'R/2025-26/1000000',
      'RCT/2025-26/10000',
    ]);
    const rows = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(sql`
        select r.receipt_no, v.voucher_number, v.running_number, v.reference_number, v.narration,
               v.narration_params, v.source_id = r.id as names_receipt
          from payment_receipts r join vouchers v on v.company_id = r.company_id and v.id = r.voucher_id
         where r.company_id = ${p.companyId}`),
    );
    expect(rows).toEqual([
      {
        receipt_no: 'R/2025-26/1000000',
        voucher_number: 'RCT/2025-26/10000',
        running_number: 10000,
        reference_number: 'R/2025-26/1000000',
        narration: voucherNarration('receipt_payment', { receipt: 'R/2025-26/1000000', pledges: p.pledge_no })
          .narration,
        narration_params: { receipt: 'R/2025-26/1000000', pledges: p.pledge_no },
        names_receipt: true,
      },
    ]);
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select (select count(*) from vouchers where voucher_number like 'pending %' or running_number < 1
                   or narration like '%{receipt}%')::int
             + (select count(*) from payment_receipts where receipt_no like 'pending %')::int as n`),
    );
    expect(left!.n).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key with the same payment, and takes it once', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = { ...p.actor.headers(), 'idempotency-key': `pay-${p.pledge_id}` };
    const body = cash(p.pledge_id, '2026-02-10', 'interest', 300);
    const first = await pay(h, body);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await pay(h, body, '/api/pledge-payments/');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/payments`,
      headers: h,
    });
    expect(history.json()).toHaveLength(1);
    // The same key with another body is refused.
    const reused = await pay(h, { ...body, amount: 301 });
    expect(reused.statusCode).toBe(422);
  });

  it('records the receipt with its payment row and amounts in the audit trail, once per payment', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = { ...p.actor.headers(), 'idempotency-key': `pay-audit-${p.pledge_id}` };
    const body = { ...cash(p.pledge_id, '2026-02-10', 'interest', 700), penalty_amount: 50, remarks: 'Late' };
    const res = await pay(h, body);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as { receipt_id: number; payment_id: number; receipt_no: string };
    // The replay did nothing and records nothing; a refused payment leaves no row.
    expect((await pay(h, body)).headers['idempotent-replayed']).toBe('true');
    const refused = await pay(p.actor.headers(), cash(p.pledge_id, '2026-02-10', 'interest', 90000));
    expect(refused.statusCode).toBe(422);
    const rows = await trailOf(p.actor.headers(), 'receipt', saved.receipt_id);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event).toMatchObject({
      action: 'create',
      entity: 'receipt',
      entity_id: String(saved.receipt_id),
      company_id: p.companyId,
      user_id: p.actor.userId,
      before: null,
      route: 'POST /api/pledge-payments/',
    });
    expect(event!.after).toMatchObject({
      id: saved.receipt_id,
      receipt_no: saved.receipt_no,
      kind: 'single',
      payment_date: '2026-02-10',
      payment_method: 'cash',
      total_amount: 700,
      total_penalty: 50,
      total_discount: 0,
      net_amount: 750,
      reversed_at: null,
      payments: [
        {
          id: saved.payment_id,
          pledge_id: p.pledge_id,
          payment_type: 'interest',
          amount: 700,
          interest_amount: 700,
          principal_amount: 0,
          penalty_amount: 50,
          remarks: 'Late',
        },
      ],
    });
    // The alias records the same way, under its own route.
    const alias = await pay(
      p.actor.headers(),
      cash(p.pledge_id, '2026-02-10', 'interest', 50),
      '/api/pledges/payment',
    );
    expect(alias.statusCode, alias.body).toBe(201);
    const [aliased] = await trailOf(p.actor.headers(), 'receipt', alias.json().receipt_id);
    expect(aliased).toMatchObject({ action: 'create', route: 'POST /api/pledges/payment' });
  });

  it('answers the alias POST /api/pledges/payment the same way', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const res = await pay(
      p.actor.headers(),
      cash(p.pledge_id, '2026-02-10', 'interest', 750),
      '/api/pledges/payment',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ interest_amount: 750, balance: { remaining_interest: 0 } });
  });

  it('is the pledge area’s: a clerk without the pledge permission gets 403', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const clerk = await userFor(t, p.companyId);
    const res = await pay(clerk.headers(), cash(p.pledge_id, '2026-02-10', 'interest', 750));
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/pledges/{id}/balance', () => {
  it('defaults to today, refuses a date after today or absurd, and answers 404 for another company’s pledge', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const now = await balance(h, p.pledge_id);
    expect(now.statusCode).toBe(200);
    expect(now.json().as_of).toBe(today());
    const future = await balance(h, p.pledge_id, '2999-01-01');
    expect(future.statusCode).toBe(422);
    expect(fields(future.body)).toEqual([['query.as_of', 'The date cannot be after today']]);
    for (const bad of ['1899-12-31', '2026-02-30', 'x', '20260101']) {
      expect((await balance(h, p.pledge_id, bad)).statusCode, bad).toBe(422);
    }
    const other = await bigPledge(t, '2026-01-01');
    expect((await balance(h, other.pledge_id)).statusCode).toBe(404);
    for (const id of ['2147483648', '0', 'abc']) {
      expect([400, 404, 422]).toContain((await balance(h, id)).statusCode);
    }
    expect((await balance(h, 2147483647)).statusCode).toBe(404);
  });
});

describe('GET /api/pledges/{id}/payments', () => {
  it('lists a pledge’s payments oldest first with their receipts and users; 404 for another company’s', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const a = await paymentFor(t, p.companyId, p, { payment_date: '2026-02-10' });
    expect(a).toMatchObject({ payment_type: 'interest', amount: 750 });
    const b = await paymentFor(t, p.companyId, p, {
      payment_date: '2026-03-17',
      payment_type: 'full_payment',
    });
    expect(b).toMatchObject({ amount: 101500, interest_amount: 1500, closed_pledge: true });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/payments`,
      headers: h,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { id: number }) => x.id)).toEqual([a.id, b.id]);
    const { balance: _, ...view } = a;
    expect(res.json()[0]).toEqual(view);
    const other = await bigPledge(t, '2026-01-01');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${other.pledge_id}/payments`,
      headers: h,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the answer of a single payment', () => {
  it('is the payment as the list reads it once saved and the balance the balance route gives, a close included; a retry replays it', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const h = p.actor.headers();
    const listed = async (paymentId: number) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pledges/${p.pledge_id}/payments`,
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: number }[]).find((x) => x.id === paymentId);
    };
    const bodies = [
      {
        ...cash(p.pledge_id, '2026-02-10', 'interest', 750),
        payment_method: 'bank',
        bank_reference: '  UTR 0001  ',
        remarks: 'first',
      },
      cash(p.pledge_id, '2026-02-10', 'partial_principal', 20000),
      { ...cash(p.pledge_id, '2026-03-17', 'full_payment', 81200), penalty_amount: 100, discount_amount: 25 },
    ];
    for (const [i, body] of bodies.entries()) {
      const headers = { ...h, 'idempotency-key': `answer-${p.pledge_id}-${i}` };
      const res = await pay(headers, body);
      expect(res.statusCode, res.body).toBe(201);
      const { balance: after, ...payment } = res.json() as { id: number; balance: unknown };
      expect(payment).toEqual(await listed(payment.id));
      expect(after).toEqual((await balance(h, p.pledge_id, body.payment_date)).json());
      const again = await pay(headers, body);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(res.json());
    }
    const closed = (await balance(h, p.pledge_id, '2026-03-17')).json();
    expect(closed).toMatchObject({ is_payable: false, closed_date: '2026-03-17', total_outstanding: 0 });
  });
});
