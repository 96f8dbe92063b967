import { auditListSchema, CHART_ACCOUNT_MESSAGES } from '@pledge-desk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, mainCompanyId, type TestApp } from '../../test/test-app.ts';
import { insertCompany } from '../companies/companies.repository.ts';
import { ACCOUNT_MESSAGES } from './accounts.routes.ts';
import { ensureSystemAccounts } from './system-accounts.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;

const asAdmin = (companyId = mainId) => ({ ...bearer(admin), 'x-company-id': String(companyId) });

const rent = (companyId: number) => ({
  account_name: 'Rent',
  account_code: '6100',
  account_type: 'Expense',
  account_category: 'Indirect Expenses',
  description: 'Shop rent, T. Nagar',
  status: true,
  company_id: companyId,
});

async function chart(companyId = mainId) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/chart-of-accounts/${companyId}`,
    headers: asAdmin(companyId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; account_code: string; account_name: string; is_system: boolean }[];
}

async function create(body: object, companyId = mainId) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chart-of-accounts/',
    headers: asAdmin(companyId),
    payload: body,
  });
}

async function accountId(code: string, companyId = mainId): Promise<number> {
  const found = (await chart(companyId)).find((a) => a.account_code === code);
  if (!found) throw new Error(`no account ${code}`);
  return found.id;
}

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies (with their system accounts), admin and clerk.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
});
afterAll(async () => t.close());

const SYSTEM = [
  ['1000', 'Cash in Hand', 'Asset'],
  ['1190', 'Bank Clearing', 'Asset'],
  ['1200', 'Pledge Loans Receivable', 'Asset'],
  ['3000', 'Capital', 'Equity'],
  ['4000', 'Interest Income', 'Income'],
  ['4100', 'Document Charges Income', 'Income'],
  ['4200', 'Penalty Income', 'Income'],
  ['5000', 'Discount Allowed', 'Expense'],
  ['4300', 'Cash Over', 'Income'],
  ['5100', 'Cash Short', 'Expense'],
  ['1195', 'Renewal Clearing', 'Asset'],
  ['1210', 'Auction Shortfall Receivable', 'Asset'],
  ['2100', 'Auction Surplus Payable', 'Liability'],
  ['2200', 'Bank Borrowings on Re-pledged Gold', 'Liability'],
  ['5200', 'Auction Shortfall Written Off', 'Expense'],
  ['5300', 'Interest on Bank Borrowings', 'Expense'],
];

describe('GET /api/chart-of-accounts/{companyId}', () => {
  it('gives Main Branch the system accounts of docs/domain-rules.md §6.1, by id ascending', async () => {
    // The company the first start made (bootstrap); no test changes its accounts.
    const rows = (await chart(await mainCompanyId(t))) as unknown as Record<string, unknown>[];
    expect(rows.map((r) => [r.account_code, r.account_name, r.account_type])).toEqual(SYSTEM);
    expect(rows.every((r) => r.is_system === true && r.status === true && r.opening_balance === 0)).toBe(
      true,
    );
    const ids = rows.map((r) => r.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('gives a branch opened later the same accounts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/companies/',
      headers: bearer(admin),
      payload: {
        company_name: 'Salem Branch',
        address: '3 Omalur Road',
        city: 'Salem',
        state: 'Tamil Nadu',
        phone: '0427 2345678',
        licence_no: 'TN-SLM-2026-004',
        status: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = (await chart(res.json().id)) as unknown as Record<string, unknown>[];
    expect(rows.map((r) => [r.account_code, r.account_name, r.account_type])).toEqual(SYSTEM);
  });

  it('gives a company made before the books existed its accounts at the next start', async () => {
    const older = await t.database.db.transaction((tx) =>
      insertCompany(tx, {
        company_name: 'Tirunelveli Branch',
        address: '1 High Ground Road',
        city: 'Tirunelveli',
        state: 'Tamil Nadu',
        phone: '0462 2500000',
        licence_no: 'TN-TEN-2020-001',
        status: true,
      }),
    );
    expect(await chart(older.id)).toEqual([]);
    const restarted = await buildApp(t.config, { logger: false, database: t.database });
    await restarted.close();
    expect((await chart(older.id)).map((a) => a.account_code)).toEqual(SYSTEM.map(([code]) => code));
  });

  it('is idempotent: ensuring again adds nothing and keeps a renamed account', async () => {
    const cash = await accountId('1000', maduraiId);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/chart-of-accounts/${cash}`,
      headers: asAdmin(maduraiId),
      payload: {
        account_name: 'Cash Counter',
        account_code: '1000',
        account_type: 'Asset',
        account_category: 'Current Assets',
        status: true,
        company_id: maduraiId,
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await ensureSystemAccounts(t.database.db, maduraiId);
    const rows = await chart(maduraiId);
    expect(rows).toHaveLength(SYSTEM.length);
    expect(rows.find((r) => r.id === cash)?.account_name).toBe('Cash Counter');
  });

  it('answers 404 for a company that does not exist, and 403 to a user', async () => {
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/chart-of-accounts/99999',
      headers: bearer(admin),
    });
    expect(missing.statusCode).toBe(404);
    const user = await t.app.inject({
      method: 'GET',
      url: `/api/chart-of-accounts/${maduraiId}`,
      headers: bearer(clerk),
    });
    expect(user.statusCode).toBe(403);
  });
});

