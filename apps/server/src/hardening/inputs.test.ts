import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

// Hardening: inputs that reached a 500 (or were read as something else) answer 422 now,
// through bounds every route gets (lib/input-guard.ts and the domain's schema helpers).

let t: TestApp;
let admin: string;
let companyId: number;

const headers = () => ({ ...bearer(admin), 'x-company-id': String(companyId) });

let mobiles = 0;
const customer = (name = 'Lakshmi Narayanan') => ({
  customer_name: name,
  guardian_name: 'Narayanan',
  // A new number each time: a second customer with the same one is a probable duplicate (409).
  mobile_number: String(9_800_000_000 + ++mobiles),
  door_no: '12',
  street: 'West Masi Street',
  location: 'Madurai',
  district: 'Madurai',
  pincode: '625001',
});

async function newCustomer(name?: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/customers/',
    headers: headers(),
    payload: customer(name),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function newJewelType(): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/jewel-types/',
    headers: headers(),
    payload: { jewel_name: `Gold ${Math.random().toString(36).slice(2, 8)}`, purity: '22K' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function accountIds(): Promise<{ cash: number; capital: number }> {
  const options = (
    await t.app.inject({ method: 'GET', url: '/api/accounts', headers: headers() })
  ).json() as {
    account_id: number;
    account_code: string;
  }[];
  return {
    cash: options.find((o) => o.account_code === '1000')!.account_id,
    capital: options.find((o) => o.account_code === '3000')!.account_id,
  };
}

beforeAll(async () => {
  t = await createTestApp();
});
// Each test writes into a new company of its own, as its own admin.
beforeEach(async () => {
  companyId = (await freshCompany(t)).id;
  admin = (await adminFor(t, companyId)).token;
});
afterAll(async () => t.close());

describe('ids in the path', () => {
  it.each(['0x10', '+1', '00001', '1e3', '1.0', ' 1'])(
    'refuses %j as an id with 422 and touches nothing',
    async (raw) => {
      const id = await newCustomer();
      const url = `/api/customers/${raw.replace('1', String(id)).replace(' ', '%20')}`;
      const res = await t.app.inject({ method: 'DELETE', url, headers: headers() });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0].loc).toMatchObject(['path', 'id']);
      const still = await t.app.inject({ method: 'GET', url: `/api/customers/${id}`, headers: headers() });
      expect(still.statusCode).toBe(200);
    },
  );

  it.each(['2147483648', '9007199254740991'])(
    'refuses %s, past the integer columns, with 422 on every kind of path id',
    async (big) => {
      for (const url of [
        `/api/customers/${big}`,
        `/api/companies/${big}`,
        `/api/jewell_rates/by_type/${big}`,
        `/api/chart-of-accounts/${big}`,
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: headers() });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      }
    },
  );

  it('still finds 2147483647, the largest id, as simply missing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/customers/2147483647', headers: headers() });
    expect(res.statusCode).toBe(404);
  });
});

describe('ids in the query, the body and X-Company-Id', () => {
  it('refuses a ledger account_id past int4 with 422', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/reports/ledger?account_id=2147483648&format=json',
      headers: headers(),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['query', 'account_id']);
  });

  it('refuses a body jewel_type_id past int4 with 422 naming it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: headers(),
      payload: { jewel_type_id: 2 ** 31, rate_per_gram: 6000, market_price: 6000, selling_price: 6100 },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['body', 'jewel_type_id']);
  });

  it('refuses X-Company-Id 9999999999 as a bad header, not a 500', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/customers/',
      headers: { ...bearer(admin), 'x-company-id': '9999999999' },
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('the NUL character', () => {
  it('is refused in a body field with 422 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: headers(),
      payload: customer('Lakshmi\u0000'),
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['body', 'customer_name']);
  });

  it('is refused in the query, the path, the login username and a header', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/customers/?search=%00',
      headers: headers(),
    });
    expect(search.statusCode, search.body).toBe(422);
    expect(search.json().detail[0].loc).toMatchObject(['query', 'search']);

    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/legacy/customers/A%0012/migrate',
      headers: headers(),
    });
    expect(legacy.statusCode, legacy.body).toBe(422);

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'ad\u0000min', password: 'x' },
    });
    expect(signIn.statusCode, signIn.body).toBe(422);
    expect(signIn.json().detail[0].loc).toMatchObject(['body', 'username']);

    const header = await t.app.inject({
      method: 'GET',
      url: '/api/customers/',
      headers: { ...bearer(admin), 'x-company-id': `${companyId}\u0000` },
    });
    expect(header.statusCode, header.body).toBe(422);
    expect(header.json().detail[0].loc).toMatchObject(['header', 'x-company-id']);
  });
});

