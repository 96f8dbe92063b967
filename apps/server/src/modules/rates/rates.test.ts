import { auditListSchema } from '@pledge-desk/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;

/** The admin acting for a company (X-Company-Id). */
const as = (token: string, companyId: number) => ({ ...bearer(token), 'x-company-id': String(companyId) });

async function addRate(companyId: number, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/gold_silver_rates',
    headers: as(admin, companyId),
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; date: string };
}

/** Madurai's rates, entered out of date order: 10 Nov, 1 Oct, 15 Nov, 1 Sep. */
async function seedMaduraiRates(): Promise<void> {
  await addRate(maduraiId, { date: '2026-11-10', gold_rate_per_gram: 7490, silver_rate_per_gram: 94.5 });
  await addRate(maduraiId, { date: '2026-10-01', gold_rate_per_gram: 7300, silver_rate_per_gram: 90 });
  await addRate(maduraiId, { date: '2026-11-15', gold_rate_per_gram: 7550, silver_rate_per_gram: 95.5 });
  await addRate(maduraiId, { date: '2026-09-01', gold_rate_per_gram: 7200, silver_rate_per_gram: 89 });
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
afterEach(() => {
  vi.useRealTimers();
});

describe('POST /api/gold_silver_rates', () => {
  it('adds the rates of a day for the selected company, created by the caller', async () => {
    const me = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(admin) })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
      // The old screen sends id, company_id and created_by too; the server decides those.
      payload: {
        date: '2026-11-20',
        gold_rate_per_gram: 7512.5,
        silver_rate_per_gram: 95.29,
        id: 77,
        company_id: maduraiId,
        created_by: 999,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      date: '2026-11-20',
      gold_rate_per_gram: 7512.5,
      silver_rate_per_gram: 95.29,
      company_id: mainId,
      created_by: me.id,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    expect(res.json().id).not.toBe(77);
  });

  it('defaults the date to the business day in Asia/Kolkata, not the UTC day', async () => {
    // 18:45 UTC on 1 Jan is 00:15 IST on 2 Jan. Only Date is faked, so timers and I/O run as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2020-01-01T18:45:00Z'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
      payload: { gold_rate_per_gram: 7400, silver_rate_per_gram: 94 },
    });
    vi.useRealTimers();
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().date).toBe('2020-01-02');
  });

  it('refuses a second rate for the same date with 409', async () => {
    await addRate(mainId, { date: '2026-11-10', gold_rate_per_gram: 7500, silver_rate_per_gram: 95 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
      payload: { date: '2026-11-10', gold_rate_per_gram: 7600, silver_rate_per_gram: 96 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A rate for this date already exists.');
  });

  it('allows the same date in another company', async () => {
    await addRate(mainId, { date: '2026-11-10', gold_rate_per_gram: 7500, silver_rate_per_gram: 95 });
    await addRate(maduraiId, { date: '2026-11-10', gold_rate_per_gram: 7490, silver_rate_per_gram: 94.5 });
  });

  it('names each missing or invalid field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
      payload: { date: '31/12/2026', gold_rate_per_gram: 0, silver_rate_per_gram: 'x' },
    });
    expect(res.statusCode).toBe(422);
    const byField = Object.fromEntries(
      res.json().detail.map((d: { loc: string[]; msg: string }) => [d.loc.join('.'), d.msg]),
    );
    expect(byField).toEqual({
      'body.date': 'Date is required',
      'body.gold_rate_per_gram': 'Gold rate must be more than zero',
      'body.silver_rate_per_gram': 'Silver rate is required',
    });
  });

  it('refuses an amount with more than 2 decimals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
      payload: { date: '2026-11-01', gold_rate_per_gram: 7500.123, silver_rate_per_gram: 95 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'gold_rate_per_gram'],
      msg: 'Amount can have at most 2 decimals',
    });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: bearer(clerk),
      payload: { date: '2026-11-01', gold_rate_per_gram: 7500, silver_rate_per_gram: 95 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/gold_silver_rates', () => {
  it('lists the company rates by date descending, not by creation', async () => {
    await addRate(mainId, { date: '2026-11-20', gold_rate_per_gram: 7512.5, silver_rate_per_gram: 95.29 });
    await seedMaduraiRates();
    const res = await t.app.inject({ method: 'GET', url: '/api/gold_silver_rates', headers: bearer(clerk) });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { date: string }) => r.date)).toEqual([
      '2026-11-15',
      '2026-11-10',
      '2026-10-01',
      '2026-09-01',
    ]);
    expect(res.json().every((r: { company_id: number }) => r.company_id === maduraiId)).toBe(true);
  });

  it('takes a limit, at most 1000', async () => {
    await seedMaduraiRates();
    const two = await t.app.inject({
      method: 'GET',
      url: '/api/gold_silver_rates?limit=2',
      headers: bearer(clerk),
    });
    expect(two.json().map((r: { date: string }) => r.date)).toEqual(['2026-11-15', '2026-11-10']);
    const tooMany = await t.app.inject({
      method: 'GET',
      url: '/api/gold_silver_rates?limit=1001',
      headers: bearer(clerk),
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().detail[0].loc).toMatchObject(['query', 'limit']);
  });
});

