import {
  type PledgeSummary,
  pledgeCountSchema,
  pledgeListSchema,
  quickSearchSchema,
} from '@pledge-desk/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '../../db/schema/index.ts';
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
import {
  countPledgesCapped,
  type ListShape,
  listPledgesQuery,
  listShapeFor,
} from './pledge-lists.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLEDGE_DATE = '2026-04-10';

const TAMIL_NAME = 'முருகன் செல்வராஜ்';

/**
 * A branch with an admin, one scheme (its prefix numbers the pledges), and three customers: Lakshmi
 * Narayanan, Murugan Selvaraj in Tamil script, and Ravi Kumar. `pledge(customer)` makes a real pledge.
 */
async function branch(prefix = 'QZ') {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const jewelType = await jewelTypeFor(t, admin);
  // A prefix no search term below holds (pledge numbers QZ1, QZ2, …).
  const scheme = await schemeFor(t, admin, jewelType.id, { prefix });
  await jewelRateFor(t, admin, jewelType.id, '2026-04-01', { rate_per_gram: 6000 });
  const design = await designFor(t, admin);
  const lakshmi = await customerFor(t, admin, {
    customer_name: 'Lakshmi Narayanan',
    mobile_number: '9840011223',
  });
  const murugan = await customerFor(t, admin, { customer_name: TAMIL_NAME, mobile_number: '9443355667' });
  const ravi = await customerFor(t, admin, { customer_name: 'Ravi Kumar', mobile_number: '7010088990' });
  const pledge = (customer: { id: number }) =>
    pledgeFor(t, company.id, {
      actor: admin,
      customerId: customer.id,
      schemeId: scheme.id,
      designId: design.id,
      skipRate: true,
      body: { pledge_date: PLEDGE_DATE },
    });
  return { company, admin, scheme, lakshmi, murugan, ravi, pledge };
}

async function list(actor: Actor, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${query}`, headers: actor.headers() });
  expect(res.statusCode, res.body).toBe(200);
  return { rows: pledgeListSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
}

async function countOf(actor: Actor, search: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/pledges/count?search=${encodeURIComponent(search)}`,
    headers: actor.headers(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return pledgeCountSchema.parse(res.json()).count;
}

/** The list's pledge numbers for a search, after checking the count and X-Total-Count agree with it. */
async function searched(actor: Actor, search: string): Promise<string[]> {
  const { rows, total } = await list(actor, `?search=${encodeURIComponent(search)}`);
  expect(total).toBe(rows.length);
  expect(await countOf(actor, search)).toBe(rows.length);
  return rows.map((r) => r.pledge_no);
}

describe('GET /api/pledges/', () => {
  it('pages the pledges newest first, with the total in X-Total-Count', async () => {
    const b = await branch();
    const made = [];
    for (const c of [b.lakshmi, b.murugan, b.ravi, b.lakshmi]) made.push(await b.pledge(c));
    const newestFirst = made.map((p) => p.pledge_no).reverse();

    const all = await list(b.admin);
    expect(all.rows.map((r) => r.pledge_no)).toEqual(newestFirst);
    expect(all.total).toBe(4);
    const first = all.rows[0] as PledgeSummary;
    expect(first).toMatchObject({
      pledge_id: made[3]!.pledge_id,
      customer_name: 'Lakshmi Narayanan',
      customer_acc_code: b.lakshmi.acc_code,
      customer_mobile: '9840011223',
      scheme_name: b.scheme.scheme_name,
      status: 'active',
      closed_date: null,
      ticket_prints: 0,
    });
    expect(first).toEqual(pledgeListSchema.element.parse(made[3]));

    const page2 = await list(b.admin, '?skip=1&limit=2');
    expect(page2.rows.map((r) => r.pledge_no)).toEqual(newestFirst.slice(1, 3));
    expect(page2.total).toBe(4);
    const past = await list(b.admin, '?skip=4&limit=2');
    expect(past.rows).toEqual([]);
    expect(past.total).toBe(4);
  });

  it("never shows another company's pledges", async () => {
    const b = await branch();
    const other = await branch('QY');
    await b.pledge(b.lakshmi);
    const theirs = await other.pledge(other.lakshmi);
    const mine = await list(b.admin);
    expect(mine.total).toBe(1);
    expect(mine.rows.map((r) => r.pledge_id)).not.toContain(theirs.pledge_id);
    expect(await searched(b.admin, theirs.pledge_no)).toEqual([]);
    expect(await searched(b.admin, 'Lakshmi')).toHaveLength(1);
  });

  it('refuses a page over 1000 and a search over 100 characters with a 422', async () => {
    const b = await branch();
    for (const query of ['?limit=1001', '?limit=0', '?skip=-1', `?search=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/pledges/${query}`,
        headers: b.admin.headers(),
      });
      expect(res.statusCode, query).toBe(422);
    }
    expect((await list(b.admin, '?limit=1000')).rows).toEqual([]);
  });
});

