import { addDays, businessToday } from '@pledge-desk/domain';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows.ts';
import {
  banks,
  companies,
  counters,
  customers,
  goldSilverRates,
  jewelDesigns,
  jewelRates,
  jewelTypes,
  pledgeItems,
  pledgeRenewals,
  pledges,
  schemes,
  users,
} from '../db/schema/index.ts';
import { ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp, testDbKind } from '../test/test-app.ts';
import { DEMO_CLERK_PASSWORD, DEMO_CUSTOMERS } from './demo.ts';
import { DEMO_COUNTER_DAY_PLEDGES, DEMO_DRAWER_SHORT_PAISE } from './demo-counter-days.ts';
import { DEMO_DESIGNS, DEMO_JEWEL_TYPES, DEMO_RATE_DAYS } from './demo-masters.ts';
import { DEMO_BACKDATED_RATE_MONTHS, DEMO_PLEDGES } from './demo-pledges.ts';
import { sampleCustomer, seededRandom } from './sample-people.ts';

let t: TestApp;
let branches: { id: number; companyName: string }[];

beforeAll(async () => {
  // A fresh database with demo on: buildApp seeds it once, as `npm run demo` does.
  t = await createTestApp({ demo: true });
  branches = await t.database.db
    .select({ id: companies.id, companyName: companies.companyName })
    .from(companies)
    .orderBy(asc(companies.id));
  // The seed takes every pledge and payment through the services: 60-100 s on a loaded two-core
  // machine (docs/performance.md), over the default hook timeout.
}, 240_000);
afterAll(async () => t.close());

const countIn = async (
  table: typeof schemes | typeof banks | typeof jewelTypes | typeof jewelDesigns,
  companyId: number,
) => {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(eq(table.companyId, companyId));
  return Number(row?.n);
};

/** Undoes one customer made through the API: the row, and the number it took from the counter. */
async function takeBackCustomer(id: number): Promise<void> {
  await t.database.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(customers)
      .where(eq(customers.id, id))
      .returning({ companyId: customers.companyId });
    await tx
      .update(counters)
      .set({ value: sql`${counters.value} - 1` })
      .where(and(eq(counters.companyId, gone!.companyId), eq(counters.name, 'customer')));
  });
}

