import {
  addDays,
  businessToday,
  itemValuePaise,
  paiseToRupees,
  valuationRateSchema,
} from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  schemeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setCompliance } from '../compliance/compliance-test-helpers.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';

// The valuation rule: the screens value a pledge with the rate the server will use, asked of the
// server (GET /pledges/valuation-rate), the one rule create and edit apply: the jewel type's rate in
// Jewel Rates in force on the pledge date, or under the RBI regime the lower of the previous day's
// and the average of the days before.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = () => businessToday(t.config.businessTimeZone);

async function branch() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const type = await jewelTypeFor(t, admin, { jewel_name: `Gold 22K ${company.id}` });
  const scheme = await schemeFor(t, admin, type.id, { loan_eligibility_percentage: 100 });
  const design = await designFor(t, admin);
  const customer = await customerFor(t, admin, { mobile_number: `97${String(company.id).padStart(8, '0')}` });
  return { company, admin, type, scheme, design, customer };
}

function quote(actor: Actor, query: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/pledges/valuation-rate?${query}`,
    headers: actor.headers(),
  });
}

describe('GET /api/pledges/valuation-rate', () => {
  it('answers the Jewel Rates rate in force on the pledge date, with its date and jewel type', async () => {
    const b = await branch();
    await jewelRateFor(t, b.admin, b.type.id, '2026-04-01', { rate_per_gram: 6000 });
    await jewelRateFor(t, b.admin, b.type.id, '2026-04-08', { rate_per_gram: 6500 });
    const res = await quote(b.admin, `scheme_id=${b.scheme.id}&pledge_date=2026-04-10`);
    expect(res.statusCode, res.body).toBe(200);
    expect(valuationRateSchema.parse(res.json())).toEqual({
      scheme_id: b.scheme.id,
      jewel_type_id: b.type.id,
      jewel_type_name: b.type.jewel_name,
      pledge_date: '2026-04-10',
      rate_per_gram: 6500,
      basis: 'rate_in_force',
      rate_date: '2026-04-08',
      previous_day_rate: null,
      average_rate: null,
      average_days: null,
    });
    expect((await quote(b.admin, `scheme_id=${b.scheme.id}&pledge_date=2026-04-05`)).json()).toMatchObject({
      rate_per_gram: 6000,
      rate_date: '2026-04-01',
    });
    // Before any rate: the create screen's sentence, under the scheme.
    const none = await quote(b.admin, `scheme_id=${b.scheme.id}&pledge_date=2026-03-31`);
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toMatchObject([
      expect.objectContaining({ loc: ['body', 'scheme_id'], msg: PLEDGE_SERVER_MESSAGES.noRate }),
    ]);
  });

  it("refuses another company's scheme and a date after today with a 422", async () => {
    const b = await branch();
    const other = await branch();
    const foreign = await quote(b.admin, `scheme_id=${other.scheme.id}`);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail[0].msg).toBe(PLEDGE_SERVER_MESSAGES.unknownScheme);
    const future = await quote(b.admin, `scheme_id=${b.scheme.id}&pledge_date=${addDays(today(), 1)}`);
    expect(future.statusCode).toBe(422);
    expect(future.json().detail[0].msg).toBe(PLEDGE_SERVER_MESSAGES.futureDate);
  });

  it('under the RBI regime answers the rate create checks, not the morning rate: a pledge valued at it saves', async () => {
    const b = await branch();
    for (const [back, rate] of [
      [20, 5400],
      [10, 6000],
      [1, 6000],
    ] as const) {
      await jewelRateFor(t, b.admin, b.type.id, addDays(today(), -back), { rate_per_gram: rate });
    }
    // The morning's rate, entered today: not what the RBI regime values at.
    await jewelRateFor(t, b.admin, b.type.id, today(), { rate_per_gram: 7000 });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });

    const res = await quote(b.admin, `scheme_id=${b.scheme.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const q = valuationRateSchema.parse(res.json());
    // 5,400, 6,000 and 6,000 in the 30 days before: the average 5,800 is below the previous day's 6,000.
    expect(q).toMatchObject({
      pledge_date: today(),
      rate_per_gram: 5800,
      basis: 'rbi_average',
      rate_date: addDays(today(), -1),
      previous_day_rate: 6000,
      average_rate: 5800,
      average_days: 30,
    });

    const body = (ratePerGram: number) => ({
      customer_id: b.customer.id,
      scheme_id: b.scheme.id,
      pledge_date: today(),
      total_loan_amount: 10000,
      document_charges: 0,
      cash_limit_confirmed: true,
      items: [
        {
          jewell_design_id: b.design.id,
          gross_weight: 10,
          net_weight: 10,
          net_value: paiseToRupees(itemValuePaise(10_000, ratePerGram * 100)),
        },
      ],
    });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/pledges/with-items', headers: b.admin.headers(), payload });
    // Valued at the morning's rate, as the screen did: refused.
    expect((await post(body(7000))).statusCode).toBe(422);
    const saved = await post(body(q.rate_per_gram));
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ rate_per_gram: 5800, total_valuation: 58000 });
  });
});
