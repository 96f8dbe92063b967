import { auditListSchema, businessToday, rupeesToPaise } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { accountBalance, voucherLines } from '../../test/books.ts';
import {
  type Actor,
  adminFor,
  capitalVoucherFor,
  FIXTURE_PASSWORD,
  freshCompany,
  type PledgeMade,
  paymentFor,
  pledgeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// The branch's day: the drawer, the day close and the cash limit. Staff may
// handle pledges here, so a counter clerk (role user) opens and closes their own drawer.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday(t.config.businessTimeZone);

/** A count: ₹500 × fives + ₹100 × hundreds + coins (rupees). */
const count = (fives: number, hundreds = 0, coins = 0) => ({ '500': fives, '100': hundreds, coins });

interface Branch {
  companyId: number;
  admin: Actor;
  clerk: Actor;
  /** A first pledge by the admin, whose scheme, rate, design and customer the others reuse. */
  base: PledgeMade;
}

async function branch(): Promise<Branch> {
  const companyId = (await freshCompany(t)).id;
  const admin = await adminFor(t, companyId);
  const clerk = await userFor(t, companyId);
  const base = await pledgeFor(t, companyId, { actor: admin });
  return { companyId, admin, clerk, base };
}

/** A pledge by `actor` on the branch's scheme (rate of today already there). */
function pledgeBy(b: Branch, actor: Actor, body: object = {}) {
  return pledgeFor(t, b.companyId, {
    actor,
    schemeId: b.base.scheme_id,
    skipRate: true,
    designId: b.base.designId,
    body: { pledge_date: today(), ...body },
  });
}

const post = (actor: Actor, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: actor.headers(), payload });
const get = (actor: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: actor.headers() });
const put = (actor: Actor, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: actor.headers(), payload });

/** The body of POST /pledges/with-items on the branch's scheme, customer and design. */
function pledgeBody(b: Branch, loan: number, extra: object = {}) {
  return {
    customer_id: b.base.customer_id,
    scheme_id: b.base.scheme_id,
    pledge_date: today(),
    total_loan_amount: loan,
    document_charges: 100,
    items: [{ jewell_design_id: b.base.designId, gross_weight: 10.5, net_weight: 10 }],
    ...extra,
  };
}

