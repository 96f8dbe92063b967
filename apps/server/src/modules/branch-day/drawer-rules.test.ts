import { businessToday } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voucherLines } from '../../test/books.ts';
import {
  type Actor,
  adminFor,
  freshCompany,
  type PledgeMade,
  pledgeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// The drawer rules (closing a drawer once posted false income): a drawer holds only the cash its user
// moved after it was opened; a cash payout larger than the drawer holds is refused (or, by a setting,
// only an admin's, who adds the shortfall); with no drawer open a payout is warned of or refused (a
// setting); a count naming a note the drawer does not count is refused.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday(t.config.businessTimeZone);

const post = (actor: Actor, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: actor.headers(), payload });
const put = (actor: Actor, url: string, payload: object) =>
  t.app.inject({ method: 'PUT', url, headers: actor.headers(), payload });
const get = (actor: Actor, url: string) => t.app.inject({ method: 'GET', url, headers: actor.headers() });

interface Branch {
  companyId: number;
  admin: Actor;
  clerk: Actor;
  base: PledgeMade;
}

async function branch(): Promise<Branch> {
  const companyId = (await freshCompany(t)).id;
  const admin = await adminFor(t, companyId);
  const clerk = await userFor(t, companyId);
  // The base pledge (scheme, rate, design, customer) is paid out by bank: no cash of anyone's.
  const base = await pledgeFor(t, companyId, {
    actor: admin,
    body: { payout_method: 'bank_transfer', payout_reference: 'NEFT-BASE' },
  });
  return { companyId, admin, clerk, base };
}

/** POST /pledges/with-items on the branch's masters: a loan paid out in cash unless told. */
function pledgeBody(b: Branch, loan: number, extra: object = {}) {
  return {
    customer_id: b.base.customer_id,
    scheme_id: b.base.scheme_id,
    pledge_date: today(),
    total_loan_amount: loan,
    document_charges: 100,
    cash_limit_confirmed: true,
    items: [{ jewell_design_id: b.base.designId, gross_weight: 50, net_weight: 48 }],
    ...extra,
  };
}

/** A manual daybook voucher of `actor`: cash out to the bank (a deposit), Dr 1190 Cr 1000. */
async function bankDeposit(actor: Actor, amount: number) {
  const accounts = (await get(actor, '/api/accounts')).json() as {
    account_id: number;
    account_code: string;
  }[];
  const id = (code: string) => accounts.find((a) => a.account_code === code)?.account_id;
  return post(actor, '/api/daybook-entries', {
    entry_date: today(),
    voucher_type: 'Contra',
    narration: 'Cash deposited at the bank',
    details: [
      { account_id: id('1190'), debit_amount: amount, credit_amount: 0 },
      { account_id: id('1000'), debit_amount: 0, credit_amount: amount },
    ],
  });
}

const settingsUrl = (b: Branch) => `/api/companies/${b.companyId}/cash-settings`;
const setRules = (b: Branch, rules: object) =>
  put(b.admin, settingsUrl(b), { cash_limit: 20000, cash_limit_mode: 'warn', ...rules });

// ₹25,250: 50 × ₹500, 2 × ₹100 and ₹50 in coins.
const FLOAT_25250 = { '500': 50, '100': 2, coins: 50 };