describe('POST /api/chart-of-accounts/', () => {
  it('adds an account with opening balance 0 by default', async () => {
    const res = await create(rent(mainId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      account_name: 'Rent',
      account_code: '6100',
      sub_account_of: null,
      account_type: 'Expense',
      account_category: 'Indirect Expenses',
      opening_balance: 0,
      description: 'Shop rent, T. Nagar',
      status: true,
      is_system: false,
      company_id: mainId,
    });
  });

  it('names every missing required field with the screen texts', async () => {
    const res = await create({ account_name: ' ', status: true, company_id: mainId });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc[1], d.msg]),
    );
    expect(byField).toEqual({
      account_name: 'Account name is required',
      account_code: 'Account code is required',
      account_type: 'Account type is required',
      account_category: 'Account category is required',
    });
  });

  it('asks for a company when none is sent', async () => {
    const { company_id: _, ...noCompany } = rent(mainId);
    const res = await create(noCompany);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'company_id'],
      msg: CHART_ACCOUNT_MESSAGES.companyRequired,
    });
  });

  it('refuses a code the company already uses, ignoring case, on account_code', async () => {
    await create({ ...rent(mainId), account_code: 'SAL', account_name: 'Salaries' });
    const res = await create({ ...rent(mainId), account_code: 'sal', account_name: 'Staff salaries' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'account_code'], msg: ACCOUNT_MESSAGES.duplicateCode, type: 'value_error.duplicate' },
    ]);
    // Another company may use the same code.
    expect((await create({ ...rent(maduraiId), account_code: 'SAL' }, maduraiId)).statusCode).toBe(201);
  });

  it('refuses a parent of another company on sub_account_of', async () => {
    const foreignParent = await accountId('1000', maduraiId);
    const res = await create({ ...rent(mainId), account_code: '6101', sub_account_of: foreignParent });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'sub_account_of'],
      msg: ACCOUNT_MESSAGES.badParent,
    });
  });
});

