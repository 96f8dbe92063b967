import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;

const sbi = {
  bank_name: 'State Bank of India',
  account_holder_name: 'Sri Lakshmi Jewel Loans',
  account_number: '30012345678',
  ifsc_code: 'SBIN0000817',
  branch_name: 'T. Nagar',
  account_type: 'Current',
  status: true,
};
const iob = {
  bank_name: 'Indian Overseas Bank',
  account_holder_name: 'Sri Lakshmi Jewel Loans',
  account_number: '046502000012345',
  ifsc_code: 'IOBA0000465',
  branch_name: 'Mylapore',
  account_type: 'Savings',
  status: true,
};

const asAdmin = (companyId = mainId) => ({ ...bearer(admin), 'x-company-id': String(companyId) });
const post = (payload: object, companyId = mainId) =>
  t.app.inject({ method: 'POST', url: '/api/bank-details/', headers: asAdmin(companyId), payload });

/**
 * What the list, edit and delete tests read: SBI, SBI at another IFSC and IOB in main (IOB newest),
 * and SBI in Madurai.
 */
async function seedBanks() {
  for (const [payload, companyId] of [
    [sbi, mainId],
    [{ ...sbi, ifsc_code: 'SBIN0001234' }, mainId],
    [sbi, maduraiId],
    [iob, mainId],
  ] as const) {
    const res = await post(payload, companyId);
    expect(res.statusCode, res.body).toBe(201);
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies (main with an admin, Madurai with a clerk).
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
});
afterAll(async () => t.close());

describe('POST /api/bank-details/', () => {
  it('records a bank account', async () => {
    const res = await post(sbi);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), ...sbi, created_at: expect.any(String) });
  });

  it('refuses the same account number and IFSC again, whatever the IFSC case, on account_number', async () => {
    expect((await post(sbi)).statusCode).toBe(201);
    const res = await post({ ...sbi, bank_name: 'SBI', ifsc_code: 'sbin0000817' });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      {
        loc: ['body', 'account_number'],
        msg: 'This account is already recorded.',
        type: 'value_error.duplicate',
      },
    ]);
  });

  it('accepts the same account number at another IFSC, and the same account in another company', async () => {
    expect((await post(sbi)).statusCode).toBe(201);
    expect((await post({ ...sbi, ifsc_code: 'SBIN0001234' })).statusCode).toBe(201);
    expect((await post(sbi, maduraiId)).statusCode).toBe(201);
  });

  it('names every missing field with the spec message', async () => {
    const res = await post({ bank_name: ' ', status: true });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc[1], d.msg]),
    );
    expect(byField).toEqual({
      bank_name: 'Bank name is required',
      account_holder_name: 'Account holder name is required',
      account_number: 'Account number is required',
      ifsc_code: 'IFSC code is required',
      branch_name: 'Branch name is required',
      account_type: 'Account type is required',
    });
    for (const d of res.json().detail) expect(d.loc[0]).toBe('body');
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/bank-details/',
      headers: bearer(clerk),
      payload: iob,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/bank-details/', () => {
  it('lists the own company newest first', async () => {
    await seedBanks();
    const res = await t.app.inject({ method: 'GET', url: '/api/bank-details', headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    expect(
      res.json().map((b: { bank_name: string; ifsc_code: string }) => `${b.bank_name} ${b.ifsc_code}`),
    ).toEqual([
      'Indian Overseas Bank IOBA0000465',
      'State Bank of India SBIN0001234',
      'State Bank of India SBIN0000817',
    ]);
  });

  it('is open to a signed-in user, for their own company only', async () => {
    await seedBanks();
    const res = await t.app.inject({ method: 'GET', url: '/api/bank-details/', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
  });
});

describe('PUT /api/bank-details/{id}', () => {
  const listOf = async (companyId = mainId) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/bank-details/', headers: asAdmin(companyId) })
    ).json() as {
      id: number;
      status: boolean;
      account_number: string;
      ifsc_code: string;
    }[];

  it('flips the status when the screen re-sends the full record', async () => {
    await seedBanks();
    const [first] = await listOf();
    const { id: _, created_at: __, ...record } = first as unknown as Record<string, unknown>;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/bank-details/${first!.id}`,
      headers: asAdmin(),
      payload: { ...record, status: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: first!.id, status: false, bank_name: 'Indian Overseas Bank' });
    expect((await listOf())[0]!.status).toBe(false);
  });

  it("refuses to take another record's account number and IFSC, but keeps its own", async () => {
    await seedBanks();
    const [first] = await listOf();
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/bank-details/${first!.id}`,
      headers: asAdmin(),
      payload: iob,
    });
    expect(own.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/bank-details/${first!.id}/`,
      headers: asAdmin(),
      payload: sbi,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'account_number'],
      msg: 'This account is already recorded.',
    });
  });

  it("answers another company's record with 404 and leaves it alone", async () => {
    await seedBanks();
    const [other] = await listOf(maduraiId);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/bank-details/${other!.id}`,
      headers: asAdmin(),
      payload: { ...sbi, status: false },
    });
    expect(res.statusCode).toBe(404);
    expect((await listOf(maduraiId))[0]!.status).toBe(true);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/bank-details/1',
      headers: bearer(clerk),
      payload: sbi,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/bank-details/{id}', () => {
  it("answers another company's record with 404", async () => {
    await seedBanks();
    const res = await t.app.inject({ method: 'GET', url: '/api/bank-details/', headers: asAdmin(maduraiId) });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/bank-details/${res.json()[0].id}`,
      headers: asAdmin(),
    });
    expect(del.statusCode).toBe(404);
  });

  it('deletes a record', async () => {
    await seedBanks();
    const res = await t.app.inject({ method: 'GET', url: '/api/bank-details/', headers: asAdmin() });
    const id = res.json()[0].id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/bank-details/${id}`, headers: asAdmin() }))
        .statusCode,
    ).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/bank-details/', headers: asAdmin() });
    expect(after.json().map((b: { id: number }) => b.id)).not.toContain(id);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/bank-details/1', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});
