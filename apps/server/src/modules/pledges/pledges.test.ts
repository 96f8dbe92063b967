import { auditListSchema, businessToday, createPledgeSchema, pledgeSavedSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  pledgeFor,
  schemeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createPledge } from './pledge-create.service.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';
import { findPledgeSummary } from './pledges.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A date safely in the past (the pledges below are back-dated to it unless they say otherwise). */
const PLEDGE_DATE = '2026-04-10';

/** A company with an admin, a scheme GL-like (12 months, 1.5 %, 75 %), a rate of Rs. 6,000/g and two designs. */
async function setUp(options: { rateDate?: string; ratePerGram?: number } = {}) {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const jewelType = await jewelTypeFor(t, admin);
  const scheme = await schemeFor(t, admin, jewelType.id);
  await jewelRateFor(t, admin, jewelType.id, options.rateDate ?? '2026-04-01', {
    rate_per_gram: options.ratePerGram ?? 6000,
  });
  const customer = await customerFor(t, admin);
  const chain = await designFor(t, admin);
  const ring = await designFor(t, admin);
  const body = (overrides: object = {}) => ({
    customer_id: customer.id,
    scheme_id: scheme.id,
    pledge_date: PLEDGE_DATE,
    total_loan_amount: 48000,
    cash_limit_confirmed: true,
    document_charges: 100,
    items: [
      { jewell_design_id: chain.id, gross_weight: 11, net_weight: 10.5, jewell_condition: 'Good' },
      { jewell_design_id: ring.id, gross_weight: 8.5, net_weight: 8.25 },
    ],
    ...overrides,
  });
  return { company, admin, jewelType, scheme, customer, chain, ring, body };
}

function post(actor: Actor, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pledges/with-items',
    headers: { ...actor.headers(), ...headers },
    payload,
  });
}

/** The audit trail of one record, newest first, as an admin reads it (GET /api/audit). */
async function trailOf(actor: Actor, entity: string, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit?entity=${entity}&entity_id=${id}`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

function detailOf(res: { json(): unknown }) {
  return (res.json() as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
}

async function vouchersOf(actor: Actor, date: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/daybook-entries?from=${date}&to=${date}`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    voucher_number: string;
    voucher_type: string;
    entry_date: string;
    source: string;
    narration: string;
    total_amount: number;
    daybook_details: { account_code: string; debit_amount: number; credit_amount: number }[];
  }[];
}

const linesOf = (v: {
  daybook_details: { account_code: string; debit_amount: number; credit_amount: number }[];
}) =>
  v.daybook_details
    .map((d) => [d.account_code, d.debit_amount, d.credit_amount] as const)
    .sort((a, b) => a[0].localeCompare(b[0]));