describe('GET /api/pledges/?search and GET /api/pledges/count', () => {
  it('finds pledges by their number, exactly or by a part', async () => {
    const b = await branch();
    const made = [];
    for (let i = 0; i < 11; i++) made.push((await b.pledge(b.ravi)).pledge_no);
    const [one, , , , , , , , , , eleven] = made as [string, ...string[]];
    expect(one).toBe(`${b.scheme.prefix}1`);
    expect(await searched(b.admin, eleven!)).toEqual([eleven]);
    // A part: every number holding '1' after the prefix, the exact number first, then newest first;
    // typed in any case.
    expect(await searched(b.admin, `${b.scheme.prefix.toLowerCase()}1`)).toEqual([
      `${b.scheme.prefix}1`,
      `${b.scheme.prefix}11`,
      `${b.scheme.prefix}10`,
    ]);
  });

  it('puts the exact pledge number on the first page, ahead of the newer numbers holding it', async () => {
    const b = await branch('GLB');
    for (let i = 0; i < 20; i++) await b.pledge(b.ravi);
    const page = async (skip: number) =>
      (await list(b.admin, `?search=GLB1&skip=${skip}&limit=10`)).rows.map((r) => r.pledge_no);
    const first = await page(0);
    expect(first).toEqual([
      'GLB1',
      'GLB19',
      'GLB18',
      'GLB17',
      'GLB16',
      'GLB15',
      'GLB14',
      'GLB13',
      'GLB12',
      'GLB11',
    ]);
    // The next page goes on where the first stopped: nothing twice, nothing left out.
    expect(await page(10)).toEqual(['GLB10']);
    expect((await list(b.admin, '?search=GLB1&limit=10')).total).toBe(11);
  });

  it('puts the exact number first, then the pledges of the customer of that exact code, then the rest', async () => {
    const b = await branch('C');
    // C1 and C2 are Ravi's, C3 Murugan's (customer C000002), C4 to C12 Ravi's again.
    await b.pledge(b.ravi);
    await b.pledge(b.ravi);
    const murugans = (await b.pledge(b.murugan)).pledge_no;
    for (let i = 0; i < 9; i++) await b.pledge(b.ravi);
    expect(b.murugan.acc_code).toBe('C000002');
    expect(murugans).toBe('C3');
    // 'c2' is pledge C2 and customer C000002 (a term under 3 characters matches the start of a number).
    expect(await searched(b.admin, 'c2')).toEqual(['C2', 'C3']);
    expect(await searched(b.admin, 'C000002')).toEqual(['C3']);
    // An exact mobile number names its customer's pledges.
    expect(await searched(b.admin, '9443355667')).toEqual(['C3']);
  });

  it("finds pledges by a part of the customer's name, in English or in Tamil", async () => {
    const b = await branch();
    const lakshmis = [(await b.pledge(b.lakshmi)).pledge_no, (await b.pledge(b.lakshmi)).pledge_no];
    const murugans = [(await b.pledge(b.murugan)).pledge_no];
    await b.pledge(b.ravi);
    expect(await searched(b.admin, 'rayan')).toEqual([...lakshmis].reverse());
    expect(await searched(b.admin, 'LAKSHMI narayanan')).toEqual([...lakshmis].reverse());
    expect(await searched(b.admin, 'செல்வ')).toEqual(murugans);
    expect(await searched(b.admin, 'முருக')).toEqual(murugans);
    expect(await searched(b.admin, 'nobody')).toEqual([]);
  });

  it("finds pledges by a part of the customer's mobile number or by the customer code", async () => {
    const b = await branch();
    const ravis = (await b.pledge(b.ravi)).pledge_no;
    const murugans = (await b.pledge(b.murugan)).pledge_no;
    expect(await searched(b.admin, '0088')).toEqual([ravis]);
    expect(await searched(b.admin, '94433')).toEqual([murugans]);
    expect(await searched(b.admin, b.murugan.acc_code)).toEqual([murugans]);
    // The code typed short or in lower case names the same customer (C000002).
    const short = `c${Number(b.murugan.acc_code.slice(1))}`;
    expect(await searched(b.admin, short)).toEqual([murugans]);
  });

  it('matches a term under 3 characters at the start of a word or number only', async () => {
    const b = await branch();
    const lakshmis = (await b.pledge(b.lakshmi)).pledge_no;
    const ravis = (await b.pledge(b.ravi)).pledge_no;
    expect(await searched(b.admin, 'ku')).toEqual([ravis]); // Ravi Kumar
    expect(await searched(b.admin, 'la')).toEqual([lakshmis]); // not 'Narayanan'
    expect(await searched(b.admin, 'ak')).toEqual([]);
    expect(await searched(b.admin, '70')).toEqual([ravis]); // the mobile starts with 70
  });

  it('counts every pledge of the company without a search, and treats % and _ as plain text', async () => {
    const b = await branch();
    await b.pledge(b.lakshmi);
    await b.pledge(b.ravi);
    expect(await countOf(b.admin, '')).toBe(2);
    expect(await searched(b.admin, '%')).toEqual([]);
    expect(await searched(b.admin, 'a_i')).toEqual([]);
  });

  it('counts the pledges of every scheme prefix from the pledge counters, and a refused create counts none', async () => {
    const b = await branch();
    await b.pledge(b.lakshmi);
    // A second scheme of its own prefix (pledgeFor makes the scheme, rate and design).
    await pledgeFor(t, b.company.id, { actor: b.admin, customerId: b.ravi.id });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/with-items',
      headers: b.admin.headers(),
      payload: {
        customer_id: b.murugan.id,
        scheme_id: b.scheme.id,
        pledge_date: PLEDGE_DATE,
        total_loan_amount: 9_999_999,
        items: [{ jewell_design_id: 2_000_000_000, gross_weight: 1, net_weight: 1 }],
      },
    });
    expect(refused.statusCode).toBe(422);
    expect(await countOf(b.admin, '')).toBe(2);
    expect((await list(b.admin)).total).toBe(2);
    const other = await branch();
    expect(await countOf(other.admin, '')).toBe(0);
  });
});

