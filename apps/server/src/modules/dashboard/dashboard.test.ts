import { addDays, addMonthsClamped, businessToday, dashboardSchema } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, paymentFor, pledgeFor, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

/**
 * A fixed point two months back, so "this month" and "last month" do not depend on today's day of
 * the month: as_of is the 20th of that month.
 */
function calendar() {
  const today = businessToday(t.config.businessTimeZone);
  const monthStart = addMonthsClamped(`${today.slice(0, 7)}-01`, -2);
  const lastMonthStart = addMonthsClamped(monthStart, -1);
  return {
    today,
    monthStart,
    lastMonthStart,
    asOf: addDays(monthStart, 19),
    day: (n: number) => addDays(monthStart, n - 1),
    lastMonthDay: (n: number) => addDays(lastMonthStart, n - 1),
  };
}

async function dashboard(headers: Record<string, string>, asOf?: string) {
  const url = asOf === undefined ? '/api/dashboard' : `/api/dashboard?as_of=${encodeURIComponent(asOf)}`;
  return t.app.inject({ method: 'GET', url, headers });
}

/** The payout's cash side: loan − first month's interest − document charges. */
const payout = (p: { total_loan_amount: number; first_month_interest: number; document_charges: number }) =>
  paise(p.total_loan_amount) - paise(p.first_month_interest) - paise(p.document_charges);