describe('POST /api/pledges/with-items', () => {
  it('recomputes the worked example: 10.5 g and 8.25 g net at Rs. 6,000/g, 75 %, 1.5 %, loan 48,000, charges 100', async () => {
    const s = await setUp();
    const res = await post(s.admin, s.body());
    expect(res.statusCode, res.body).toBe(201);
    const p = pledgeSavedSchema.parse(res.json());
    expect(p.items.map((i) => [i.net_weight, i.net_value, i.design_name])).toEqual([
      [10.5, 63000, s.chain.design_name],
      [8.25, 49500, s.ring.design_name],
    ]);
    expect(p).toMatchObject({
      pledge_no: `${s.scheme.prefix.toUpperCase()}1`,
      customer_id: s.customer.id,
      customer_name: s.customer.customer_name,
      customer_acc_code: s.customer.acc_code,
      scheme_name: s.scheme.scheme_name,
      pledge_date: PLEDGE_DATE,
      start_date: PLEDGE_DATE,
      due_date: '2027-04-10',
      closed_date: null,
      rate_per_gram: 6000,
      interest_rate: 1.5,
      loan_allowed_percent: 75,
      duration: 12,
      total_valuation: 112500,
      eligible_loan: 84375,
      total_loan_amount: 48000,
      principal_amount: 48000,
      first_month_interest: 720,
      document_charges: 100,
      final_amount: 47180,
      gross_weight: 19.5,
      net_weight: 18.75,
      item_count: 2,
      status: 'active',
      is_move_to_bank: false,
      ticket_prints: 0,
    });
    expect(p.items[0]?.jewell_condition).toBe('Good');
    expect(p.warnings).toEqual([
      { code: 'BACKDATED', message: 'The pledge is dated 10/04/2026, before today.' },
    ]);
    // The Payment voucher of docs/domain-rules.md §6.2, dated the pledge date, marked as the pledge's.
    const [voucher, ...others] = await vouchersOf(s.admin, PLEDGE_DATE);
    expect(others).toEqual([]);
    expect(voucher).toMatchObject({
      voucher_number: p.voucher_number,
      voucher_type: 'Payment',
      source: 'pledge',
      total_amount: 48000,
      narration: `Pledge ${p.pledge_no} to ${s.customer.customer_name}: loan paid out`,
    });
    expect(linesOf(voucher!)).toEqual([
      ['1000', 0, 47180],
      ['1200', 48000, 0],
      ['4000', 0, 720],
      ['4100', 0, 100],
    ]);
  });

  it('records the new pledge with its items in the audit trail, once, and nothing for a refused one', async () => {
    const s = await setUp();
    const key = { 'idempotency-key': `pledge-audit-${s.company.id}` };
    const res = await post(s.admin, s.body(), key);
    expect(res.statusCode, res.body).toBe(201);
    const p = pledgeSavedSchema.parse(res.json());
    // A replayed answer did nothing and records nothing; a refused pledge leaves no row.
    expect((await post(s.admin, s.body(), key)).headers['idempotent-replayed']).toBe('true');
    expect((await post(s.admin, s.body({ total_loan_amount: 90000 }))).statusCode).toBe(422);
    const rows = await trailOf(s.admin, 'pledge', p.pledge_id);
    expect(rows).toHaveLength(1);
    const [event] = rows;
    expect(event).toMatchObject({
      action: 'create',
      entity: 'pledge',
      entity_id: String(p.pledge_id),
      company_id: s.company.id,
      user_id: s.admin.userId,
      before: null,
      reason: null,
      route: 'POST /api/pledges/with-items',
    });
    const after = event!.after as { items: { net_value: number; net_weight: number }[] };
    expect(after).toMatchObject({
      id: p.pledge_id,
      pledge_no: p.pledge_no,
      customer_id: s.customer.id,
      total_loan_amount: 48000,
      first_month_interest: 720,
      document_charges: 100,
      final_amount: 47180,
      rate_per_gram: 6000,
      status: 'active',
    });
    expect(after.items.map((i) => [i.net_weight, i.net_value])).toEqual([
      [10.5, 63000],
      [8.25, 49500],
    ]);
  });

  it('answers the same pledge to a retry with the same Idempotency-Key, and makes no second one', async () => {
    const s = await setUp();
    const key = { 'idempotency-key': `pledge-${s.company.id}` };
    const first = await post(s.admin, s.body(), key);
    const again = await post(s.admin, s.body(), key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().pledge_id).toBe(first.json().pledge_id);
    expect(await vouchersOf(s.admin, PLEDGE_DATE)).toHaveLength(1);
    const next = await post(s.admin, s.body());
    expect(next.json().pledge_no).toBe(`${s.scheme.prefix.toUpperCase()}2`);
  });

  it('asks for the pledge date (the screen sends it); the service dates a pledge today when left out', async () => {
    const s = await setUp();
    const { pledge_date: _, ...body } = s.body();
    const res = await post(s.admin, body);
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'pledge_date'], 'Please select a pledge date'],
    ]);
    const today = businessToday(t.config.businessTimeZone);
    await jewelRateFor(t, s.admin, s.jewelType.id, today, { rate_per_gram: 6000 });
    const made = await createPledge(
      t.database.db,
      { companyId: s.company.id, userId: s.admin.userId, today },
      createPledgeSchema.omit({ pledge_date: true }).parse(body),
    );
    const stored = await findPledgeSummary(t.database.db, s.company.id, made.pledgeId);
    expect(stored?.pledge.pledgeDate).toBe(today);
    expect(made.warnings).toEqual([]);
  });

  it('takes today, warns of nothing, and refuses a date after today', async () => {
    const s = await setUp();
    const today = businessToday(t.config.businessTimeZone);
    const ok = await post(s.admin, s.body({ pledge_date: today }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().warnings).toEqual([]);
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    const res = await post(s.admin, s.body({ pledge_date: tomorrow.toISOString().slice(0, 10) }));
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toMatchObject([
      { loc: ['body', 'pledge_date'], msg: PLEDGE_SERVER_MESSAGES.futureDate, type: 'value_error' },
    ]);
  });

  it('names each figure the browser sent that differs from the server’s', async () => {
    const s = await setUp();
    const base = s.body();
    const res = await post(s.admin, {
      ...base,
      due_date: '2027-04-09',
      first_month_interest: 720,
      final_amount: 47180.01,
      items: [base.items[0], { ...base.items[1], net_value: 49500.5 }],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'due_date'], 'Due date must be 10/04/2027'],
      [['body', 'final_amount'], 'Final amount must be Rs. 47,180.00'],
      [['body', 'items', 1, 'net_value'], 'Net value must be Rs. 49,500.00'],
    ]);
    // The right figures pass.
    const good = await post(s.admin, {
      ...base,
      due_date: '2027-04-10',
      first_month_interest: 720,
      final_amount: 47180,
      items: [{ ...base.items[0], net_value: 63000 }, base.items[1]],
    });
    expect(good.statusCode, good.body).toBe(201);
  });

  it('refuses a loan above the eligible loan, naming total_loan_amount', async () => {
    const s = await setUp();
    const res = await post(s.admin, s.body({ total_loan_amount: 84375.01 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'total_loan_amount'], 'Loan amount cannot exceed the eligible loan of Rs. 84,375.00'],
    ]);
    const atCap = await post(s.admin, s.body({ total_loan_amount: 84375 }));
    expect(atCap.statusCode, atCap.body).toBe(201);
  });

  it('refuses items whose totals would not fit a pledge, naming items', async () => {
    const s = await setUp();
    const heavy = Array.from({ length: 10 }, () => ({
      jewell_design_id: s.chain.id,
      gross_weight: 1_000_000,
      net_weight: 1_000_000,
    }));
    const res = await post(s.admin, s.body({ items: heavy }));
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'items'], PLEDGE_SERVER_MESSAGES.tooLarge],
    ]);
    const many = Array.from({ length: 101 }, () => ({
      jewell_design_id: s.chain.id,
      gross_weight: 1,
      net_weight: 1,
    }));
    const tooMany = await post(s.admin, s.body({ items: many }));
    expect(tooMany.statusCode, tooMany.body).toBe(422);
    expect(detailOf(tooMany).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'items'], 'A pledge can have at most 100 items'],
    ]);
  });

  it('refuses a final amount that is not above 0', async () => {
    const s = await setUp();
    const res = await post(s.admin, s.body({ total_loan_amount: 100, document_charges: 100 }));
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => d.loc)).toMatchObject([['body', 'final_amount']]);
  });

  it('uses the latest active rate on or before the pledge date, and keeps it on the pledge', async () => {
    const s = await setUp({ rateDate: '2026-03-01', ratePerGram: 5000 });
    await jewelRateFor(t, s.admin, s.jewelType.id, '2026-04-05', { rate_per_gram: 6000 });
    await jewelRateFor(t, s.admin, s.jewelType.id, '2026-04-08', { rate_per_gram: 9000, status: false });
    await jewelRateFor(t, s.admin, s.jewelType.id, '2026-04-11', { rate_per_gram: 7000 });
    const res = await post(s.admin, s.body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rate_per_gram: 6000, total_valuation: 112500 });
    const earlier = await post(s.admin, s.body({ pledge_date: '2026-03-15', total_loan_amount: 40000 }));
    expect(earlier.json()).toMatchObject({ rate_per_gram: 5000, total_valuation: 93750 });
  });

  it('refuses a scheme whose jewel type has no rate on the pledge date', async () => {
    const s = await setUp({ rateDate: '2026-04-11' });
    const res = await post(s.admin, s.body());
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res)).toMatchObject([
      {
        loc: ['body', 'scheme_id'],
        msg: "No rate found for the selected scheme's jewell type.",
        type: 'value_error',
      },
    ]);
  });

  it('refuses an inactive customer or scheme, and another company’s customer, scheme or design', async () => {
    const s = await setUp();
    const other = await setUp();
    const cross = await post(
      s.admin,
      s.body({
        customer_id: other.customer.id,
        scheme_id: other.scheme.id,
        items: [{ jewell_design_id: other.chain.id, gross_weight: 11, net_weight: 10.5 }],
      }),
    );
    expect(cross.statusCode, cross.body).toBe(422);
    expect(detailOf(cross).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'customer_id'], PLEDGE_SERVER_MESSAGES.unknownCustomer],
      [['body', 'scheme_id'], PLEDGE_SERVER_MESSAGES.unknownScheme],
      [['body', 'items', 0, 'jewell_design_id'], PLEDGE_SERVER_MESSAGES.unknownDesign],
    ]);

    const inactiveCustomer = await customerFor(t, s.admin, { mobile_number: '9840011111', status: false });
    const inactiveScheme = await schemeFor(t, s.admin, s.jewelType.id, { status: false });
    const res = await post(
      s.admin,
      s.body({ customer_id: inactiveCustomer.id, scheme_id: inactiveScheme.id }),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(detailOf(res).map((d) => [d.loc, d.msg])).toMatchObject([
      [['body', 'customer_id'], PLEDGE_SERVER_MESSAGES.inactiveCustomer],
      [['body', 'scheme_id'], PLEDGE_SERVER_MESSAGES.inactiveScheme],
    ]);
  });

  it('warns of a net weight under 75 % of the gross and of a loan above 90 % of the eligible loan', async () => {
    const s = await setUp();
    const today = businessToday(t.config.businessTimeZone);
    await jewelRateFor(t, s.admin, s.jewelType.id, today, { rate_per_gram: 6000 });
    const res = await post(
      s.admin,
      s.body({
        pledge_date: today,
        // 10 g of 13.34 g is 74.96 %: low. Item 2 exactly 75 %: not low. Eligible 75 % of 1,05,000 = 78,750.
        items: [
          { jewell_design_id: s.chain.id, gross_weight: 13.34, net_weight: 10 },
          { jewell_design_id: s.ring.id, gross_weight: 10, net_weight: 7.5 },
        ],
        total_loan_amount: 70875.01,
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([
      {
        code: 'NET_WEIGHT_LOW',
        message: 'Item 1: the net weight is less than 75% of the gross weight. Please check the weights.',
      },
      { code: 'LOAN_NEAR_ELIGIBLE', message: 'The loan is above 90% of the eligible loan of Rs. 78,750.00.' },
    ]);
    const exactly = await post(s.admin, s.body({ pledge_date: today, total_loan_amount: 75937.5 }));
    expect(exactly.json().warnings).toEqual([]);
  });

  it('numbers each scheme prefix on its own, per company', async () => {
    const s = await setUp();
    const second = await schemeFor(t, s.admin, s.jewelType.id);
    const a1 = await post(s.admin, s.body());
    const b1 = await post(s.admin, s.body({ scheme_id: second.id }));
    const a2 = await post(s.admin, s.body());
    expect([a1, b1, a2].map((r) => r.json().pledge_no)).toEqual([
      `${s.scheme.prefix.toUpperCase()}1`,
      `${second.prefix.toUpperCase()}1`,
      `${s.scheme.prefix.toUpperCase()}2`,
    ]);
    const other = await setUp();
    expect((await post(other.admin, other.body())).json().pledge_no).toBe(
      `${other.scheme.prefix.toUpperCase()}1`,
    );
  });

  it('is refused to a plain user while staff may not handle pledges', async () => {
    const s = await setUp();
    const clerk = await userFor(t, s.company.id);
    const res = await post(clerk, s.body());
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe('GET /api/pledges/{id} and /api/pledges/{id}/items', () => {
  it('answers the pledge with its items, and the items alone', async () => {
    const company = await freshCompany(t);
    const made = await pledgeFor(t, company.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${made.pledge_id}`,
      headers: made.actor.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { warnings: _, actor: __, jewelTypeId: ___, designId: ____, ...view } = made;
    expect(res.json()).toEqual(view);
    const items = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${made.pledge_id}/items`,
      headers: made.actor.headers(),
    });
    expect(items.statusCode, items.body).toBe(200);
    expect(items.json()).toEqual(view.items);
    expect(items.json()).toMatchObject([
      { gross_weight: 10.5, net_weight: 10, net_value: 60000, image: null },
    ]);
  });

  it("answers 404 for another company's pledge, even to an admin naming their own company", async () => {
    const company = await freshCompany(t);
    const made = await pledgeFor(t, company.id);
    const stranger = await adminFor(t, (await freshCompany(t)).id);
    for (const url of [`/api/pledges/${made.pledge_id}`, `/api/pledges/${made.pledge_id}/items`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: stranger.headers() });
      expect(res.statusCode, res.body).toBe(404);
    }
  });

  it('is refused to a plain user (403)', async () => {
    const company = await freshCompany(t);
    const made = await pledgeFor(t, company.id);
    const clerk = await userFor(t, company.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${made.pledge_id}`,
      headers: clerk.headers(),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('pledges with STAFF_CAN_HANDLE_PLEDGES on', () => {
  let staffApp: TestApp;
  beforeAll(async () => {
    staffApp = await createTestApp({ staffCanHandlePledges: true });
  });
  afterAll(async () => {
    await staffApp.close();
  });

  it('lets a user of the company create, read and edit a pledge', async () => {
    const company = await freshCompany(staffApp);
    const admin = await adminFor(staffApp, company.id);
    const clerk = await userFor(staffApp, company.id);
    const made = await pledgeFor(staffApp, company.id, { actor: admin });
    const read = await staffApp.app.inject({
      method: 'GET',
      url: `/api/pledges/${made.pledge_id}`,
      headers: clerk.headers(),
    });
    expect(read.statusCode, read.body).toBe(200);
    const body = {
      customer_id: made.customer_id,
      scheme_id: made.scheme_id,
      pledge_date: made.pledge_date,
      total_loan_amount: made.total_loan_amount,
      cash_limit_confirmed: true,
      document_charges: made.document_charges,
      remarks: 'Checked by the clerk',
      items: made.items.map((i) => ({ ...i, action: 'keep' })),
    };
    const put = await staffApp.app.inject({
      method: 'PUT',
      url: `/api/pledges/${made.pledge_id}/with-items`,
      headers: clerk.headers(),
      payload: body,
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().remarks).toBe('Checked by the clerk');
    const created = await staffApp.app.inject({
      method: 'POST',
      url: '/api/pledges/with-items',
      headers: clerk.headers(),
      payload: {
        ...body,
        items: [{ jewell_design_id: made.designId, gross_weight: 5, net_weight: 5 }],
        total_loan_amount: 20000,
        cash_limit_confirmed: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
  });
});