describe('the expected cash of a drawer', () => {
  it('a float of ₹25,250 after payouts of ₹78,700 and ₹16,000 made that day before the opening expects ₹25,250: a count of ₹5,000 is ₹20,250 short, never ₹74,450 of Cash Over', async () => {
    const b = await branch();
    // The admin's cash of the day before opening a drawer: a bank deposit and an earlier payout.
    expect((await bankDeposit(b.admin, 78700)).statusCode).toBe(201);
    expect((await bankDeposit(b.admin, 16000)).statusCode).toBe(201);

    const opened = await post(b.admin, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json()).toMatchObject({ opening: { amount: 25250 }, payouts: 0, expected: 25250 });
    const current = (await get(b.admin, '/api/cash-drawer/current')).json().drawer;
    expect(current).toMatchObject({ receipts: 0, payouts: 0, added: 0, expected: 25250 });
    // The day sheet lists that cash outside the drawers.
    const day = (await get(b.admin, `/api/days/${today()}`)).json();
    expect(day.outside_drawers).toEqual({ receipts: 0, payouts: 94700, count: 2 });
    expect(day.totals.expected).toBe(25250);

    const closed = await post(b.admin, '/api/cash-drawer/close', { denominations: { '500': 10 } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ expected: 25250, counted: { amount: 5000 }, difference: -20250 });
    expect(await voucherLines(t, b.companyId, closed.json().difference_voucher.id)).toEqual([
      ['5100', 20250, 0],
      ['1000', 0, 20250],
    ]);
  });

  it('cash moved after the opening is the drawer’s, and the payout before it is not', async () => {
    const b = await branch();
    expect((await bankDeposit(b.admin, 1000)).statusCode).toBe(201);
    await post(b.admin, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    expect((await bankDeposit(b.admin, 250)).statusCode).toBe(201);
    const drawer = (await get(b.admin, '/api/cash-drawer/current')).json().drawer;
    expect(drawer).toMatchObject({ payouts: 250, expected: 25000 });
    expect(drawer.by_kind).toEqual([{ kind: 'manual', receipts: 0, payouts: 250, count: 1 }]);
  });
});

describe('a cash payout larger than the drawer holds', () => {
  it('block (the default): refused for the clerk and for an admin’s daybook entry; a bank payout passes', async () => {
    const b = await branch();
    expect((await get(b.clerk, settingsUrl(b))).json()).toMatchObject({
      no_drawer_payout: 'warn',
      drawer_short_payout: 'block',
    });
    await post(b.clerk, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    const refused = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 90000));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().code).toBe('DRAWER_SHORT');
    expect(refused.json().detail).toMatch(
      /^Your cash drawer holds ₹25,250\.00, less than this cash payout of ₹[\d,]+\.\d\d\. Pay by bank transfer or online\.$/,
    );
    const bank = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 90000, { payout_method: 'bank_transfer', payout_reference: 'NEFT-9' }),
    );
    expect(bank.statusCode, bank.body).toBe(201);
    // What the drawer holds is still paid out whole.
    const small = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 10000));
    expect(small.statusCode, small.body).toBe(201);
    const left = (await get(b.clerk, '/api/cash-drawer/current')).json().drawer.expected;
    expect(left).toBe(25250 - small.json().final_amount);

    await post(b.admin, '/api/cash-drawer/open', { denominations: { '500': 2 } });
    const deposit = await bankDeposit(b.admin, 1000.5);
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().code).toBe('DRAWER_SHORT');
    expect((await bankDeposit(b.admin, 1000)).statusCode).toBe(201);
  });

  it('admin: an admin’s payout adds the shortfall to their drawer, which then expects ₹0; a clerk is refused', async () => {
    const b = await branch();
    const set = await setRules(b, { drawer_short_payout: 'admin' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ drawer_short_payout: 'admin', no_drawer_payout: 'warn' });

    await post(b.clerk, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    const clerk = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 90000));
    expect(clerk.statusCode).toBe(409);
    expect(clerk.json().detail).toMatch(
      /An admin must make this payout, or pay by bank transfer or online\.$/,
    );

    await post(b.admin, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    const paid = await post(b.admin, '/api/pledges/with-items', pledgeBody(b, 90000));
    expect(paid.statusCode, paid.body).toBe(201);
    const drawer = (await get(b.admin, '/api/cash-drawer/current')).json().drawer;
    expect(drawer).toMatchObject({ payouts: paid.json().final_amount, expected: 0 });
    expect(drawer.added).toBeCloseTo(paid.json().final_amount - 25250, 2);
    // The day sheet adds it up: opening + added + receipts − payouts = expected.
    const day = (await get(b.admin, `/api/days/${today()}`)).json();
    const mine = day.drawers.find((d: { id: number }) => d.id === drawer.id);
    expect(mine).toMatchObject({ added: drawer.added, expected: 0 });
    expect(day.totals.added).toBe(drawer.added);
    // Counted empty: it matches, nothing is posted as income.
    const closed = await post(b.admin, '/api/cash-drawer/close', { denominations: {} });
    expect(closed.json()).toMatchObject({ expected: 0, difference: 0, difference_voucher: null });
  });
});

