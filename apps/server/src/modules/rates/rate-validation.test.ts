import { addDays, businessToday, RATE_MESSAGES } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Rate validation: a rate's message fits what was typed ("required" only when it is missing), and a rate
 * dated after the business day is refused, because the latest rate by date values new pledges.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const today = () => businessToday('Asia/Kolkata');
const byField = (body: { detail: { loc: string[]; msg: string }[] }) =>
  Object.fromEntries(body.detail.map((d) => [d.loc.join('.'), d.msg]));

async function jewelType(headers: Record<string, string>): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewel-types/',
    headers,
    payload: { jewel_name: 'Gold 22K', purity: '916' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('gold and silver rates', () => {
  it('says a negative or zero rate must be more than zero, and a missing one is required', async () => {
    const { headers } = await companyWithAdmin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers,
      payload: { date: today(), gold_rate_per_gram: -5, silver_rate_per_gram: 0 },
    });
    expect(res.statusCode).toBe(422);
    expect(byField(res.json())).toEqual({
      'body.gold_rate_per_gram': 'Gold rate must be more than zero',
      'body.silver_rate_per_gram': 'Silver rate must be more than zero',
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers,
      payload: { date: today(), gold_rate_per_gram: 7200 },
    });
    expect(byField(missing.json())).toEqual({ 'body.silver_rate_per_gram': 'Silver rate is required' });
  });

  it('refuses a rate dated tomorrow and takes one dated today', async () => {
    const { headers } = await companyWithAdmin(t);
    const rate = { gold_rate_per_gram: 7200, silver_rate_per_gram: 95 };
    const tomorrow = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers,
      payload: { ...rate, date: addDays(today(), 1) },
    });
    expect(tomorrow.statusCode).toBe(422);
    expect(byField(tomorrow.json())).toEqual({ 'body.date': RATE_MESSAGES.futureDate });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers,
      payload: { ...rate, date: today() },
    });
    expect(ok.statusCode).toBe(201);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/gold_silver_rates/${ok.json().id}`,
      headers,
      payload: { ...rate, date: addDays(today(), 30) },
    });
    expect(moved.statusCode).toBe(422);
    const list = await t.app.inject({ method: 'GET', url: '/api/gold_silver_rates', headers });
    expect(list.json().map((r: { date: string }) => r.date)).toEqual([today()]);
  });
});

describe('jewel rates', () => {
  it('says a negative rate per gram must be more than zero and a negative price cannot be negative', async () => {
    const { headers } = await companyWithAdmin(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers,
      payload: {
        jewel_type_id: await jewelType(headers),
        rate_per_gram: -100,
        market_price: -1,
        selling_price: 0,
      },
    });
    expect(res.statusCode).toBe(422);
    expect(byField(res.json())).toEqual({
      'body.rate_per_gram': 'Rate per gram must be more than zero',
      'body.market_price': 'Market price cannot be negative',
    });
  });

  it('refuses an effective date after today, on create and on edit', async () => {
    const { headers } = await companyWithAdmin(t);
    const rate = {
      jewel_type_id: await jewelType(headers),
      rate_per_gram: 6900,
      market_price: 0,
      selling_price: 0,
    };
    const future = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers,
      payload: { ...rate, effective_date: addDays(today(), 1) },
    });
    expect(future.statusCode).toBe(422);
    expect(byField(future.json())).toEqual({ 'body.effective_date': RATE_MESSAGES.futureDate });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers,
      payload: { ...rate, effective_date: today() },
    });
    expect(ok.statusCode).toBe(201);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/jewel-rates/${ok.json().id}`,
      headers,
      payload: { ...rate, effective_date: addDays(today(), 7) },
    });
    expect(moved.statusCode).toBe(422);
    expect(byField(moved.json())).toEqual({ 'body.effective_date': RATE_MESSAGES.futureDate });
  });
});