describe('GET /api/customers/{id}/pledges/active', () => {
  it("lists the customer's open pledges newest first, without closed or inactive ones or others'", async () => {
    const b = await branch();
    const first = await b.pledge(b.lakshmi);
    const closed = await b.pledge(b.lakshmi);
    const inactive = await b.pledge(b.lakshmi);
    const last = await b.pledge(b.lakshmi);
    await b.pledge(b.ravi);
    const db = t.database.db;
    // What a full close (paid in full) and a deactivation leave on the row.
    await db
      .update(pledges)
      .set({ closedDate: PLEDGE_DATE, closedBy: 'payment' })
      .where(and(eq(pledges.companyId, b.company.id), eq(pledges.id, closed.pledge_id)));
    await db
      .update(pledges)
      .set({ status: 'inactive' })
      .where(and(eq(pledges.companyId, b.company.id), eq(pledges.id, inactive.pledge_id)));

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${b.lakshmi.id}/pledges/active`,
      headers: b.admin.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(pledgeListSchema.parse(res.json()).map((p) => p.pledge_id)).toEqual([
      last.pledge_id,
      first.pledge_id,
    ]);
    expect(res.headers['x-total-count']).toBe('2');

    const page = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${b.lakshmi.id}/pledges/active?skip=1&limit=1`,
      headers: b.admin.headers(),
    });
    expect(pledgeListSchema.parse(page.json()).map((p) => p.pledge_id)).toEqual([first.pledge_id]);
  });

  it('answers an empty list for a customer with no pledges', async () => {
    const b = await branch();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${b.murugan.id}/pledges/active`,
      headers: b.admin.headers(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("answers 404 for another company's customer and for one that does not exist", async () => {
    const b = await branch();
    const other = await branch();
    await other.pledge(other.lakshmi);
    for (const id of [other.lakshmi.id, 2_147_483_647]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/customers/${id}/pledges/active`,
        headers: b.admin.headers(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: 'Customer not found.' });
    }
  });
});