describe('a cash payout with no drawer open', () => {
  it('warn (the default) takes it; block refuses it until the drawer is opened; receipts and bank payouts pass', async () => {
    const b = await branch();
    const warned = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 10000));
    expect(warned.statusCode, warned.body).toBe(201);

    expect((await setRules(b, { no_drawer_payout: 'block' })).statusCode).toBe(200);
    const refused = await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 10000));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DRAWER_NOT_OPEN' });
    expect(refused.json().detail).toMatch(
      /^You have no cash drawer open for \d\d\/\d\d\/\d{4}\. Open your cash drawer before paying out cash\.$/,
    );
    const bank = await post(
      b.clerk,
      '/api/pledges/with-items',
      pledgeBody(b, 10000, { payout_method: 'bank_transfer', payout_reference: 'NEFT-7' }),
    );
    expect(bank.statusCode, bank.body).toBe(201);
    // Cash coming in needs no drawer.
    const receipt = await post(b.clerk, '/api/pledge-payments/', {
      pledge_id: warned.json().pledge_id,
      payment_date: today(),
      payment_type: 'partial_principal',
      amount: 10,
      payment_method: 'cash',
    });
    expect(receipt.statusCode, receipt.body).toBe(201);

    await post(b.clerk, '/api/cash-drawer/open', { denominations: FLOAT_25250 });
    expect((await post(b.clerk, '/api/pledges/with-items', pledgeBody(b, 10000))).statusCode).toBe(201);
  });
});

describe('the cash settings of the drawer rules', () => {
  it('are kept when a client sends only the limit, and refuse unknown modes with 422', async () => {
    const b = await branch();
    await setRules(b, { no_drawer_payout: 'block', drawer_short_payout: 'admin' });
    const limitOnly = await put(b.admin, settingsUrl(b), { cash_limit: 15000, cash_limit_mode: 'block' });
    expect(limitOnly.json()).toEqual({
      cash_limit: 15000,
      cash_limit_mode: 'block',
      no_drawer_payout: 'block',
      drawer_short_payout: 'admin',
    });
    for (const rules of [{ no_drawer_payout: 'never' }, { drawer_short_payout: 'warn' }]) {
      const res = await setRules(b, rules);
      expect(res.statusCode, JSON.stringify(rules)).toBe(422);
      expect(res.json().detail[0].loc).toMatchObject(['body', Object.keys(rules)[0]]);
    }
  });
});

describe('a count naming a note the drawer does not count', () => {
  it('refuses {"2000": 5} with 422 under denominations.2000, at the opening and at the close', async () => {
    const b = await branch();
    const opened = await post(b.clerk, '/api/cash-drawer/open', { denominations: { '2000': 5, '500': 1 } });
    expect(opened.statusCode).toBe(422);
    expect(opened.json().detail).toMatchObject([
      expect.objectContaining({
        loc: ['body', 'denominations', 2000],
        msg: '₹2000 notes are withdrawn from circulation and are not counted in a drawer: exchange them at a bank.',
      }),
    ]);
    expect((await get(b.clerk, '/api/cash-drawer/current')).json().drawer).toBeNull();
    await post(b.clerk, '/api/cash-drawer/open', { denominations: { '500': 1 } });
    const closed = await post(b.clerk, '/api/cash-drawer/close', { denominations: { '500': 1, '1': 4 } });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().detail[0].loc).toMatchObject(['body', 'denominations', 1]);
  });
});