describe('GET /api/dashboard', () => {
  it('answers each figure from a small book of pledges and payments', async () => {
    const c = calendar();
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    // Last month: two pledges, one after the same day (counts for the month, not for the growth).
    const old = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: c.lastMonthDay(5) } });
    const share = {
      actor: admin,
      schemeId: old.scheme_id,
      jewelTypeId: old.jewelTypeId!,
      designId: old.designId,
    };
    const lateLast = await pledgeFor(t, company.id, {
      ...share,
      rateDate: c.lastMonthDay(25),
      body: { pledge_date: c.lastMonthDay(25) },
    });
    // This month: three pledges.
    const a = await pledgeFor(t, company.id, {
      ...share,
      rateDate: c.day(3),
      body: { pledge_date: c.day(3), total_loan_amount: 30000, document_charges: 150 },
    });
    const b = await pledgeFor(t, company.id, {
      ...share,
      rateDate: c.day(10),
      body: { pledge_date: c.day(10), total_loan_amount: 20000 },
    });
    const b2 = await pledgeFor(t, company.id, {
      ...share,
      skipRate: true,
      body: { pledge_date: c.day(10), total_loan_amount: 10000, document_charges: 0 },
    });
    // After as_of: in no figure.
    const after = await pledgeFor(t, company.id, {
      ...share,
      rateDate: c.day(21),
      body: { pledge_date: c.day(21), total_loan_amount: 5000 },
    });
    // A payment on the 15th with a penalty, and one on the 17th reversed (today, after as_of).
    const paid = await paymentFor(
      t,
      company.id,
      { pledge_id: old.pledge_id, actor: admin },
      { payment_date: c.day(15), penalty_amount: 25 },
    );
    expect(paid.penalty_amount).toBe(25);
    const undone = await paymentFor(
      t,
      company.id,
      { pledge_id: a.pledge_id, actor: admin },
      { payment_date: c.day(17), payment_type: 'partial_principal', amount: 1000 },
    );
    const reversal = await t.app.inject({
      method: 'POST',
      url: `/api/pledge-payments/${undone.payment_id}/reverse`,
      headers: admin.headers(),
      payload: { reason: 'Entered on the wrong pledge' },
    });
    expect(reversal.statusCode, reversal.body).toBe(200);
    // Another company's pledge of the same days counts nowhere here.
    const other = await freshCompany(t);
    await pledgeFor(t, other.id, { body: { pledge_date: c.day(10) } });

    // A clerk (not an admin) may read it.
    const clerk = await userFor(t, company.id);
    const res = await dashboard(clerk.headers(), c.asOf);
    expect(res.statusCode, res.body).toBe(200);
    const d = dashboardSchema.parse(res.json());
    expect(d.as_of).toBe(c.asOf);

    const thisMonth = [a, b, b2];
    const income =
      thisMonth.reduce((s, p) => s + paise(p.first_month_interest) + paise(p.document_charges), 0) +
      paise(paid.interest_amount) +
      paise(paid.penalty_amount);
    expect(paise(d.earnings)).toBe(income);
    expect(d.spend_this_month).toBe(60000);
    // 3 this month against 1 last month to the same day (lateLast is after it).
    expect(d.sales).toEqual({ count: 3, growth_percent: 200 });
    const received = paise(paid.amount) + paise(paid.penalty_amount) - paise(paid.discount_amount);
    // The balance is the books': the reversed receipt's cash stays in them until its reversing
    // voucher, dated today (after as_of); the receipts chart (collected) leaves it out.
    const books = received + paise(undone.amount);
    expect(paise(d.balance)).toBe(books - [old, lateLast, a, b, b2].reduce((s, p) => s + payout(p), 0));
    const later = dashboardSchema.parse((await dashboard(clerk.headers(), c.today)).json());
    expect(paise(later.balance)).toBe(
      received - [old, lateLast, a, b, b2, after].reduce((s, p) => s + payout(p), 0),
    );

    expect(d.daily).toHaveLength(20);
    expect(d.daily[0]!.date).toBe(c.monthStart);
    expect(d.daily.at(-1)!.date).toBe(c.asOf);
    const byDate = new Map(d.daily.map((r) => [r.date, r]));
    expect(byDate.get(c.day(3))).toEqual({ date: c.day(3), disbursed: 30000, collected: 0 });
    expect(byDate.get(c.day(10))).toEqual({ date: c.day(10), disbursed: 30000, collected: 0 });
    expect(byDate.get(c.day(15))).toEqual({ date: c.day(15), disbursed: 0, collected: rupees(received) });
    expect(byDate.get(c.day(17))).toEqual({ date: c.day(17), disbursed: 0, collected: 0 });
    expect(d.daily.reduce((s, r) => s + r.disbursed, 0)).toBe(60000);

    expect(d.weekly.map((w) => w.date)).toEqual([14, 15, 16, 17, 18, 19, 20].map((n) => c.day(n)));
    const w15 = d.weekly.find((w) => w.date === c.day(15))!;
    expect(w15).toEqual({ date: c.day(15), interest: paid.interest_amount, charges: paid.penalty_amount });
    expect(
      d.weekly.filter((w) => w.date !== c.day(15)).every((w) => w.interest === 0 && w.charges === 0),
    ).toBe(true);
    expect(after.pledge_id).toBeGreaterThan(0);
    expect(d.due).toEqual([]);
  });

  it('lists open pledges due within 15 days or overdue, most urgent first, with the term elapsed', async () => {
    const c = calendar();
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    // 12-month scheme: a pledge made 12 months before as_of + 5 days is due 5 days after as_of.
    const soon = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(addMonthsClamped(c.asOf, -12), 5) },
    });
    const share = {
      actor: admin,
      schemeId: soon.scheme_id,
      jewelTypeId: soon.jewelTypeId!,
      designId: soon.designId,
    };
    const late = await pledgeFor(t, company.id, {
      ...share,
      rateDate: addDays(addMonthsClamped(c.asOf, -12), -10),
      body: { pledge_date: addDays(addMonthsClamped(c.asOf, -12), -10) },
    });
    const far = await pledgeFor(t, company.id, {
      ...share,
      rateDate: addDays(addMonthsClamped(c.asOf, -12), 30),
      body: { pledge_date: addDays(addMonthsClamped(c.asOf, -12), 30) },
    });
    // Closed before as_of: not listed.
    const closed = await pledgeFor(t, company.id, {
      ...share,
      rateDate: addDays(addMonthsClamped(c.asOf, -12), -20),
      body: { pledge_date: addDays(addMonthsClamped(c.asOf, -12), -20) },
    });
    await paymentFor(
      t,
      company.id,
      { pledge_id: closed.pledge_id, actor: admin },
      {
        payment_date: addDays(c.asOf, -3),
        payment_type: 'full_payment',
      },
    );

    const res = await dashboard(admin.headers(), c.asOf);
    expect(res.statusCode, res.body).toBe(200);
    const { due } = dashboardSchema.parse(res.json());
    expect(due.map((r) => r.pledge_id)).toEqual([late.pledge_id, soon.pledge_id]);
    expect(due[0]).toMatchObject({
      pledge_no: late.pledge_no,
      customer_name: late.customer_name,
      status: 'overdue',
      due_date: late.due_date,
      progress: 100,
    });
    expect(due[1]).toMatchObject({ status: 'due_soon', due_date: soon.due_date });
    expect(due[1]!.progress).toBeGreaterThanOrEqual(97);
    expect(due[1]!.progress).toBeLessThan(100);
    expect(far.due_date > addDays(c.asOf, 15)).toBe(true);
  });

  it('answers zeros and empty lists for an empty branch, every day of the month still listed', async () => {
    const c = calendar();
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const res = await dashboard(admin.headers(), c.asOf);
    expect(res.statusCode, res.body).toBe(200);
    const d = dashboardSchema.parse(res.json());
    expect(d).toMatchObject({
      earnings: 0,
      spend_this_month: 0,
      balance: 0,
      sales: { count: 0, growth_percent: null },
    });
    expect(d.due).toEqual([]);
    expect(d.daily).toHaveLength(20);
    expect(d.daily.every((r) => r.disbursed === 0 && r.collected === 0)).toBe(true);
    expect(d.weekly).toHaveLength(7);
    // No as_of: business today.
    const now = await dashboard(admin.headers());
    expect(now.statusCode).toBe(200);
    expect(now.json().as_of).toBe(c.today);
    expect(now.json().daily).toHaveLength(Number(c.today.slice(8, 10)));
  });

  it('reads the branch X-Company-Id names: an admin may name another, a clerk only their own', async () => {
    const c = calendar();
    const home = await freshCompany(t);
    const other = await freshCompany(t);
    await pledgeFor(t, other.id, { body: { pledge_date: c.day(4), total_loan_amount: 12000 } });
    const admin = await adminFor(t, home.id);
    const own = dashboardSchema.parse((await dashboard(admin.headers(), c.asOf)).json());
    expect(own.spend_this_month).toBe(0);
    const theirs = await dashboard(admin.headers(other.id), c.asOf);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(dashboardSchema.parse(theirs.json())).toMatchObject({
      spend_this_month: 12000,
      sales: { count: 1 },
    });
    const clerk = await userFor(t, home.id);
    expect((await dashboard(clerk.headers(other.id), c.asOf)).statusCode).toBe(403);
  });

  it('answers 422 for a bad as_of, 401 without a session', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    for (const bad of [
      '2026-02-30',
      'yesterday',
      '1800-01-01',
      '2026-1-5',
      `2026-01-01${'x'.repeat(300)}`,
      '\u0000',
    ]) {
      const res = await dashboard(admin.headers(), bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail[0].loc).toMatchObject(['query', 'as_of']);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });
});