describe('lengths, amounts and dates', () => {
  it('refuses text over 10,000 characters in any field, even one no schema names', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: headers(),
      payload: { ...customer(), remarks: 'x'.repeat(10_001) },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'remarks'], type: 'string_too_long' });
  });

  it('refuses a 1,000,000-character username with 422, not a 500 from the throttle table', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'a'.repeat(1_000_000), password: 'x' },
      headers: { 'content-type': 'application/json' },
      // the body limit is 1 MB; a 1,000,000-character name fits in it
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(422);
  });

  it('refuses a rate at 10,000,000,000 (past numeric(12,2)) and accepts the largest that fits', async () => {
    const typeId = await newJewelType();
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: headers(),
      payload: { date: '2026-01-05', gold_rate_per_gram: 10_000_000_000, silver_rate_per_gram: 90 },
    });
    expect(over.statusCode, over.body).toBe(422);
    const top = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: headers(),
      payload: {
        jewel_type_id: typeId,
        rate_per_gram: 9_999_999_999.99,
        market_price: 9_999_999_999.99,
        selling_price: 9_999_999_999.99,
        effective_date: '2026-01-05',
      },
    });
    expect(top.statusCode, top.body).toBe(201);
  });

  it('refuses a jewel rate dated 9999-12-31 and a rate dated tomorrow', async () => {
    const typeId = await newJewelType();
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/jewel-rates/',
      headers: headers(),
      payload: {
        jewel_type_id: typeId,
        rate_per_gram: 6000,
        market_price: 6000,
        selling_price: 6100,
        effective_date: '9999-12-31',
      },
    });
    expect(far.statusCode, far.body).toBe(422);
    expect(far.json().detail[0].loc).toMatchObject(['body', 'effective_date']);
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/gold_silver_rates',
      headers: headers(),
      payload: { date: tomorrow, gold_rate_per_gram: 6000, silver_rate_per_gram: 90 },
    });
    expect(next.statusCode, next.body).toBe(422);
    expect(next.json().detail[0].loc).toMatchObject(['body', 'date']);
  });

  it('refuses a voucher whose total passes its numeric(14,2) column, and one of 201 lines', async () => {
    const { cash, capital } = await accountIds();
    const big = 9_999_999_999.99;
    const lines = Array.from({ length: 120 }, () => ({
      account_id: cash,
      debit_amount: big,
      credit_amount: 0,
    }));
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(),
      payload: {
        entry_date: '2026-10-01',
        voucher_type: 'Journal',
        narration: 'Too much',
        details: [
          ...lines,
          ...lines.map((l) => ({ ...l, account_id: capital, debit_amount: 0, credit_amount: big })),
        ],
      },
    });
    expect(tooMuch.statusCode, tooMuch.body.slice(0, 300)).toBe(422);

    const many = Array.from({ length: 201 }, (_, i) => ({
      account_id: i % 2 ? cash : capital,
      debit_amount: i % 2 ? 1 : 0,
      credit_amount: i % 2 ? 0 : 1,
    }));
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(),
      payload: { entry_date: '2026-10-01', voucher_type: 'Journal', narration: 'Long', details: many },
    });
    expect(tooLong.statusCode, tooLong.body.slice(0, 300)).toBe(422);
    expect(tooLong.json().detail[0].msg).toBe('A voucher can have at most 200 lines.');
  });
});

describe('multipart that is not well formed', () => {
  it.each([
    ['no boundary', 'multipart/form-data', 'hello'],
    [
      'cut off after the part headers',
      'multipart/form-data; boundary=XyZ',
      '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n',
    ],
  ])('answers 4xx for %s', async (_name, contentType, body) => {
    const id = await newCustomer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/upload-id-proof`,
      headers: { ...headers(), 'content-type': contentType },
      payload: body,
    });
    expect([400, 415, 422], res.body).toContain(res.statusCode);
  });
});
