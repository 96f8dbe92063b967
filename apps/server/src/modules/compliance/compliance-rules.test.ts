import { addDays, businessToday, RBI_MESSAGES, ratioReportSchema } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import {
  type Actor,
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';
import { setCompliance } from './compliance-test-helpers.ts';

// The branch's compliance rules on pledges, schemes and renewals, through the
// API, with worked examples: the licence, the interest ceiling, and the RBI regime's valuation,
// loan-to-value tiers, one-sum loans, term and weights.
// Each RBI branch here takes no PAN or Form 60 (pan_applies: false): the KYC rule has its own tests (kyc.test.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday('Asia/Kolkata');

/** A branch with an admin, a gold type (₹6,000 a gram stored yesterday and 10 days ago), a design and a customer. */
async function branch(scheme: Record<string, unknown> = {}) {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const type = await jewelTypeFor(t, admin);
  for (const back of [10, 1]) {
    await jewelRateFor(t, admin, type.id, addDays(today(), -back), { rate_per_gram: 6000 });
  }
  const s = await schemeFor(t, admin, type.id, {
    loan_eligibility_percentage: 100,
    bullet_repayment: false,
    ...scheme,
  });
  const design = await designFor(t, admin);
  const customer = await customerFor(t, admin, { mobile_number: `98${String(company.id).padStart(8, '0')}` });
  return { company, admin, typeId: type.id, schemeId: s.id, designId: design.id, customerId: customer.id };
}
type Branch = Awaited<ReturnType<typeof branch>>;

function pledgeBody(b: Branch, loan: number, items: { gross: number; net: number }[], extra: object = {}) {
  return {
    customer_id: b.customerId,
    scheme_id: b.schemeId,
    pledge_date: today(),
    total_loan_amount: loan,
    document_charges: 0,
    cash_limit_confirmed: true,
    items: items.map((i) => ({ jewell_design_id: b.designId, gross_weight: i.gross, net_weight: i.net })),
    ...extra,
  };
}

function createPledge(actor: Actor, body: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pledges/with-items',
    headers: actor.headers(),
    payload: body,
  });
}

const locs = (res: { json(): unknown }) =>
  ((res.json() as { detail: { loc: (string | number)[]; msg: string }[] }).detail ?? []).map((d) => ({
    at: d.loc.join('.'),
    msg: d.msg,
  }));

describe('the licence', () => {
  it('blocks a new pledge from the day after it expires, with the licence named, and allows one on its last day', async () => {
    const b = await branch();
    await setCompliance(t, b.admin, { licence_number: 'TN/MDU/PB/7', licence_expiry: today() });
    const lastDay = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 10, net: 10 }]));
    expect(lastDay.statusCode, lastDay.body).toBe(201);
    const expiry = addDays(today(), -1);
    await setCompliance(t, b.admin, { licence_number: 'TN/MDU/PB/7', licence_expiry: expiry });
    const refused = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 10, net: 10 }]));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      `The licence TN/MDU/PB/7 expired on ${expiry.slice(8)}/${expiry.slice(5, 7)}/${expiry.slice(0, 4)}. No new pledge can be made until it is renewed.`,
    );
    expect(refused.json().code).toBe('LICENCE_EXPIRED');
  });
});

describe('the interest ceiling', () => {
  it('refuses to save a scheme above it, naming the ceiling, and saves one at it', async () => {
    const b = await branch();
    await setCompliance(t, b.admin, { interest_ceiling: 2 });
    const above = await t.app.inject({
      method: 'PUT',
      url: `/api/schemes/${b.schemeId}`,
      headers: b.admin.headers(),
      payload: {
        jewel_type_id: b.typeId,
        scheme_name: 'Gold Loan 2.5',
        short_name: 'GL',
        prefix: 'GLC',
        duration_in_months: 12,
        interest_rate_per_month: 2.5,
        loan_eligibility_percentage: 75,
      },
    });
    expect(above.statusCode).toBe(422);
    expect(locs(above)).toEqual([
      {
        at: 'body.interest_rate_per_month',
        msg: "Interest of 2.5% a month is above the branch's ceiling of 2% a month",
      },
    ]);
    const at = await schemeFor(t, b.admin, b.typeId, { interest_rate_per_month: 2 });
    expect(at.id).toBeGreaterThan(0);
  });

  it('refuses a pledge under a scheme saved above it before the ceiling was set', async () => {
    const b = await branch({ interest_rate_per_month: 3 });
    await setCompliance(t, b.admin, { interest_ceiling: 2.5 });
    const res = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 10, net: 10 }]));
    expect(res.statusCode).toBe(422);
    expect(locs(res)).toEqual([
      { at: 'body.scheme_id', msg: "Interest of 3% a month is above the branch's ceiling of 2.5% a month" },
    ]);
  });
});