describe('GET /api/search', () => {
  async function quick(actor: Actor, q: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(q)}`,
      headers: actor.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return quickSearchSchema.parse(res.json());
  }

  it('puts the exact pledge number first, then numbers that start with it, then the rest', async () => {
    const b = await branch();
    for (let i = 0; i < 12; i++) await b.pledge(b.ravi);
    const p = b.scheme.prefix;
    const found = await quick(b.admin, `${p}1`);
    // Up to 8: the exact number, then the newest of those starting with it.
    expect(found.pledges.map((x) => x.pledge_no)).toEqual([`${p}1`, `${p}12`, `${p}11`, `${p}10`]);
    expect(found.pledges[0]).toMatchObject({
      customer_name: 'Ravi Kumar',
      status: 'active',
      closed_date: null,
    });
    expect(found.customers).toEqual([]);
    const many = await quick(b.admin, p);
    expect(many.pledges).toHaveLength(8);
    expect(many.pledges[0]?.pledge_no).toBe(`${p}12`);
  });

  it('finds customers by part of the name (English or Tamil), part of the mobile, or the code', async () => {
    const b = await branch();
    const view = (c: { id: number; acc_code: string; customer_name: string }, mobile: string) => ({
      id: c.id,
      acc_code: c.acc_code,
      customer_name: c.customer_name,
      mobile_number: mobile,
    });
    expect((await quick(b.admin, 'narayan')).customers).toEqual([view(b.lakshmi, '9840011223')]);
    expect((await quick(b.admin, 'ராஜ்')).customers).toEqual([view(b.murugan, '9443355667')]);
    expect((await quick(b.admin, '0088')).customers).toEqual([view(b.ravi, '7010088990')]);
    expect((await quick(b.admin, b.ravi.acc_code.toLowerCase())).customers).toEqual([
      view(b.ravi, '7010088990'),
    ]);
    // Names that start with the term come before names that only contain it.
    const arun = await customerFor(t, b.admin, {
      customer_name: 'Arun Prakash',
      mobile_number: '9000000001',
    });
    const karun = await customerFor(t, b.admin, {
      customer_name: 'Karunakaran',
      mobile_number: '9000000002',
    });
    expect((await quick(b.admin, 'arun')).customers.map((c) => c.id)).toEqual([arun.id, karun.id]);
  });

  it('answers at most 8 customers, and nothing of another company', async () => {
    const b = await branch();
    const other = await branch();
    for (let i = 0; i < 9; i++) {
      await customerFor(t, b.admin, { customer_name: `Selvi ${i}`, mobile_number: `98000000${10 + i}` });
    }
    await customerFor(t, other.admin, { customer_name: 'Selvi Other', mobile_number: '9800000099' });
    const found = await quick(b.admin, 'selvi');
    expect(found.customers).toHaveLength(8);
    expect(found.customers.map((c) => c.customer_name)).not.toContain('Selvi Other');
    expect((await quick(other.admin, 'selvi')).customers.map((c) => c.customer_name)).toEqual([
      'Selvi Other',
    ]);
  });

  it('refuses an empty term and one over 100 characters with a 422', async () => {
    const b = await branch();
    for (const q of ['', '%20%20', 'x'.repeat(101)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search?q=${q}`,
        headers: b.admin.headers(),
      });
      expect(res.statusCode, q).toBe(422);
    }
    const none = await t.app.inject({ method: 'GET', url: '/api/search', headers: b.admin.headers() });
    expect(none.statusCode).toBe(422);
  });
});

