import {
  addDays,
  addMonthsClamped,
  businessToday,
  type Dashboard,
  dashboardSchema,
} from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  emptyDatabase,
  freshCompany,
  paymentFor,
  pledgeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The all-branches dashboard ("Admins get a branch selector with 'All branches'"):
// GET /dashboard?scope=all answers every company's figures summed, for admins only.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const paise = (rupees: number) => Math.round(rupees * 100);

async function dashboard(headers: Record<string, string>, query: string) {
  return t.app.inject({ method: 'GET', url: `/api/dashboard?${query}`, headers });
}

/** The 20th of the month two months back: "this month" does not depend on today. */
function calendar() {
  const today = businessToday(t.config.businessTimeZone);
  const monthStart = addMonthsClamped(`${today.slice(0, 7)}-01`, -2);
  return { monthStart, asOf: addDays(monthStart, 19), day: (n: number) => addDays(monthStart, n - 1) };
}

describe('GET /api/dashboard?scope=all', () => {
  it("sums two branches' cards and charts per date, and lists both branches' due pledges by urgency with their names", async () => {
    // Only these two companies (and the first start's empty Main Branch) in the database.
    await emptyDatabase(t);
    const c = calendar();
    const north = await freshCompany(t);
    const south = await freshCompany(t);
    const adminN = await adminFor(t, north.id);
    const adminS = await adminFor(t, south.id);
    // North: two pledges this month (3rd and 10th), a payment on the 15th.
    const n1 = await pledgeFor(t, north.id, {
      actor: adminN,
      rateDate: c.day(3),
      body: { pledge_date: c.day(3), total_loan_amount: 30000 },
    });
    const shareN = {
      actor: adminN,
      schemeId: n1.scheme_id,
      jewelTypeId: n1.jewelTypeId!,
      designId: n1.designId,
    };
    await pledgeFor(t, north.id, {
      ...shareN,
      rateDate: c.day(10),
      body: { pledge_date: c.day(10), total_loan_amount: 20000 },
    });
    const paidN = await paymentFor(
      t,
      north.id,
      { pledge_id: n1.pledge_id, actor: adminN },
      {
        payment_date: c.day(15),
        payment_type: 'partial_principal',
        amount: 1000,
      },
    );
    // South: one pledge on the 10th (the same day as North's), one a year back (due 5 days after
    // as_of); North again: one overdue by 10 days.
    const s1 = await pledgeFor(t, south.id, {
      actor: adminS,
      rateDate: c.day(10),
      body: { pledge_date: c.day(10), total_loan_amount: 15000 },
    });
    const shareS = {
      actor: adminS,
      schemeId: s1.scheme_id,
      jewelTypeId: s1.jewelTypeId!,
      designId: s1.designId,
    };
    const soonDate = addDays(addMonthsClamped(c.asOf, -12), 5);
    const soon = await pledgeFor(t, south.id, {
      ...shareS,
      rateDate: soonDate,
      body: { pledge_date: soonDate },
    });
    const lateDate = addDays(addMonthsClamped(c.asOf, -12), -10);
    const late = await pledgeFor(t, north.id, {
      ...shareN,
      rateDate: lateDate,
      body: { pledge_date: lateDate },
    });

    const one = async (actor: typeof adminN, companyId: number) => {
      const res = await dashboard(actor.headers(companyId), `as_of=${c.asOf}`);
      expect(res.statusCode, res.body).toBe(200);
      return dashboardSchema.parse(res.json());
    };
    const dn = await one(adminN, north.id);
    const ds = await one(adminN, south.id);
    const res = await dashboard(adminN.headers(), `as_of=${c.asOf}&scope=all`);
    expect(res.statusCode, res.body).toBe(200);
    const all = dashboardSchema.parse(res.json());

    // The cards: each branch's own figures, then their sum.
    expect(dn.spend_this_month).toBe(50000);
    expect(ds.spend_this_month).toBe(15000);
    expect(all.spend_this_month).toBe(65000);
    expect(all.sales).toEqual({ count: 3, growth_percent: null });
    expect(paise(all.earnings)).toBe(paise(dn.earnings) + paise(ds.earnings));
    expect(paise(all.earnings)).toBeGreaterThan(paise(dn.earnings));
    expect(paise(all.balance)).toBe(paise(dn.balance) + paise(ds.balance));
    // The charts: the same days, each day the two branches' sum.
    expect(all.daily.map((d) => d.date)).toEqual(dn.daily.map((d) => d.date));
    const day10 = all.daily.find((d) => d.date === c.day(10))!;
    expect(day10).toEqual({ date: c.day(10), disbursed: 35000, collected: 0 });
    const day15 = all.daily.find((d) => d.date === c.day(15))!;
    expect(paise(day15.collected)).toBe(
      paise(paidN.amount) + paise(paidN.penalty_amount) - paise(paidN.discount_amount),
    );
    all.daily.forEach((d, i) => {
      expect(paise(d.disbursed)).toBe(paise(dn.daily[i]!.disbursed) + paise(ds.daily[i]!.disbursed));
      expect(paise(d.collected)).toBe(paise(dn.daily[i]!.collected) + paise(ds.daily[i]!.collected));
    });
    expect(all.weekly.map((w) => w.date)).toEqual(dn.weekly.map((w) => w.date));
    all.weekly.forEach((w, i) => {
      expect(paise(w.interest)).toBe(paise(dn.weekly[i]!.interest) + paise(ds.weekly[i]!.interest));
      expect(paise(w.charges)).toBe(paise(dn.weekly[i]!.charges) + paise(ds.weekly[i]!.charges));
    });
    // The due list: North's overdue pledge before South's due-soon one, each with its branch.
    expect(dn.due.map((r) => r.pledge_id)).toEqual([late.pledge_id]);
    expect(dn.due[0]!.company_name).toBeUndefined();
    expect(dn.due[0]!.company_id).toBeUndefined();
    expect(all.due.map((r) => [r.pledge_id, r.company_id, r.company_name, r.status])).toEqual([
      [late.pledge_id, north.id, north.companyName, 'overdue'],
      [soon.pledge_id, south.id, south.companyName, 'due_soon'],
    ]);

    // The branch X-Company-Id names does not narrow scope=all.
    const viaSouth = await dashboard(adminN.headers(south.id), `as_of=${c.asOf}&scope=all`);
    expect(dashboardSchema.parse(viaSouth.json())).toEqual(all);
    // scope=branch is the plain dashboard.
    const branch = await dashboard(adminN.headers(south.id), `as_of=${c.asOf}&scope=branch`);
    expect(dashboardSchema.parse(branch.json())).toEqual(ds);
  });

  it('lists the ten most urgent due pledges over every branch, whichever branch holds them', async () => {
    const c = calendar();
    const a = await freshCompany(t);
    const b = await freshCompany(t);
    // Branch a: 8 overdue pledges 20 days late; branch b: 8 pledges 30 days late (more urgent).
    const made: { id: number; company: string; due: string }[] = [];
    for (const [company, late] of [
      [a, 20],
      [b, 30],
    ] as const) {
      const date = addDays(addMonthsClamped(c.asOf, -12), -late);
      const admin = await adminFor(t, company.id);
      const first = await pledgeFor(t, company.id, {
        actor: admin,
        rateDate: date,
        body: { pledge_date: date },
      });
      made.push({ id: first.pledge_id, company: company.companyName, due: first.due_date });
      for (let i = 1; i < 8; i++) {
        const p = await pledgeFor(t, company.id, {
          actor: admin,
          schemeId: first.scheme_id,
          jewelTypeId: first.jewelTypeId!,
          designId: first.designId,
          skipRate: true,
          body: { pledge_date: date },
        });
        made.push({ id: p.pledge_id, company: company.companyName, due: p.due_date });
      }
    }
    const admin = await adminFor(t, a.id);
    const res = await dashboard(admin.headers(), `as_of=${c.asOf}&scope=all`);
    expect(res.statusCode, res.body).toBe(200);
    const due: Dashboard['due'] = dashboardSchema.parse(res.json()).due;
    expect(due).toHaveLength(10);
    // Other tests' branches may hold pledges more urgent still: ours appear in order among them.
    const ours = due.filter((r) => made.some((m) => m.id === r.pledge_id));
    const expected = [...made].sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : x.id - y.id));
    expect(ours.map((r) => r.pledge_id)).toEqual(expected.slice(0, ours.length).map((m) => m.id));
    for (const r of ours) expect(r.company_name).toBe(made.find((m) => m.id === r.pledge_id)!.company);
    for (let i = 1; i < due.length; i++) expect(due[i - 1]!.due_date <= due[i]!.due_date).toBe(true);
  });

  it('refuses scope=all to a clerk (403) and a bad scope (422), and answers 401 without a session', async () => {
    const company = await freshCompany(t);
    const clerk = await userFor(t, company.id);
    const refused = await dashboard(clerk.headers(), 'scope=all');
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().detail).toBe('Only an admin may see every branch together.');
    // The clerk's own branch still answers.
    expect((await dashboard(clerk.headers(), 'scope=branch')).statusCode).toBe(200);
    const admin = await adminFor(t, company.id);
    for (const bad of ['every', 'ALL', 'x'.repeat(500)]) {
      const res = await dashboard(admin.headers(), `scope=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().detail[0].loc).toMatchObject(['query', 'scope']);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/dashboard?scope=all' });
    expect(anonymous.statusCode).toBe(401);
  });
});