describe('the RBI regime', () => {
  it('values a pledge at the lower of the previous day’s rate and the 30-day average, and keeps the rate on the pledge', async () => {
    const b = await branch();
    await jewelRateFor(t, b.admin, b.typeId, addDays(today(), -20), { rate_per_gram: 5400 });
    // Today's own rate, higher still, is not used.
    await jewelRateFor(t, b.admin, b.typeId, today(), { rate_per_gram: 7000 });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    // Stored in the 30 days before: 5,400, 6,000 and 6,000: the average 5,800 is below the previous day's 6,000.
    const res = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 10, net: 10 }]));
    expect(res.statusCode, res.body).toBe(201);
    const [row] = rowsOf<{ rate: string; basis: string; valuation: string }>(
      await t.database.db.execute(sql`
        select rate_per_gram::text as rate, rate_basis as basis, total_valuation::text as valuation
          from pledges where company_id = ${b.company.id} and id = ${res.json().pledge_id}`),
    );
    expect(row).toEqual({ rate: '5800.00', basis: 'rbi_average', valuation: '58000.00' });
  });

  it('lends 85 % while the borrower’s loans total ₹2,50,000 and refuses ₹2,50,001 on the same articles (the 80 % tier)', async () => {
    const b = await branch();
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    // 49.020 g at ₹6,000: ₹2,94,120; 85 % is ₹2,50,002.
    const articles = [{ gross: 49.02, net: 49.02 }];
    const over = await createPledge(b.admin, pledgeBody(b, 250001, articles));
    expect(over.statusCode).toBe(422);
    expect(locs(over)).toEqual([
      {
        at: 'body.total_loan_amount',
        msg: "The loan of ₹2,50,001.00 is above 80% of the articles' value (₹2,35,296.00), the RBI limit for a borrower whose gold loans come to ₹2,50,001.00",
      },
    ]);
    const within = await createPledge(b.admin, pledgeBody(b, 250000, articles));
    expect(within.statusCode, within.body).toBe(201);
    // Now any further loan puts the borrower's total above ₹2,50,000: the 80 % tier.
    const next = await createPledge(b.admin, pledgeBody(b, 8100, [{ gross: 1.68, net: 1.68 }]));
    expect(next.statusCode).toBe(422);
    expect(locs(next)[0]!.msg).toContain('above 80%');
    const fits = await createPledge(b.admin, pledgeBody(b, 8000, [{ gross: 1.68, net: 1.68 }]));
    expect(fits.statusCode, fits.body).toBe(201);
  });

  it('counts a one-sum loan’s interest for the term: ₹1,00,000 at 1.5 % for 12 months repays ₹1,18,000', async () => {
    const bullet = await branch({
      bullet_repayment: true,
      interest_rate_per_month: 1.5,
      duration_in_months: 12,
    });
    await setCompliance(t, bullet.admin, { regime: 'rbi', pan_applies: false });
    // 21.667 g at ₹6,000: ₹1,30,002; 85 % is ₹1,10,501.70, under the ₹1,18,000 repayable.
    const articles = [{ gross: 21.667, net: 21.667 }];
    const res = await createPledge(bullet.admin, pledgeBody(bullet, 100000, articles));
    expect(res.statusCode).toBe(422);
    expect(locs(res)[0]).toEqual({
      at: 'body.total_loan_amount',
      msg: "The amount repayable at maturity of ₹1,18,000.00 is above 85% of the articles' value (₹1,10,501.70), the RBI limit for a borrower whose gold loans come to ₹1,00,000.00",
    });
    // The same loan repaid as it goes passes: ₹1,00,000 is within ₹1,10,501.70.
    const monthly = await branch({ bullet_repayment: false });
    await setCompliance(t, monthly.admin, { regime: 'rbi', pan_applies: false });
    expect((await createPledge(monthly.admin, pledgeBody(monthly, 100000, articles))).statusCode).toBe(201);
  });

  it('limits a one-sum loan to 12 months: a 13-month scheme cannot be saved, nor used if saved before', async () => {
    const b = await branch({ bullet_repayment: true, duration_in_months: 13 });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const pledge = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 10, net: 10 }]));
    expect(pledge.statusCode).toBe(422);
    expect(locs(pledge)).toEqual([
      {
        at: 'body.scheme_id',
        msg: 'A loan repaid in one sum may last at most 12 months under the RBI rules; this scheme runs 13 months',
      },
    ]);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/schemes/',
      headers: b.admin.headers(),
      payload: {
        jewel_type_id: b.typeId,
        scheme_name: 'Long Gold Loan',
        short_name: 'LG',
        prefix: 'LGL',
        duration_in_months: 13,
        interest_rate_per_month: 1.5,
        loan_eligibility_percentage: 75,
        bullet_repayment: true,
      },
    });
    expect(saved.statusCode).toBe(422);
    expect(locs(saved)[0]!.at).toBe('body.duration_in_months');
  });

  it('allows 1,000 g of gold ornaments per borrower and refuses 1,000.001 g', async () => {
    const b = await branch();
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const first = await createPledge(b.admin, pledgeBody(b, 10000, [{ gross: 999.999, net: 900 }]));
    expect(first.statusCode, first.body).toBe(201);
    const second = await createPledge(b.admin, pledgeBody(b, 1, [{ gross: 0.002, net: 0.002 }]));
    expect(second.statusCode).toBe(422);
    expect(locs(second)).toEqual([
      {
        at: 'body.items',
        msg: "The borrower's gold ornaments would come to 1,000.001 g, above the RBI limit of 1,000.000 g per borrower",
      },
    ]);
    const third = await createPledge(b.admin, pledgeBody(b, 1, [{ gross: 0.001, net: 0.001 }]));
    expect(third.statusCode, third.body).toBe(201);
  });

  it('renews a pledge only once its interest is paid, and never an overdue one', async () => {
    const b = await branch();
    // Made 45 days ago under no regime (the rate in force then), then the branch moves to the RBI regime.
    await jewelRateFor(t, b.admin, b.typeId, addDays(today(), -60), { rate_per_gram: 6000 });
    const made = await pledgeFor(t, b.company.id, {
      actor: b.admin,
      schemeId: b.schemeId,
      customerId: b.customerId,
      designId: b.designId,
      skipRate: true,
      body: {
        pledge_date: addDays(today(), -45),
        total_loan_amount: 20000,
        items: [{ jewell_design_id: b.designId, gross_weight: 10, net_weight: 10 }],
      },
    });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const renew = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/pledges/${made.pledge_id}/renew`,
        headers: b.admin.headers(),
        payload: {
          items: { keep: [{ pledge_item_id: made.items[0]!.pledge_item_id }] },
          total_loan_amount: 20000,
          document_charges: 0,
          payment_method: 'cash',
          cash_limit_confirmed: true,
        },
      });
    const owed = await renew();
    expect(owed.statusCode).toBe(422);
    // 45 days: 1.5 months of 1.5 % on ₹20,000 is ₹450, the first month's ₹300 paid at the start.
    expect(locs(owed)).toEqual([
      {
        at: 'body.total_loan_amount',
        msg: 'Under the RBI regime the interest due (₹150.00) must be paid before a renewal or top-up; it cannot be carried into the new loan',
      },
    ]);
    await paymentFor(t, b.company.id, made, { payment_type: 'interest' });
    const renewed = await renew();
    expect(renewed.statusCode, renewed.body).toBe(201);

    // A pledge past its due date (a 1-month scheme made 40 days ago) is not renewed at all.
    const short = await schemeFor(t, b.admin, b.typeId, { duration_in_months: 1, bullet_repayment: false });
    await setCompliance(t, b.admin, { regime: 'none' });
    const late = await pledgeFor(t, b.company.id, {
      actor: b.admin,
      schemeId: short.id,
      customerId: b.customerId,
      designId: b.designId,
      skipRate: true,
      body: {
        pledge_date: addDays(today(), -40),
        total_loan_amount: 5000,
        items: [{ jewell_design_id: b.designId, gross_weight: 3, net_weight: 3 }],
      },
    });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const overdue = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${late.pledge_id}/renew`,
      headers: b.admin.headers(),
      payload: {
        items: { keep: [{ pledge_item_id: late.items[0]!.pledge_item_id }] },
        total_loan_amount: 5000,
        document_charges: 0,
        payment_method: 'cash',
      },
    });
    expect(overdue.statusCode).toBe(422);
    expect(locs(overdue)).toEqual([{ at: 'body.renewal_date', msg: RBI_MESSAGES.renewalOverdue }]);
  });

  it('lists in the ratio report the pledges whose outstanding with interest passes their tier at the day’s rate', async () => {
    const b = await branch();
    const made = (loan: number) =>
      pledgeFor(t, b.company.id, {
        actor: b.admin,
        schemeId: b.schemeId,
        jewelTypeId: b.typeId,
        customerId: b.customerId,
        designId: b.designId,
        ratePerGram: 6000,
        rateDate: addDays(today(), -100),
        body: {
          pledge_date: addDays(today(), -100),
          total_loan_amount: loan,
          items: [{ jewell_design_id: b.designId, gross_weight: 10, net_weight: 10 }],
        },
      });
    const high = await made(50000);
    await made(30000);
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const report = async (asOf: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/reports/rbi-ratio?as_of=${asOf}`,
        headers: b.admin.headers(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return ratioReportSchema.parse(res.json());
    };
    // 99 days: 3.5 months of 1.5 % on ₹50,000 is ₹2,625, ₹750 paid at the start: ₹51,875 owed against
    // 85 % of ₹60,000 (10 g at ₹6,000), ₹51,000. The ₹30,000 pledge owes ₹31,125: within.
    const yesterday = await report(addDays(today(), -1));
    expect(yesterday).toMatchObject({ regime: 'rbi', open_pledges: 2, without_rate: 0, total_count: 1 });
    expect(yesterday.rows).toEqual([
      expect.objectContaining({
        pledge_id: high.pledge_id,
        rate_per_gram: 6000,
        value: 60000,
        borrower_total: 80000,
        tier_percent: 85,
        limit: 51000,
        principal: 50000,
        interest: 1875,
        outstanding: 51875,
        excess: 875,
        ratio_percent: 86.46,
      }),
    ]);
    // Gold at ₹7,000 from today: ₹70,000 of value, 85 % is ₹59,500: nothing passes.
    await jewelRateFor(t, b.admin, b.typeId, today(), { rate_per_gram: 7000 });
    expect((await report(today())).total_count).toBe(0);
    expect((await report(addDays(today(), -1))).total_count).toBe(1);
    const future = await t.app.inject({
      method: 'GET',
      url: `/api/reports/rbi-ratio?as_of=${addDays(today(), 1)}`,
      headers: b.admin.headers(),
    });
    expect(future.statusCode).toBe(422);
  });

  it('holds an edited pledge to the same rules: a larger loan past the tier is refused, a scheme above the ceiling too', async () => {
    const b = await branch();
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false, interest_ceiling: 2 });
    const made = await createPledge(b.admin, pledgeBody(b, 40000, [{ gross: 10, net: 10 }]));
    expect(made.statusCode, made.body).toBe(201);
    const view = (
      await t.app.inject({
        method: 'GET',
        url: `/api/pledges/${made.json().pledge_id}`,
        headers: b.admin.headers(),
      })
    ).json();
    const edit = (overrides: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/pledges/${view.pledge_id}/with-items`,
        headers: b.admin.headers(),
        payload: {
          customer_id: view.customer_id,
          scheme_id: view.scheme_id,
          pledge_date: view.pledge_date,
          total_loan_amount: view.total_loan_amount,
          document_charges: view.document_charges,
          cash_limit_confirmed: true,
          status: view.status,
          items: view.items.map(
            (i: {
              pledge_item_id: number;
              jewell_design_id: number;
              gross_weight: number;
              net_weight: number;
            }) => ({
              pledge_item_id: i.pledge_item_id,
              action: 'keep',
              jewell_design_id: i.jewell_design_id,
              gross_weight: i.gross_weight,
              net_weight: i.net_weight,
            }),
          ),
          delete_item_ids: [],
          ...overrides,
        },
      });
    // 10 g at ₹6,000: 85 % of ₹60,000 is ₹51,000.
    const over = await edit({ total_loan_amount: 51001 });
    expect(over.statusCode).toBe(422);
    expect(locs(over)[0]!.at).toBe('body.total_loan_amount');
    const expensive = await schemeFor(t, b.admin, b.typeId, { interest_rate_per_month: 1.5 });
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false, interest_ceiling: 1 });
    const moved = await edit({ scheme_id: expensive.id });
    expect(moved.statusCode).toBe(422);
    expect(locs(moved)).toEqual([
      { at: 'body.scheme_id', msg: "Interest of 1.5% a month is above the branch's ceiling of 1% a month" },
    ]);
    await setCompliance(t, b.admin, { regime: 'rbi', pan_applies: false });
    const within = await edit({ total_loan_amount: 51000 });
    expect(within.statusCode, within.body).toBe(200);
  });
});