describe('PUT /api/gold_silver_rates/{id}', () => {
  it('corrects the rates, keeping the date when none is sent', async () => {
    const rate = await addRate(mainId, {
      date: '2026-08-01',
      gold_rate_per_gram: 7000,
      silver_rate_per_gram: 88,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/gold_silver_rates/${rate.id}/`,
      headers: as(admin, mainId),
      payload: { gold_rate_per_gram: 7010.75, silver_rate_per_gram: 88.25 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rate.id, date: '2026-08-01', gold_rate_per_gram: 7010.75 });
  });

  it('refuses moving a rate onto a date that has one with 409', async () => {
    await addRate(mainId, { date: '2026-08-01', gold_rate_per_gram: 7000, silver_rate_per_gram: 88 });
    const rate = await addRate(mainId, {
      date: '2026-08-02',
      gold_rate_per_gram: 7000,
      silver_rate_per_gram: 88,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/gold_silver_rates/${rate.id}`,
      headers: as(admin, mainId),
      payload: { date: '2026-08-01', gold_rate_per_gram: 7000, silver_rate_per_gram: 88 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe('A rate for this date already exists.');
  });

  it("answers another company's rate as 404 and leaves it unchanged", async () => {
    const rate = await addRate(mainId, {
      date: '2026-08-03',
      gold_rate_per_gram: 7000,
      silver_rate_per_gram: 88,
    });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/gold_silver_rates/${rate.id}`,
      headers: as(admin, maduraiId),
      payload: { gold_rate_per_gram: 1, silver_rate_per_gram: 1 },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toBe('Rate not found.');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
    });
    expect(list.json().find((r: { id: number }) => r.id === rate.id).gold_rate_per_gram).toBe(7000);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/gold_silver_rates/1',
      headers: bearer(clerk),
      payload: { gold_rate_per_gram: 1, silver_rate_per_gram: 1 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/gold_silver_rates/{id}', () => {
  it("answers another company's rate as 404 and keeps it", async () => {
    const rate = await addRate(mainId, {
      date: '2026-07-01',
      gold_rate_per_gram: 6900,
      silver_rate_per_gram: 87,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/gold_silver_rates/${rate.id}`,
      headers: as(admin, maduraiId),
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/gold_silver_rates',
      headers: as(admin, mainId),
    });
    expect(list.json().some((r: { id: number }) => r.id === rate.id)).toBe(true);
  });

  it('deletes a rate, after which its date is free again', async () => {
    const rate = await addRate(mainId, {
      date: '2026-07-02',
      gold_rate_per_gram: 6900,
      silver_rate_per_gram: 87,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/gold_silver_rates/${rate.id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/gold_silver_rates/${rate.id}`,
      headers: as(admin, mainId),
    });
    expect(again.statusCode).toBe(404);
    await addRate(mainId, { date: '2026-07-02', gold_rate_per_gram: 6905, silver_rate_per_gram: 87 });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/gold_silver_rates/1',
      headers: bearer(clerk),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the audit trail of gold and silver rates', () => {
  it("records the creation, the correction and the deletion of a day's rates, money in rupees", async () => {
    const { id } = await addRate(mainId, {
      date: '2026-10-01',
      gold_rate_per_gram: 7300.25,
      silver_rate_per_gram: 90,
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/gold_silver_rates/${id}`,
      headers: as(admin, mainId),
      payload: { gold_rate_per_gram: 7310.5, silver_rate_per_gram: 90.75 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/gold_silver_rates/${id}`,
      headers: as(admin, mainId),
    });
    expect(gone.statusCode).toBe(204);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=gold_silver_rate&entity_id=${id}`,
      headers: as(admin, mainId),
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = auditListSchema.parse(res.json());
    expect(rows.map((r) => r.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = rows as [(typeof rows)[0], (typeof rows)[0], (typeof rows)[0]];
    expect(cre).toMatchObject({ company_id: mainId, before: null });
    expect(cre.after).toMatchObject({ id, date: '2026-10-01', gold_rate_per_gram: 7300.25 });
    expect(upd.before).toMatchObject({ gold_rate_per_gram: 7300.25, silver_rate_per_gram: 90 });
    expect(upd.after).toMatchObject({
      date: '2026-10-01',
      gold_rate_per_gram: 7310.5,
      silver_rate_per_gram: 90.75,
    });
    expect(del.before).toMatchObject({ id, gold_rate_per_gram: 7310.5 });
    expect(del.after).toBeNull();
  });
});