describe('who may read the pledge lists', () => {
  it('refuses a plain user with 403 while staff may not handle pledges', async () => {
    const b = await branch();
    const clerk = await userFor(t, b.company.id);
    for (const url of [
      '/api/pledges/',
      '/api/pledges/count',
      `/api/customers/${b.lakshmi.id}/pledges/active`,
      '/api/search?q=lak',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: clerk.headers() });
      expect(res.statusCode, url).toBe(403);
    }
  });
});

describe('with STAFF_CAN_HANDLE_PLEDGES', () => {
  let staffApp: TestApp;
  beforeAll(async () => {
    staffApp = await createTestApp({ staffCanHandlePledges: true });
  });
  afterAll(async () => staffApp.close());

  it('lets a plain user read the lists and search', async () => {
    const company = await freshCompany(staffApp);
    const clerk = await userFor(staffApp, company.id);
    const made = await pledgeFor(staffApp, company.id, { body: { pledge_date: PLEDGE_DATE } });
    const res = await staffApp.app.inject({ method: 'GET', url: '/api/pledges/', headers: clerk.headers() });
    expect(res.statusCode, res.body).toBe(200);
    expect(pledgeListSchema.parse(res.json()).map((p) => p.pledge_id)).toEqual([made.pledge_id]);
    const found = await staffApp.app.inject({
      method: 'GET',
      url: `/api/search?q=${made.pledge_no}`,
      headers: clerk.headers(),
    });
    expect(quickSearchSchema.parse(found.json()).pledges.map((p) => p.pledge_id)).toEqual([made.pledge_id]);
  });
});

describe('the two ways a search page is read, and the capped count', () => {
  it('reads the same pages newest first as through the union, for every kind of search', async () => {
    const b = await branch();
    for (const c of [b.lakshmi, b.murugan, b.ravi, b.lakshmi, b.ravi, b.lakshmi]) await b.pledge(c);
    const db = t.database.db;
    const numbers = async (search: string, shape: ListShape, skip = 0) =>
      (await listPledgesQuery(db, b.company.id, { skip, limit: 2, search }, shape)).map(
        (r) => r.pledge.pledgeNo,
      );
    for (const search of ['rayan', 'செல்வ', '0088', b.ravi.acc_code, `${b.scheme.prefix}1`, 'la', 'nobody']) {
      for (const skip of [0, 2]) {
        expect(await numbers(search, 'newest-first', skip), `${search} from ${skip}`).toEqual(
          await numbers(search, 'union', skip),
        );
      }
    }
    // Few customers named: the union; the threshold is a number of customers, not of pledges.
    expect(await listShapeFor(db, b.company.id, 'rayan')).toBe('union');
  });

  it('counts a search exactly up to the cap, once per pledge, and says when it passed the cap', async () => {
    const b = await branch('QA');
    await b.pledge(b.lakshmi);
    await b.pledge(b.lakshmi);
    await b.pledge(b.murugan);
    const db = t.database.db;
    expect(await countPledgesCapped(db, b.company.id, 'lakshmi', 2)).toEqual({ total: 2, capped: false });
    expect(await countPledgesCapped(db, b.company.id, 'lakshmi', 1)).toEqual({ total: 2, capped: true });
    // 'qa' names every pledge by its number (QA1…QA3) and Lakshmi's two by nothing else: three, not five.
    expect(await countPledgesCapped(db, b.company.id, 'qa', 3)).toEqual({ total: 3, capped: false });
    expect(await countPledgesCapped(db, b.company.id, 'qa', 2)).toEqual({ total: 3, capped: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/pledges/?search=qa',
      headers: b.admin.headers(),
    });
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers['x-total-count-capped']).toBeUndefined();
  });
});