describe('POST /cash-drawer/open and GET /cash-drawer/current', () => {
  it('opens the caller’s drawer with the counted float and shows it as current', async () => {
    const b = await branch();
    const before = await get(b.clerk, '/api/cash-drawer/current');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ date: today(), drawer: null, day: { status: 'open', events: [] } });

    const res = await post(b.clerk, '/api/cash-drawer/open', {
      denominations: { '500': 10, '200': 5, '100': 10, '50': 4, '20': 5, '10': 10, coins: 37.5 },
      remarks: 'Float from the safe',
    });
    expect(res.statusCode, res.body).toBe(201);
    // 5000 + 1000 + 1000 + 200 + 100 + 100 + 37.50
    expect(res.json()).toMatchObject({
      user: { id: b.clerk.userId, username: b.clerk.username },
      business_date: today(),
      status: 'open',
      opening: { amount: 7437.5, denominations: { '500': 10, coins: 37.5 } },
      opening_remarks: 'Float from the safe',
      receipts: 0,
      payouts: 0,
      expected: 7437.5,
      counted: null,
      difference: null,
    });
    const current = (await get(b.clerk, '/api/cash-drawer/current')).json();
    expect(current.drawer.id).toBe(res.json().id);
    // Another user's current drawer is their own (none yet).
    expect((await get(b.admin, '/api/cash-drawer/current')).json().drawer).toBeNull();
  });

  it('refuses a second drawer of the same date (409 DRAWER_ALREADY_OPEN) and a future date (422)', async () => {
    const b = await branch();
    expect((await post(b.clerk, '/api/cash-drawer/open', { denominations: count(2) })).statusCode).toBe(201);
    const again = await post(b.clerk, '/api/cash-drawer/open', { denominations: count(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DRAWER_ALREADY_OPEN');
    const future = await post(b.clerk, '/api/cash-drawer/open', {
      business_date: '2099-01-01',
      denominations: count(1),
    });
    expect(future.statusCode).toBe(422);
    expect(future.json().detail[0].loc).toMatchObject(['body', 'business_date']);
  });

  it('answers bad counts with 422, never a 500', async () => {
    const b = await branch();
    for (const denominations of [
      { '500': -1 },
      { '500': 1.5 },
      { '500': 1e12 },
      { coins: -3 },
      { coins: 'x' },
      { coins: 1e15 },
    ]) {
      const res = await post(b.clerk, '/api/cash-drawer/open', { denominations });
      expect(res.statusCode, JSON.stringify(denominations)).toBe(422);
    }
    const badDate = await get(b.clerk, '/api/cash-drawer/current?date=2026-02-30');
    expect(badDate.statusCode).toBe(422);
  });
});

describe('POST /cash-drawer/close', () => {
  it('expects the opening plus the books’ cash movements of that user only', async () => {
    const b = await branch();
    await post(b.clerk, '/api/cash-drawer/open', { denominations: count(100) }); // ₹50,000
    const mine = await pledgeBy(b, b.clerk); // pays out its final amount in cash
    // No interest is due on the day of the pledge (the first month's was taken at the payout).
    const paid = await paymentFor(
      t,
      b.companyId,
      mine,
      { payment_type: 'partial_principal', amount: 1250.5 },
      { actor: b.clerk },
    );
    // Another user's pledge and a bank payout of the clerk's do not count in the clerk's drawer.
    await pledgeBy(b, b.admin);
    await pledgeBy(b, b.clerk, { payout_method: 'bank_transfer', payout_reference: 'NEFT-1' });

    const expected = 50000 - mine.final_amount + paid.amount;
    expect(await accountBalance(t, b.companyId, '1000', { on: today(), createdBy: b.clerk.userId })).toBe(
      expected - 50000,
    );
    const current = (await get(b.clerk, '/api/cash-drawer/current')).json().drawer;
    expect(current).toMatchObject({ receipts: paid.amount, payouts: mine.final_amount, expected });
    expect(current.by_kind).toEqual([
      { kind: 'payment', receipts: paid.amount, payouts: 0, count: 1 },
      { kind: 'pledge', receipts: 0, payouts: mine.final_amount, count: 1 },
    ]);

    // Counted to the paisa: no voucher, no approval needed.
    const countedPaise = rupeesToPaise(expected);
    const res = await post(b.clerk, '/api/cash-drawer/close', {
      denominations: { '500': Math.floor(countedPaise / 50000), coins: (countedPaise % 50000) / 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'closed',
      expected,
      counted: { amount: expected },
      difference: 0,
      difference_voucher: null,
      approved_by: null,
      closed_by: { id: b.clerk.userId },
    });
  });

  it('posts a shortage of ₹150 as Dr 5100 Cash Short, Cr 1000, approved by an admin’s password', async () => {
    const b = await branch();
    await post(b.clerk, '/api/cash-drawer/open', { denominations: count(10) }); // ₹5,000
    const short = { denominations: count(9, 3, 50) }; // 4,500 + 300 + 50 = ₹4,850

    const noApprover = await post(b.clerk, '/api/cash-drawer/close', short);
    expect(noApprover.statusCode).toBe(422);
    expect(noApprover.json().detail[0]).toMatchObject({
      loc: ['body', 'approver'],
      type: 'approval_required',
    });

    const wrong = await post(b.clerk, '/api/cash-drawer/close', {
      ...short,
      approver: { username: b.admin.username, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0]).toMatchObject({
      loc: ['body', 'approver', 'password'],
      msg: 'The approver’s username or password is wrong.',
    });
    // A non-admin's right password is refused with the very same answer.
    const other = await userFor(t, b.companyId);
    const notAdmin = await post(b.clerk, '/api/cash-drawer/close', {
      ...short,
      approver: { username: other.username, password: FIXTURE_PASSWORD },
    });
    expect(notAdmin.statusCode).toBe(422);
    expect(notAdmin.json().detail).toEqual(wrong.json().detail);

    const ok = await post(b.clerk, '/api/cash-drawer/close', {
      ...short,
      remarks: 'Change given twice',
      approver: { username: b.admin.username, password: FIXTURE_PASSWORD },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const drawer = ok.json();
    expect(drawer).toMatchObject({
      expected: 5000,
      counted: { amount: 4850 },
      difference: -150,
      approved_by: { id: b.admin.userId, username: b.admin.username },
      closed_by: { id: b.clerk.userId },
      close_remarks: 'Change given twice',
    });
    expect(drawer.difference_voucher.voucher_number).toMatch(/^JV\//);
    expect(await voucherLines(t, b.companyId, drawer.difference_voucher.id)).toEqual([
      ['5100', 150, 0],
      ['1000', 0, 150],
    ]);
    const [voucher] = rowsOf<{
      source_kind: string;
      source_id: number;
      created_by: number;
      entry_date: string;
    }>(
      await t.database.db.execute(
        sql`select source_kind, source_id, created_by, entry_date::text from vouchers where id = ${drawer.difference_voucher.id}`,
      ),
    );
    expect(voucher).toEqual({
      source_kind: 'cash-drawer',
      source_id: drawer.id,
      created_by: b.clerk.userId,
      entry_date: today(),
    });
    // The drawer reads the same afterwards: the difference voucher is not one of its movements.
    const again = (await get(b.clerk, `/api/cash-drawers/${drawer.id}`)).json();
    expect(again).toMatchObject({ expected: 5000, receipts: 0, payouts: 0, difference: -150 });
    await expectBooksClean(t);
  });

  it('posts an excess as Dr 1000, Cr 4300 Cash Over, an admin closing approving it themselves', async () => {
    const b = await branch();
    // A second admin, who paid nothing out today (the first made the branch's base pledge).
    const admin = await adminFor(t, b.companyId);
    await post(admin, '/api/cash-drawer/open', { denominations: count(4) }); // ₹2,000
    const res = await post(admin, '/api/cash-drawer/close', { denominations: count(4, 1) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ difference: 100, approved_by: { id: admin.userId } });
    expect(await voucherLines(t, b.companyId, res.json().difference_voucher.id)).toEqual([
      ['1000', 100, 0],
      ['4300', 0, 100],
    ]);
  });

  it('refuses a close without an open drawer and a second close (409)', async () => {
    const b = await branch();
    const none = await post(b.clerk, '/api/cash-drawer/close', { denominations: count(1) });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('DRAWER_NOT_OPEN');
    await post(b.clerk, '/api/cash-drawer/open', { denominations: count(1) });
    expect((await post(b.clerk, '/api/cash-drawer/close', { denominations: count(1) })).statusCode).toBe(200);
    const twice = await post(b.clerk, '/api/cash-drawer/close', { denominations: count(1) });
    expect(twice.json().code).toBe('DRAWER_ALREADY_CLOSED');
    const reopen = await post(b.clerk, '/api/cash-drawer/open', { denominations: count(1) });
    expect(reopen.json().code).toBe('DRAWER_ALREADY_CLOSED');
  });

  it('a closed drawer takes no more cash of its user dated on its day (409 DRAWER_CLOSED), other cash goes on', async () => {
    const b = await branch();
    await post(b.clerk, '/api/cash-drawer/open', { denominations: count(100) });
    const p = await pledgeBy(b, b.clerk, { total_loan_amount: 10000 });
    await post(b.clerk, '/api/cash-drawer/close', {
      denominations: count(100 - 20, 2, 50), // 50,000 − 9,750 = 40,250
    });
    const refused = await post(b.clerk, '/api/pledge-payments/', {
      pledge_id: p.pledge_id,
      payment_date: today(),
      payment_type: 'partial_principal',
      amount: 10,
      payment_method: 'cash',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DRAWER_CLOSED');
    // A bank receipt does not touch the drawer, and the admin's cash is outside it.
    const bank = await post(b.clerk, '/api/pledge-payments/', {
      pledge_id: p.pledge_id,
      payment_date: today(),
      payment_type: 'partial_principal',
      amount: 10,
      payment_method: 'bank',
      bank_reference: 'UPI-77',
    });
    expect(bank.statusCode, bank.body).toBe(201);
    await paymentFor(t, b.companyId, p, { payment_type: 'partial_principal', amount: 5 }, { actor: b.admin });
  });
});

describe('GET /cash-drawers/:id', () => {
  it('shows a non-admin only their own drawer; an admin sees every drawer of the company', async () => {
    const b = await branch();
    const opened = (await post(b.clerk, '/api/cash-drawer/open', { denominations: count(1) })).json();
    const other = await userFor(t, b.companyId);
    expect((await get(other, `/api/cash-drawers/${opened.id}`)).statusCode).toBe(404);
    expect((await get(b.clerk, `/api/cash-drawers/${opened.id}`)).json().id).toBe(opened.id);
    expect((await get(b.admin, `/api/cash-drawers/${opened.id}`)).json().id).toBe(opened.id);
    // Another company's admin acting for their own company does not see it.
    const stranger = await adminFor(t, (await freshCompany(t)).id);
    expect((await get(stranger, `/api/cash-drawers/${opened.id}`)).statusCode).toBe(404);
  });
});

describe('GET /days/{date}: the day sheet', () => {
  it('totals the day’s cash receipts and payouts from the books whether or not a drawer was opened', async () => {
    const b = await branch();
    // No drawer: the admin paid out the base pledge and took part of its principal in cash.
    const part = await paymentFor(t, b.companyId, b.base, { payment_type: 'partial_principal' });
    const bare = await get(b.admin, `/api/days/${today()}`);
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json()).toMatchObject({
      drawers: [],
      totals: { opening: 0, receipts: 0, payouts: 0, expected: 0 },
      day_cash: { receipts: part.amount, payouts: b.base.final_amount, count: 2 },
    });

    // A clerk's drawer then takes a pledge of its own: the day counts both, drawer and outside.
    expect((await post(b.clerk, '/api/cash-drawer/open', { denominations: count(10) })).statusCode).toBe(201);
    const clerks = await pledgeBy(b, b.clerk, { total_loan_amount: 3000 });
    const day = (await get(b.admin, `/api/days/${today()}`)).json();
    expect(day.totals).toMatchObject({ receipts: 0, payouts: clerks.final_amount });
    expect(day.outside_drawers).toEqual({ receipts: part.amount, payouts: b.base.final_amount, count: 2 });
    expect(day.day_cash).toEqual({
      receipts: part.amount,
      payouts: Math.round((b.base.final_amount + clerks.final_amount) * 100) / 100,
      count: 3,
    });
  });
});

describe('the day close', () => {
  it('refuses while drawers are open, naming their users, then closes; GET /days shows the day', async () => {
    const b = await branch();
    await post(b.clerk, '/api/cash-drawer/open', { denominations: count(10) });
    const refused = await post(b.admin, `/api/days/${today()}/close`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DRAWERS_OPEN' });
    expect(refused.json().detail).toContain(b.clerk.username);

    await post(b.clerk, '/api/cash-drawer/close', { denominations: count(10) });
    const closed = await post(b.admin, `/api/days/${today()}/close`, { remarks: 'All drawers counted' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({
      date: today(),
      status: 'closed',
      closed_by: { id: b.admin.userId },
      events: [{ action: 'close', reason: 'All drawers counted', user: { id: b.admin.userId } }],
    });
    expect((await post(b.admin, `/api/days/${today()}/close`, {})).json().code).toBe('DAY_ALREADY_CLOSED');

    const sheet = await get(b.admin, `/api/days/${today()}`);
    expect(sheet.statusCode, sheet.body).toBe(200);
    // The base pledge was paid out by the admin, who has no drawer: outside the drawers.
    expect(sheet.json()).toMatchObject({
      company: { id: b.companyId },
      day: { status: 'closed' },
      drawers: [{ user: { id: b.clerk.userId }, status: 'closed', expected: 5000 }],
      totals: { opening: 5000, expected: 5000, counted: 5000, difference: 0 },
      outside_drawers: { receipts: 0, payouts: b.base.final_amount, count: 1 },
    });
    // The clerk cannot see or close the day.
    expect((await get(b.clerk, `/api/days/${today()}`)).statusCode).toBe(403);
    expect((await post(b.clerk, `/api/days/${today()}/reopen`, { reason: 'Late receipt' })).statusCode).toBe(
      403,
    );
  });

  it('a closed day refuses a pledge, a payment and a manual voucher dated on it; a reopened one takes them', async () => {
    const b = await branch();
    const date = today();
    expect((await post(b.admin, `/api/days/${date}/close`, {})).statusCode).toBe(200);

    const pledge = await post(b.admin, '/api/pledges/with-items', pledgeBody(b, 10000));
    expect(pledge.statusCode, pledge.body).toBe(409);
    expect(pledge.json()).toMatchObject({ code: 'DAY_CLOSED' });
    expect(pledge.json().detail).toMatch(/^The day \d\d\/\d\d\/\d{4} is closed\. An admin must reopen it/);
    const payment = await post(b.admin, '/api/pledge-payments/', {
      pledge_id: b.base.pledge_id,
      payment_date: date,
      payment_type: 'partial_principal',
      amount: 10,
      payment_method: 'cash',
    });
    expect(payment.json().code).toBe('DAY_CLOSED');
    await expect(capitalVoucherFor(t, b.admin, date, 1000)).rejects.toThrow(/409.*DAY_CLOSED/);
    const drawer = await post(b.clerk, '/api/cash-drawer/open', { denominations: count(1) });
    expect(drawer.json().code).toBe('DAY_CLOSED');

    const short = await post(b.admin, `/api/days/${date}/reopen`, { reason: 'x' });
    expect(short.statusCode).toBe(422);
    const reopened = await post(b.admin, `/api/days/${date}/reopen`, { reason: 'A receipt was left out' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: 'open',
      closed_at: null,
      events: [
        { action: 'close', reason: null },
        { action: 'reopen', reason: 'A receipt was left out', user: { id: b.admin.userId } },
      ],
    });
    const [row] = rowsOf<{ reopen_reason: string }>(
      await t.database.db.execute(
        sql`select reopen_reason from business_days where company_id = ${b.companyId} and business_date = ${date}`,
      ),
    );
    expect(row?.reopen_reason).toBe('A receipt was left out');
    expect((await post(b.admin, `/api/days/${date}/reopen`, { reason: 'Once more' })).json().code).toBe(
      'DAY_NOT_CLOSED',
    );

    expect((await post(b.admin, '/api/pledges/with-items', pledgeBody(b, 10000))).statusCode).toBe(201);
    await capitalVoucherFor(t, b.admin, date, 1000);
  });

  it('a closed day refuses a change or deletion of a manual voucher dated on it', async () => {
    const b = await branch();
    const date = today();
    const entry = await capitalVoucherFor(t, b.admin, date, 1000);
    await post(b.admin, `/api/days/${date}/close`, {});
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/daybook-entries/${entry.entry_id}`,
      headers: b.admin.headers(),
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('DAY_CLOSED');
  });

  it('answers a future date with 422 and a bad one with 422', async () => {
    const b = await branch();
    expect((await post(b.admin, '/api/days/2099-12-31/close', {})).statusCode).toBe(422);
    expect((await post(b.admin, '/api/days/2026-13-01/close', {})).statusCode).toBe(422);
    expect((await get(b.admin, '/api/days/yesterday')).statusCode).toBe(422);
  });
});

describe('cash settings and the cash limit', () => {
  it('GET and PUT /companies/:id/cash-settings: ₹20,000 warn by default; admins only change it', async () => {
    const b = await branch();
    const url = `/api/companies/${b.companyId}/cash-settings`;
    const rules = { no_drawer_payout: 'warn', drawer_short_payout: 'block' };
    expect((await get(b.clerk, url)).json()).toEqual({
      cash_limit: 20000,
      cash_limit_mode: 'warn',
      ...rules,
    });
    expect((await put(b.clerk, url, { cash_limit: 10000, cash_limit_mode: 'block' })).statusCode).toBe(403);
    const set = await put(b.admin, url, { cash_limit: 19999.5, cash_limit_mode: 'block' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ cash_limit: 19999.5, cash_limit_mode: 'block', ...rules });
    for (const body of [
      { cash_limit: 0, cash_limit_mode: 'warn' },
      { cash_limit: -1, cash_limit_mode: 'warn' },
      { cash_limit: 1e15, cash_limit_mode: 'warn' },
      { cash_limit: 100, cash_limit_mode: 'never' },
    ]) {
      expect((await put(b.admin, url, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    // A clerk of another company sees nothing of this one.
    const stranger = await userFor(t, (await freshCompany(t)).id);
    expect((await get(stranger, url)).statusCode).toBe(404);
  });

  it('warn: a cash payout at or over the limit needs the confirmation, which is recorded', async () => {
    const b = await branch();
    const unconfirmed = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 40000));
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().detail[0]).toMatchObject({
      loc: ['body', 'cash_limit_confirmed'],
      type: 'cash_limit_confirm',
    });
    expect(unconfirmed.json().detail[0].msg).toContain('₹20,000');
    const confirmed = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 40000, { cash_limit_confirmed: true }),
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const detail = (await get(b.clerk, `/api/pledges/${confirmed.json().pledge_id}`)).json();
    expect(detail).toMatchObject({
      payout_method: 'cash',
      payout_reference: null,
      cash_limit_confirmed: true,
    });
    // Under the limit no confirmation is asked, and none is recorded even when sent.
    const small = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 10000, { cash_limit_confirmed: true }),
    );
    expect(small.statusCode).toBe(201);
    expect(small.json().cash_limit_confirmed).toBe(false);
  });

  it('block: a cash payout at or over the limit is refused; a bank transfer posts to 1190', async () => {
    const b = await branch();
    await put(b.admin, `/api/companies/${b.companyId}/cash-settings`, {
      cash_limit: 20000,
      cash_limit_mode: 'block',
    });
    const blocked = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 40000, { cash_limit_confirmed: true }),
    );
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().detail[0]).toMatchObject({ loc: ['body', 'payout_method'] });
    expect(blocked.json().detail[0].msg).toBe(
      'A cash payout of ₹20,000 or more is not allowed. Choose bank transfer or online.',
    );
    const noRef = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 40000, { payout_method: 'bank_transfer' }),
    );
    expect(noRef.statusCode).toBe(422);
    expect(noRef.json().detail[0].loc).toMatchObject(['body', 'payout_reference']);
    const bank = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 40000, { payout_method: 'bank_transfer', payout_reference: 'NEFT-20261123-1' }),
    );
    expect(bank.statusCode, bank.body).toBe(201);
    expect(bank.json()).toMatchObject({
      payout_method: 'bank_transfer',
      payout_reference: 'NEFT-20261123-1',
    });
    const [v] = rowsOf<{ voucher_id: number }>(
      await t.database.db.execute(sql`select voucher_id from pledges where id = ${bank.json().pledge_id}`),
    );
    expect(await voucherLines(t, b.companyId, v!.voucher_id)).toEqual([
      ['1200', 40000, 0],
      ['1190', 0, 39300],
      ['4000', 0, 600],
      ['4100', 0, 100],
    ]);
  });

  it('a cash receipt at or over the limit: warn asks and records the confirmation, block refuses', async () => {
    const b = await branch();
    const p = await pledgeBy(b, b.admin, { total_loan_amount: 40000 });
    const body = {
      pledge_id: p.pledge_id,
      payment_date: today(),
      payment_type: 'partial_principal',
      amount: 20000,
      payment_method: 'cash',
    };
    // ₹19,999.99 received in cash (20,000 + 0 penalty − 0.01 discount) passes a ₹20,000 limit.
    const under = await post(b.clerk, '/api/pledge-payments/', {
      ...body,
      amount: 19999.99,
    });
    expect(under.statusCode, under.body).toBe(201);
    const ask = await post(b.clerk, '/api/pledge-payments/', body);
    expect(ask.statusCode).toBe(422);
    expect(ask.json().detail[0]).toMatchObject({
      loc: ['body', 'cash_limit_confirmed'],
      type: 'cash_limit_confirm',
    });
    const yes = await post(b.clerk, '/api/pledge-payments/', { ...body, cash_limit_confirmed: true });
    expect(yes.statusCode, yes.body).toBe(201);
    const receipt = (await get(b.clerk, `/api/receipts/${yes.json().receipt_id}`)).json();
    expect(receipt.cash_limit_confirmed).toBe(true);

    const q = await pledgeBy(b, b.admin, { total_loan_amount: 40000, customer_id: p.customer_id });
    await put(b.admin, `/api/companies/${b.companyId}/cash-settings`, {
      cash_limit: 20000,
      cash_limit_mode: 'block',
    });
    const multiple = await post(b.clerk, `/api/customers/${p.customer_id}/multiple-pledge-payment`, {
      customer_id: p.customer_id,
      total_payment_amount: 20000,
      payment_method: 'cash',
      payment_date: today(),
      cash_limit_confirmed: true,
      pledge_payments: [{ pledge_id: q.pledge_id, payment_amount: 20000 }],
    });
    expect(multiple.statusCode).toBe(422);
    expect(multiple.json().detail[0]).toMatchObject({ loc: ['body', 'payment_method'] });
    const online = await post(b.clerk, `/api/customers/${p.customer_id}/multiple-pledge-payment`, {
      customer_id: p.customer_id,
      total_payment_amount: 20000,
      payment_method: 'online',
      bank_reference: 'UPI-123',
      payment_date: today(),
      pledge_payments: [{ pledge_id: q.pledge_id, payment_amount: 20000 }],
    });
    expect(online.statusCode, online.body).toBe(201);
  });
});

describe('the audit trail of the branch day', () => {
  async function trail(admin: Actor, entity: string, id: number | string) {
    const res = await get(admin, `/api/audit?entity=${entity}&entity_id=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  }

  it('records the drawer’s open, its close with the shortage voucher and the approver, and the day’s close and reopen with the reason', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const clerk = await userFor(t, companyId);

    const opened = await post(clerk, '/api/cash-drawer/open', { denominations: count(10) }); // ₹5,000
    expect(opened.statusCode, opened.body).toBe(201);
    const drawerId = opened.json().id as number;
    const closed = await post(clerk, '/api/cash-drawer/close', {
      denominations: count(9, 3, 50), // ₹4,850
      remarks: 'Change given twice',
      approver: { username: admin.username, password: FIXTURE_PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const voucherId = closed.json().difference_voucher.id as number;

    const drawerEvents = await trail(admin, 'cash_drawer', drawerId);
    expect(drawerEvents.map((e) => e.action)).toEqual(['close', 'open']);
    const [close, open] = drawerEvents as [(typeof drawerEvents)[0], (typeof drawerEvents)[0]];
    expect(open).toMatchObject({ user_id: clerk.userId, company_id: companyId, before: null, reason: null });
    expect(open.after).toMatchObject({ id: drawerId, status: 'open', opening_amount: 5000 });
    expect(close).toMatchObject({ user_id: clerk.userId, reason: 'Change given twice' });
    expect(close.before).toMatchObject({ status: 'open', opening_amount: 5000, counted_amount: null });
    expect(close.after).toMatchObject({
      status: 'closed',
      expected_amount: 5000,
      counted_amount: 4850,
      difference_amount: -150,
      difference_voucher_id: voucherId,
      approved_by: admin.userId,
      approver_username: admin.username,
      closed_by: clerk.userId,
      close_remarks: 'Change given twice',
      difference_voucher: {
        id: voucherId,
        voucher_type: 'Journal',
        total_amount: 150,
        source_kind: 'cash-drawer',
        lines: [
          expect.objectContaining({ debit: 150, credit: 0 }),
          expect.objectContaining({ debit: 0, credit: 150 }),
        ],
      },
    });
    // The difference voucher is part of the close, not an event of its own.
    expect(await trail(admin, 'voucher', voucherId)).toEqual([]);

    const date = today();
    const dayClosed = await post(admin, `/api/days/${date}/close`, { remarks: 'All drawers counted' });
    expect(dayClosed.statusCode, dayClosed.body).toBe(200);
    const refused = await post(admin, `/api/days/${date}/close`, {});
    expect(refused.statusCode).toBe(409);
    const reopened = await post(admin, `/api/days/${date}/reopen`, { reason: 'A receipt entered late' });
    expect(reopened.statusCode, reopened.body).toBe(200);

    const dayEvents = await trail(admin, 'business_day', date);
    expect(dayEvents.map((e) => e.action)).toEqual(['reopen', 'close']);
    const [reopen, dayClose] = dayEvents as [(typeof dayEvents)[0], (typeof dayEvents)[0]];
    expect(dayClose).toMatchObject({ user_id: admin.userId, before: null, reason: 'All drawers counted' });
    expect(dayClose.after).toMatchObject({ business_date: date, status: 'closed', closed_by: admin.userId });
    expect(reopen).toMatchObject({ user_id: admin.userId, reason: 'A receipt entered late' });
    expect(reopen.before).toMatchObject({ business_date: date, status: 'closed', reopen_reason: null });
    expect(reopen.after).toMatchObject({
      business_date: date,
      status: 'open',
      reopened_by: admin.userId,
      reopen_reason: 'A receipt entered late',
    });
  });
});