// Every test reads the one seeded database; the only one that writes takes its write back.
describe('seedDemo on a fresh database', () => {
  it('makes two branches and their staff', async () => {
    expect(branches.map((b) => b.companyName)).toEqual([
      'Sri Lakshmi Jewel Loans - Chennai',
      'Sri Lakshmi Jewel Loans - Madurai',
    ]);
    const names = await t.database.db.select({ username: users.username }).from(users).orderBy(asc(users.id));
    expect(names.map((u) => u.username)).toEqual(['admin', 'clerk', 'clerk.madurai']);
  });

  it('gives each branch its masters', async () => {
    for (const b of branches) {
      expect(await countIn(jewelTypes, b.id)).toBe(3);
      expect(await countIn(jewelDesigns, b.id)).toBe(DEMO_DESIGNS.length);
      expect(await countIn(schemes, b.id)).toBe(3);
      expect(await countIn(banks, b.id)).toBe(2);
      const [rates] = await t.database.db
        .select({ n: count() })
        .from(jewelRates)
        .where(eq(jewelRates.companyId, b.id));
      // Weekly for four weeks, and monthly before them for the back-dated pledges.
      expect(Number(rates?.n)).toBe(15 + DEMO_JEWEL_TYPES.length * DEMO_BACKDATED_RATE_MONTHS);
    }
  });

  it('has 30 days of gold and silver rates up to the business day, in the usual ranges', async () => {
    for (const b of branches) {
      const rows = await t.database.db
        .select()
        .from(goldSilverRates)
        .where(eq(goldSilverRates.companyId, b.id))
        .orderBy(asc(goldSilverRates.date));
      expect(rows).toHaveLength(DEMO_RATE_DAYS);
      expect(rows.at(-1)?.date).toBe(businessToday());
      for (const r of rows) {
        expect(Number(r.goldRatePerGram)).toBeGreaterThanOrEqual(7300);
        expect(Number(r.goldRatePerGram)).toBeLessThanOrEqual(7600);
        expect(Number(r.silverRatePerGram)).toBeGreaterThanOrEqual(92);
        expect(Number(r.silverRatePerGram)).toBeLessThanOrEqual(98);
      }
    }
  });

  it('registers customers with consecutive codes from the customers counter', async () => {
    const expected = [DEMO_CUSTOMERS.chennai, DEMO_CUSTOMERS.madurai];
    for (const [i, b] of branches.entries()) {
      const rows = await t.database.db
        .select({ accCode: customers.accCode })
        .from(customers)
        .where(eq(customers.companyId, b.id))
        .orderBy(asc(customers.createdAt));
      expect(rows).toHaveLength(expected[i]!);
      expect(rows.map((r) => r.accCode)).toEqual(
        Array.from({ length: expected[i]! }, (_, n) => `C${String(n + 1).padStart(6, '0')}`),
      );
      const [counter] = await t.database.db
        .select({ value: counters.value })
        .from(counters)
        .where(and(eq(counters.companyId, b.id), eq(counters.name, 'customer')));
      expect(counter?.value).toBe(expected[i]);
    }
    const [tamil] = await t.database.db
      .select({ n: count() })
      .from(customers)
      .where(sql`${customers.customerName} ~ '[\u0B80-\u0BFF]'`);
    expect(Number(tamil?.n)).toBeGreaterThan(100);
    if (testDbKind === 'pglite') {
      // PGlite has no autovacuum: the seed analyzes after its bulk load, else searches skip the
      // trigram indexes. (PostgreSQL's autovacuum takes them in its own time.)
      const stats = (await t.database.db.execute(
        sql`select reltuples from pg_class where relname = 'customers'`,
      )) as unknown as { rows: { reltuples: number }[] };
      expect(Number(stats.rows[0]?.reltuples)).toBe(DEMO_CUSTOMERS.chennai + DEMO_CUSTOMERS.madurai);
    }
  });

  it('gives the customers KYC as a branch that asks for it has it: most complete, some not', async () => {
    const b = branches[0]!;
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const register = await t.app.inject({
      method: 'GET',
      url: '/api/registers/kyc-incomplete?page_size=1',
      headers: { ...bearer(admin), 'x-company-id': String(b.id) },
    });
    expect(register.statusCode, register.body).toBe(200);
    const { total_count, by_gap } = register.json();
    // Incomplete: about one in five of 300 (no document, no photograph, an old ID proof to review).
    expect(total_count).toBeGreaterThan(20);
    expect(total_count).toBeLessThan(150);
    expect(by_gap.id_document).toBeGreaterThan(10);
    expect(by_gap.photo).toBeGreaterThan(by_gap.id_document);
    expect(by_gap.id_proof_review).toBeGreaterThan(0);
    const kept = rowsOf<{ kind: string; n: number | string; longest: number | string }>(
      await t.database.db.execute(sql`select kind, count(*) as n, max(length(kept_number)) as longest
        from customer_id_documents where company_id = ${b.id} group by kind order by kind`),
    );
    const byKind = Object.fromEntries(kept.map((k) => [k.kind, Number(k.n)]));
    expect(byKind.aadhaar).toBeGreaterThan(100);
    expect(byKind.pan).toBeGreaterThan(30);
    expect(Number(kept.find((k) => k.kind === 'aadhaar')?.longest)).toBe(4);
    const [nominees] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(
        sql`select count(*) as n from customers where company_id = ${b.id} and nominee_name is not null`,
      ),
    );
    expect(Number(nominees?.n)).toBeGreaterThan(60);
  });

  it('books each branch its pledges through the create service, and the books check is clean', async () => {
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    // Chennai's counter days add a pledge yesterday, its renewal and a pledge today.
    const expected = [DEMO_PLEDGES.chennai + DEMO_COUNTER_DAY_PLEDGES, DEMO_PLEDGES.madurai];
    for (const [i, b] of branches.entries()) {
      const headers = { ...bearer(admin), 'x-company-id': String(b.id) };
      const [made] = await t.database.db
        .select({ n: count() })
        .from(pledges)
        .where(eq(pledges.companyId, b.id));
      expect(Number(made?.n)).toBe(expected[i]);
      const list = await t.app.inject({ method: 'GET', url: '/api/pledges/?limit=5', headers });
      expect(list.statusCode).toBe(200);
      expect(list.headers['x-total-count']).toBe(String(expected[i]));
      const check = await t.app.inject({ method: 'GET', url: '/api/books/check', headers });
      expect(check.json().ok).toBe(true);
      // Their payments: some through multiple payments, some closing their pledge.
      const payments = await t.app.inject({ method: 'GET', url: '/api/pledge-payments/?limit=1', headers });
      expect(payments.statusCode).toBe(200);
      expect(Number(payments.headers['x-total-count'])).toBeGreaterThan(20);
      const [closed] = await t.database.db
        .select({ n: count() })
        .from(pledges)
        .where(and(eq(pledges.companyId, b.id), isNotNull(pledges.closedDate)));
      expect(Number(closed?.n)).toBeGreaterThan(0);
    }
  });

  it('shows every state of the end of a pledge, and the books check stays clean', async () => {
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    for (const [i, b] of branches.entries()) {
      const get = async (url: string) => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api${url}`,
          headers: { ...bearer(admin), 'x-company-id': String(b.id) },
        });
        expect(res.statusCode, url).toBe(200);
        return res.json();
      };
      expect((await get('/books/check')).ok).toBe(true);
      // Notices sent and delivered, sent and not yet delivered, printed and not sent.
      const notices = (await get('/notices/?limit=200')).rows as { status: string }[];
      expect(new Set(notices.map((n) => n.status))).toEqual(new Set(['unsent', 'sent', 'delivered']));
      // Articles at a bank; closed pledges' articles released, and some awaiting release.
      expect((await get('/bank-repledges?limit=1')).total).toBeGreaterThan(0);
      const closed = await t.database.db
        .select({ releasedOn: pledges.releasedOn })
        .from(pledges)
        .where(and(eq(pledges.companyId, b.id), eq(pledges.closedBy, 'payment')));
      expect(closed.filter((p) => p.releasedOn !== null).length).toBeGreaterThan(10);
      expect(closed.filter((p) => p.releasedOn === null).length).toBeGreaterThan(0);
      if (i === 1) continue;

      // Chennai: a lot sold (two surpluses, two shortfalls) and a lot to come.
      const lots = (await get('/auctions/')).items as { status: string; pledges: number; sold: number }[];
      expect(lots).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ status: 'closed', pledges: 4, sold: 4 }),
          expect.objectContaining({ status: 'open', pledges: 2, sold: 0 }),
        ]),
      );
      expect((await get('/auction-surpluses?status=paid')).items).toHaveLength(1);
      expect((await get('/auction-surpluses?status=owed')).items).toHaveLength(1);
      const settled = (await get('/auction-shortfalls?status=settled')).items;
      expect(settled).toHaveLength(1);
      expect(settled[0].settlements[0].receipt_no).toMatch(/^SR\/\d{4}-\d{2}\/\d{4}$/);
      expect((await get('/auction-shortfalls?status=open')).items).toHaveLength(1);

      // Yesterday closed, its drawer counted by denomination (₹50 short); today's drawer open.
      const today = businessToday();
      const yesterday = await get(`/days/${addDays(today, -1)}`);
      expect(yesterday.day.status).toBe('closed');
      expect(yesterday.drawers).toHaveLength(1);
      const drawer = yesterday.drawers[0];
      expect(drawer.status).toBe('closed');
      expect(drawer.receipts).toBeGreaterThan(0);
      expect(drawer.payouts).toBeGreaterThan(0);
      expect(drawer.counted.denominations['500']).toBeGreaterThan(0);
      expect(Math.round(drawer.difference * 100)).toBe(-DEMO_DRAWER_SHORT_PAISE);
      const current = await get('/cash-drawer/current');
      expect(current.drawer.status).toBe('open');
      expect(current.drawer.by_kind.length).toBeGreaterThanOrEqual(2);
      // A renewal; a pledge weighed to the milligram.
      const [renewals] = await t.database.db
        .select({ n: count() })
        .from(pledgeRenewals)
        .where(eq(pledgeRenewals.companyId, b.id));
      expect(Number(renewals?.n)).toBeGreaterThan(0);
      const weighed = await t.database.db
        .select({ gross: pledgeItems.grossWeight })
        .from(pledgeItems)
        .where(and(eq(pledgeItems.companyId, b.id), eq(pledgeItems.grossWeight, '12.345')));
      expect(weighed).toHaveLength(1);
    }
  });

  it('serves the seeded masters through the API, and the next customer continues the numbering', async () => {
    const token = await login(t.app, 'clerk', DEMO_CLERK_PASSWORD);
    const schemesRes = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: bearer(token) });
    expect(
      schemesRes
        .json()
        .map((s: { prefix: string }) => s.prefix)
        .sort(),
    ).toEqual(['GL', 'GP', 'SL']);
    const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/customers/?limit=5',
      headers: bearer(admin),
    });
    expect(list.headers['x-total-count']).toBe(String(DEMO_CUSTOMERS.chennai));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: bearer(admin),
      payload: { ...sampleCustomer(seededRandom(1)), alt_mobile_number: null },
    });
    try {
      expect(created.json().acc_code).toBe(`C${String(DEMO_CUSTOMERS.chennai + 1).padStart(6, '0')}`);
    } finally {
      // The other tests read the seed as it was: take the customer and its number back.
      if (created.statusCode === 201) await takeBackCustomer(created.json().id);
    }
  });
});

describe('sample people', () => {
  it('are the same for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const first = Array.from({ length: 50 }, () => sampleCustomer(a, 'Chennai'));
    expect(Array.from({ length: 50 }, () => sampleCustomer(b, 'Chennai'))).toEqual(first);
    for (const c of first) expect(c.mobile_number).toMatch(/^[6-9]\d{9}$/);
  });
});
