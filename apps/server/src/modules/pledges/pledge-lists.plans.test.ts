import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbOrTx, PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { customers } from '../../db/schema/index.ts';
import { sampleCustomer, seededRandom } from '../../seed/sample-people.ts';
import { adminFor, freshCompany, jewelTypeFor, schemeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import {
  countPledgesQuery,
  exactPledgesQuery,
  listActivePledgesOfCustomerQuery,
  listPledgesQuery,
  quickCustomersQuery,
  quickPledgesQuery,
} from './pledge-lists.repository.ts';

// Every search of the pledge lists and the Search box goes through an index: with a few
// thousand customers and pledges and the upkeep autovacuum does on PostgreSQL (and open-db does on
// PGlite, PGLITE_PLANNER_UPKEEP), the plan for each kind of search names the index it is meant to
// use and reads neither table whole, on both databases.

const CUSTOMERS = 3_000;
const PLEDGES_EACH = 2;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

interface Branch {
  companyId: number;
  prefix: string;
  /** A customer with pledges, as stored. */
  someone: { id: number; accCode: string; customerName: string; mobileNumber: string };
  tamilName: string;
}

/** One company with CUSTOMERS sample customers (Tamil and English names) and two pledges each. */
async function seedBranch(): Promise<Branch> {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const type = await jewelTypeFor(t, admin);
  const scheme = await schemeFor(t, admin, type.id);
  const rng = seededRandom(company.id);
  const rows = Array.from({ length: CUSTOMERS }, (_, i) => {
    const c = sampleCustomer(rng);
    return {
      companyId: company.id,
      accCode: `C${String(i + 1).padStart(6, '0')}`,
      customerName: c.customer_name,
      guardianName: c.guardian_name,
      mobileNumber: c.mobile_number,
      doorNo: c.door_no,
      street: c.street,
      location: c.location,
      district: c.district,
      pincode: c.pincode,
    };
  });
  const db = t.database.db;
  for (let i = 0; i < rows.length; i += 500) await db.insert(customers).values(rows.slice(i, i + 500));
  await db.execute(sql`
    insert into pledges (company_id, pledge_no, customer_id, scheme_id, pledge_date, due_date, rate_per_gram,
      interest_rate, loan_allowed_percent, duration, total_valuation, eligible_loan, total_loan_amount,
      first_month_interest, document_charges, final_amount, gross_weight, net_weight, item_count)
    select c.company_id, ${scheme.prefix} || row_number() over (order by c.id, g), c.id, ${scheme.id},
      date '2026-04-01', date '2027-04-01', 6850, 1.5, 75, 12, 100000, 75000, 50000, 750, 100, 49150, 20, 18, 1
    from customers c cross join generate_series(1, ${PLEDGES_EACH}) g
    where c.company_id = ${company.id}`);
  // What autovacuum does to a table that grew this much: fresh statistics, and the new trigram
  // entries moved from the GIN pending list into the index (ANALYZE alone leaves them pending, and
  // the planner then prices every trigram search as a scan of the whole list). On PGlite, what
  // open-db runs at start and every 15 minutes.
  if (testDbKind === 'postgres') {
    await db.execute(sql`vacuum analyze customers`);
    await db.execute(sql`vacuum analyze pledges`);
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  const someone = rows[1_234]!;
  const [stored] = (
    (await db.execute(
      sql`select id from customers where company_id = ${company.id} and acc_code = ${someone.accCode}`,
    )) as unknown as { rows: { id: number }[] }
  ).rows;
  const tamil = rows.find((r) => /[\u0B80-\u0BFF]/.test(r.customerName))!;
  return {
    companyId: company.id,
    prefix: scheme.prefix,
    someone: { ...someone, id: Number(stored!.id) },
    tamilName: tamil.customerName,
  };
}

/** The plan PostgreSQL chooses for a query, one line a row. */
async function plan(db: DbOrTx, query: SQL | { getSQL(): SQL }): Promise<string> {
  const res = (await db.execute(sql`explain select * from (${query}) q`)) as unknown as {
    rows: Record<string, string>[];
  };
  return res.rows.map((r) => String(Object.values(r)[0])).join('\n');
}

/** The plan uses `index` and reads neither pledges nor customers whole. */
function expectIndexed(text: string, ...indexes: (string | RegExp)[]) {
  for (const index of indexes) expect(text, text).toMatch(index);
  expect(text, text).not.toMatch(/Seq Scan on (pledges|customers)/);
}

// Seeding tens of thousands of rows takes most of a minute on a loaded 2-core machine.
describe('the plans of the pledge searches', { timeout: 240_000 }, () => {
  it('uses the right index for each kind of search, on the page, the count and the Search box', async () => {
    const b = await seedBranch();
    const db = t.database.db;
    const page = (search?: string) => listPledgesQuery(db, b.companyId, { skip: 0, limit: 10, search });
    const counted = (search?: string) => countPledgesQuery(db, b.companyId, search);

    // No search: the newest first straight from an index on the pledges (the company's, or the
    // primary key backwards while the branch is the only one). Counting them all is not a search:
    // with one branch in the table, reading it whole is the right plan.
    expectIndexed(
      await plan(db, page()),
      /Index Scan Backward using (pledges_company_newest_idx|pledges_pkey)/,
    );

    const englishPart = b.someone.customerName
      .split(' ')
      .find((w) => w.length >= 5 && !/[\u0B80-\u0BFF]/.test(w));
    const cases: [string, string, string[]][] = [
      ['pledge number', `${b.prefix}123`, ['pledges_no_trgm_idx']],
      ['English name part', (englishPart ?? 'kumar').slice(1, 5), ['customers_name_trgm_idx']],
      ['Tamil name part', [...b.tamilName].slice(1, 5).join(''), ['customers_name_trgm_idx']],
      ['mobile part', b.someone.mobileNumber.slice(3, 9), ['customers_mobile_trgm_idx']],
      ['customer code', b.someone.accCode, ['customers_company_acc_code_key']],
    ];
    for (const [, term, indexes] of cases) {
      const list = await plan(db, page(term));
      expectIndexed(list, ...indexes);
      expectIndexed(await plan(db, counted(term)), ...indexes);
      if (indexes[0] === 'pledges_no_trgm_idx') {
        expectIndexed(await plan(db, quickPledgesQuery(db, b.companyId, term)), ...indexes);
      } else {
        expectIndexed(await plan(db, quickCustomersQuery(db, b.companyId, term)), ...indexes);
        // The pledges of the matching customers come through the customer index.
        expect(list).toContain('pledges_customer_idx');
      }
    }
  });

  it('finds the exact matches that head a search page through the unique and customer indexes', async () => {
    const b = await seedBranch();
    const db = t.database.db;
    const exact = (term: string) => exactPledgesQuery(db, b.companyId, term);
    expectIndexed(await plan(db, exact(`${b.prefix}123`)), 'pledges_company_no_key');
    expectIndexed(
      await plan(db, exact(b.someone.accCode)),
      'pledges_company_no_key',
      'customers_company_acc_code_key',
      'pledges_customer_idx',
    );
    expectIndexed(
      await plan(db, exact(b.someone.mobileNumber)),
      'pledges_company_no_key',
      'customers_mobile_trgm_idx',
      'pledges_customer_idx',
    );
    // The rest of the page leaves the exact ones out and still reads through the trigram index.
    const rest = listPledgesQuery(
      db,
      b.companyId,
      { skip: 0, limit: 10, search: `${b.prefix}12` },
      'union',
      [1, 2],
    );
    expectIndexed(await plan(db, rest), 'pledges_no_trgm_idx');
  });

  it("reads a customer's active pledges through the customer index", async () => {
    const b = await seedBranch();
    const db = t.database.db;
    const query = listActivePledgesOfCustomerQuery(db, b.companyId, b.someone.id, { skip: 0, limit: 100 });
    expectIndexed(await plan(db, query), 'pledges_customer_idx');
  });
});