describe('PUT /api/chart-of-accounts/{id}', () => {
  let expenses: number;
  let office: number;
  let stationery: number;

  beforeEach(async () => {
    const make = async (code: string, name: string, parent: number | null) =>
      (
        await create({ ...rent(mainId), account_code: code, account_name: name, sub_account_of: parent })
      ).json().id as number;
    expenses = await make('6000', 'Expenses', null);
    office = await make('6200', 'Office Expenses', expenses);
    stationery = await make('6210', 'Stationery', office);
  });

  const put = (id: number, body: object, companyId = mainId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/chart-of-accounts/${id}`,
      headers: asAdmin(companyId),
      payload: body,
    });
  const body = (code: string, name: string, parent: number | null) => ({
    ...rent(mainId),
    account_code: code,
    account_name: name,
    sub_account_of: parent,
  });

  it('refuses the account as its own parent', async () => {
    const res = await put(office, body('6200', 'Office Expenses', office));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'sub_account_of'],
      msg: CHART_ACCOUNT_MESSAGES.ownParent,
    });
  });

  it('refuses one of its own sub-accounts, at any depth, as parent', async () => {
    for (const below of [office, stationery]) {
      const res = await put(expenses, body('6000', 'Expenses', below));
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'sub_account_of'],
        msg: ACCOUNT_MESSAGES.parentLoop,
      });
    }
  });

  it('moves an account under another branch of the tree and changes its details', async () => {
    const res = await put(stationery, {
      ...body('6210', 'Printing and Stationery', expenses),
      opening_balance: 1250.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: stationery,
      account_name: 'Printing and Stationery',
      sub_account_of: expenses,
      opening_balance: 1250.5,
    });
  });

  it('refuses a code another account has', async () => {
    const res = await put(stationery, body('6200', 'Stationery', expenses));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['body', 'account_code']);
  });

  it('lets a system account be renamed, but not re-coded, deactivated or retyped (409)', async () => {
    const cash = await accountId('1000');
    const base = {
      account_name: 'Cash at T. Nagar',
      account_code: '1000',
      account_type: 'Asset',
      account_category: 'Current Assets',
      status: true,
      company_id: mainId,
    };
    const renamed = await put(cash, base);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ account_name: 'Cash at T. Nagar', is_system: true });
    for (const change of [{ account_code: '1001' }, { status: false }, { account_type: 'Liability' }]) {
      const res = await put(cash, { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().detail).toBe(ACCOUNT_MESSAGES.system);
    }
  });

  it("answers another company's account as 404", async () => {
    const foreign = await accountId('1000', maduraiId);
    const res = await put(foreign, body('1000', 'Mine now', null));
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Account not found.');
  });
});

describe('DELETE /api/chart-of-accounts/{id}', () => {
  const del = (id: number, companyId = mainId) =>
    t.app.inject({ method: 'DELETE', url: `/api/chart-of-accounts/${id}`, headers: asAdmin(companyId) });

  it('refuses to delete a system account (409)', async () => {
    const res = await del(await accountId('4000'));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(ACCOUNT_MESSAGES.system);
  });

  it('refuses an account used by vouchers, saying how many lines use it', async () => {
    const electricity = (
      await create({ ...rent(mainId), account_code: '6300', account_name: 'Electricity' })
    ).json().id as number;
    const cash = await accountId('1000');
    for (const amount of [1840, 2120.5]) {
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/daybook-entries',
        headers: asAdmin(),
        payload: {
          entry_date: '2026-10-05',
          voucher_type: 'Payment',
          narration: 'TNEB bill',
          details: [
            { account_id: electricity, debit_amount: amount, credit_amount: 0 },
            { account_id: cash, debit_amount: 0, credit_amount: amount },
          ],
        },
      });
      expect(posted.statusCode, posted.body).toBe(201);
    }
    const res = await del(electricity);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(
      'This account is used by 2 voucher lines and cannot be deleted. Deactivate it instead.',
    );
  });

  it('refuses an account that has sub-accounts', async () => {
    const parent = (
      await create({ ...rent(mainId), account_code: '7000', account_name: 'Assets held' })
    ).json().id as number;
    await create({
      ...rent(mainId),
      account_code: '7001',
      account_name: 'Furniture',
      sub_account_of: parent,
    });
    const res = await del(parent);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('This account has 1 sub-account. Move or delete it first.');
  });

  it('deletes an unused account, and answers 404 after, and for another company', async () => {
    const id = (await create({ ...rent(mainId), account_code: '7100', account_name: 'Unused' })).json()
      .id as number;
    expect((await del(id, maduraiId)).statusCode).toBe(404);
    expect((await del(id)).statusCode).toBe(204);
    expect((await del(id)).statusCode).toBe(404);
  });
});

describe('the audit trail of the chart of accounts', () => {
  async function trail(id: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=chart_account&entity_id=${id}`,
      headers: asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  }

  it('records the create, the update and the delete of an account, the deleted one whole', async () => {
    const made = await create({ ...rent(mainId), opening_balance: 1500.5 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as number;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/chart-of-accounts/${id}`,
      headers: asAdmin(),
      payload: { ...rent(mainId), account_name: 'Shop Rent', opening_balance: 2000 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/chart-of-accounts/${id}`,
      headers: asAdmin(),
    });
    expect(gone.statusCode).toBe(204);

    const events = await trail(id);
    expect(events.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = events as [(typeof events)[0], (typeof events)[0], (typeof events)[0]];
    expect(cre).toMatchObject({
      company_id: mainId,
      entity: 'chart_account',
      entity_id: String(id),
      before: null,
    });
    expect(cre.route).toBe('POST /api/chart-of-accounts/');
    expect(cre.after).toMatchObject({
      id,
      account_code: '6100',
      account_name: 'Rent',
      opening_balance: 1500.5,
    });
    expect(upd.before).toMatchObject({ account_name: 'Rent', opening_balance: 1500.5 });
    expect(upd.after).toMatchObject({ account_name: 'Shop Rent', opening_balance: 2000 });
    expect(del.before).toMatchObject({
      id,
      account_code: '6100',
      account_name: 'Shop Rent',
      account_type: 'Expense',
      description: 'Shop rent, T. Nagar',
      opening_balance: 2000,
    });
    expect(del.after).toBeNull();
  });

  it('records nothing for a refused delete', async () => {
    const cash = await accountId('1000');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/chart-of-accounts/${cash}`, headers: asAdmin() }))
        .statusCode,
    ).toBe(409);
    expect(await trail(cash)).toEqual([]);
  });
});

describe('GET /api/accounts', () => {
  it('answers the active accounts of the selected company as options, by code', async () => {
    const inactive = await create(
      { ...rent(maduraiId), account_code: '6900', account_name: 'Old account', status: false },
      maduraiId,
    );
    expect(inactive.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: asAdmin(maduraiId) });
    expect(res.statusCode).toBe(200);
    const options = res.json() as { account_code: string; is_active: boolean }[];
    expect(options[0]).toEqual({
      account_id: expect.any(Number),
      account_code: '1000',
      account_name: 'Cash in Hand',
      is_active: true,
      manual_entry: true,
    });
    expect(options.map((o) => o.account_code)).not.toContain('6900');
    expect(options.every((o) => o.is_active)).toBe(true);
    const codes = options.map((o) => o.account_code);
    expect(codes).toEqual([...codes].sort());
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});
