import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;
/** Jewel types: 22K gold in each company, 18K gold in the main one. */
let gold22: number;
let gold18: number;
let maduraiGold: number;

const as = (token: string, companyId: number) => ({ ...bearer(token), 'x-company-id': String(companyId) });

async function addType(companyId: number, jewel_name: string, purity: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewel-types/',
    headers: as(admin, companyId),
    payload: { jewel_name, purity },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

async function addRate(companyId: number, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewel-rates/',
    headers: as(admin, companyId),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; effective_date: string };
}

const amounts = { rate_per_gram: 6850.5, market_price: 7200, selling_price: 7350.25 };

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies, admin, clerk and jewel types.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
  gold22 = await addType(mainId, 'Gold 22K', '22K');
  gold18 = await addType(mainId, 'Gold 18K', '18K');
  maduraiGold = await addType(maduraiId, 'Gold 22K', '916');
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/jewel-rates/', () => {
  it('adds a rate with its type name, created by the caller', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(admin) })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: as(admin, mainId),
      payload: {
        jewel_type_id: gold22,
        ...amounts,
        effective_date: '2026-11-01',
        status: true,
        created_by: 999,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      jewel_type_id: gold22,
      jewel_name: 'Gold 22K',
      ...amounts,
      effective_date: '2026-11-01',
      status: true,
      created_by: me.id,
      created_at: expect.any(String),
    });
  });

  it('defaults the effective date to the business day in Asia/Kolkata', async () => {
    // 20:00 UTC on 31 Mar is 01:30 IST on 1 Apr.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2021-03-31T20:00:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: as(admin, mainId),
      payload: { jewel_type_id: gold18, ...amounts },
    });
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ effective_date: '2021-04-01', status: true });
  });

  it("refuses another company's jewel type as if none were chosen", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: as(admin, mainId),
      payload: { jewel_type_id: maduraiGold, ...amounts },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'jewel_type_id'], msg: 'Please select a Jewel Type.', type: 'value_error' },
    ]);
  });

  it('refuses a jewel type that does not exist, or none', async () => {
    for (const jewel_type_id of [999_999, 0, undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/jewel-rates/',
        headers: as(admin, mainId),
        payload: { jewel_type_id, ...amounts },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'jewel_type_id'],
        msg: 'Please select a Jewel Type.',
      });
    }
  });

  it('names each missing amount and a malformed effective date', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: as(admin, mainId),
      payload: { jewel_type_id: gold22, effective_date: '01/11/2026' },
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg]),
    );
    expect(byField).toEqual({
      'body.rate_per_gram': 'Rate per gram is required',
      'body.market_price': 'Market price is required',
      'body.selling_price': 'Selling price is required',
      'body.effective_date': 'Effective date must be a date',
    });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: bearer(clerk),
      payload: { jewel_type_id: maduraiGold, ...amounts },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/jewel-rates/', () => {
  it('lists the company rates newest first with type names, to any signed-in user of it', async () => {
    await addRate(maduraiId, { jewel_type_id: maduraiGold, ...amounts, effective_date: '2026-10-01' });
    await addRate(maduraiId, {
      jewel_type_id: maduraiGold,
      ...amounts,
      rate_per_gram: 6900,
      effective_date: '2026-09-01',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/jewel-rates', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    // Newest entry first, whatever its effective date.
    expect(res.json().map((r: { effective_date: string }) => r.effective_date)).toEqual([
      '2026-09-01',
      '2026-10-01',
    ]);
    expect(res.json()[0]).toMatchObject({
      jewel_type_id: maduraiGold,
      jewel_name: 'Gold 22K',
      rate_per_gram: 6900,
    });
  });
});

describe('PUT /api/jewel-rates/{id}/', () => {
  it('updates a rate, keeping the effective date when none is sent', async () => {
    const rate = await addRate(mainId, { jewel_type_id: gold22, ...amounts, effective_date: '2026-10-05' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-rates/${rate.id}/`,
      headers: as(admin, mainId),
      payload: {
        jewel_type_id: gold18,
        rate_per_gram: 5600,
        market_price: 5800,
        selling_price: 5900,
        status: false,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: rate.id,
      jewel_type_id: gold18,
      jewel_name: 'Gold 18K',
      rate_per_gram: 5600,
      effective_date: '2026-10-05',
      status: false,
    });
  });

  it("refuses moving a rate onto another company's jewel type", async () => {
    const rate = await addRate(mainId, { jewel_type_id: gold22, ...amounts });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-rates/${rate.id}/`,
      headers: as(admin, mainId),
      payload: { jewel_type_id: maduraiGold, ...amounts },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'jewel_type_id'],
      msg: 'Please select a Jewel Type.',
    });
  });

  it("answers another company's rate as 404", async () => {
    const rate = await addRate(mainId, { jewel_type_id: gold22, ...amounts });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-rates/${rate.id}/`,
      headers: as(admin, maduraiId),
      payload: { jewel_type_id: maduraiGold, ...amounts },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Jewel rate not found.');
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/jewel-rates/1/',
      headers: bearer(clerk),
      payload: { jewel_type_id: maduraiGold, ...amounts },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/jewel-rates/{id}/', () => {
  it("answers another company's rate as 404 and keeps it", async () => {
    const rate = await addRate(mainId, { jewel_type_id: gold22, ...amounts });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-rates/${rate.id}/`,
      headers: as(admin, maduraiId),
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-rates/', headers: as(admin, mainId) });
    expect(list.json().some((r: { id: number }) => r.id === rate.id)).toBe(true);
  });

  it('deletes a rate', async () => {
    const rate = await addRate(mainId, { jewel_type_id: gold22, ...amounts });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-rates/${rate.id}/`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(204);
    const list = await t.app.inject({ method: 'GET', url: '/api/jewel-rates/', headers: as(admin, mainId) });
    expect(list.json().some((r: { id: number }) => r.id === rate.id)).toBe(false);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/jewel-rates/1/', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/jewell_rates/by_type/{jewell_type_id}', () => {
  it('answers the active rates of a type, latest effective date first, later entry first on a day', async () => {
    const necklace = await addType(maduraiId, 'Necklace', '22K');
    await addRate(maduraiId, {
      jewel_type_id: necklace,
      ...amounts,
      rate_per_gram: 7000,
      effective_date: '2026-11-20',
    });
    await addRate(maduraiId, {
      jewel_type_id: necklace,
      ...amounts,
      rate_per_gram: 7100.5,
      effective_date: '2026-11-21',
    });
    await addRate(maduraiId, {
      jewel_type_id: necklace,
      ...amounts,
      rate_per_gram: 7050,
      effective_date: '2026-11-21',
    });
    await addRate(maduraiId, {
      jewel_type_id: necklace,
      ...amounts,
      rate_per_gram: 9999,
      effective_date: '2026-11-22',
      status: false,
    });
    await addRate(maduraiId, {
      jewel_type_id: maduraiGold,
      ...amounts,
      rate_per_gram: 8888,
      effective_date: '2026-11-19',
    });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_rates/by_type/${necklace}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { date: '2026-11-21', rate: 7050 },
      { date: '2026-11-21', rate: 7100.5 },
      { date: '2026-11-20', rate: 7000 },
    ]);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_rates/by_type/${necklace}?limit=1`,
      headers: bearer(clerk),
    });
    expect(first.json()).toEqual([{ date: '2026-11-21', rate: 7050 }]);
  });

  it('answers an empty list for a type without rates', async () => {
    const bare = await addType(maduraiId, 'Waist Chain', '22K');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_rates/by_type/${bare}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers nothing of another company's type", async () => {
    await addRate(mainId, { jewel_type_id: gold22, ...amounts, effective_date: '2026-11-01' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_rates/by_type/${gold22}`,
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/jewell_rates/by_type/${gold22}`,
      headers: as(admin, mainId),
    });
    expect(own.json().length).toBeGreaterThan(0);
  });

  it('refuses a type id that is not a number', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/jewell_rates/by_type/abc',
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['path', 'jewell_type_id']);
  });
});

describe('the audit trail of jewel rates', () => {
  it('records the creation, the correction and the deletion of a jewel rate, money in rupees', async () => {
    const { id } = await addRate(mainId, { jewel_type_id: gold22, ...amounts, effective_date: '2026-11-01' });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-rates/${id}`,
      headers: as(admin, mainId),
      payload: { jewel_type_id: gold22, ...amounts, rate_per_gram: 6875.75 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/jewel-rates/${id}`,
      headers: as(admin, mainId),
    });
    expect(gone.statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=jewel_rate&entity_id=${id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({ company_id: mainId, before: null });
    expect(cre.after).toMatchObject({
      id,
      jewel_type_id: gold22,
      rate_per_gram: 6850.5,
      selling_price: 7350.25,
      effective_date: '2026-11-01',
    });
    expect(upd.before).toMatchObject({ rate_per_gram: 6850.5 });
    expect(upd.after).toMatchObject({ rate_per_gram: 6875.75, effective_date: '2026-11-01' });
    expect(del.before).toMatchObject({ id, rate_per_gram: 6875.75 });
    expect(del.after).toBeNull();
  });
});
