import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessToday } from '@pledge-desk/domain';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { trialBalance } from '../modules/reports/reports.service.ts';
import { PNG_1PX } from '../test/images.ts';
import { ADMIN_PASSWORD, bearer, freshDatabase, login, testConfig } from '../test/test-app.ts';
import { moveEmbeddedToPostgres, TargetNotEmptyError } from './copy-to-postgres.ts';
import { type Db, openDb } from './open-db.ts';
import { rowsOf } from './rows.ts';
import { companies, files } from './schema/index.ts';

// The move of a branch from the embedded database to PostgreSQL (`npm run db:copy-to-postgres`):
// the demo branch data on PGlite, copied into a fresh PostgreSQL database, must arrive row for row,
// keep its books, and go on numbering where it stopped.

let dataDir: string;
const targets: Awaited<ReturnType<typeof freshDatabase>>[] = [];

/** A fresh PostgreSQL database with the embedded one moved into it, and what the move reported. */
async function movedCopy() {
  const target = await freshDatabase();
  targets.push(target);
  if (target.database.kind !== 'postgres') throw new Error('needs TEST_DATABASE_URL');
  const url = target.database.url;
  const heard: string[] = [];
  const result = await moveEmbeddedToPostgres(dataDir, url, ({ table }) => heard.push(table));
  return { url, heard, result };
}

// The tests that only read the copy share one; the test that writes into its copy makes its own.
let sharedCopy: ReturnType<typeof movedCopy> | undefined;
const readOnlyCopy = () => {
  sharedCopy ??= movedCopy();
  return sharedCopy;
};

/** Each table's rows as text, hashed: equal on both sides means every value arrived as it was. */
async function fingerprints(db: Db): Promise<Record<string, { rows: number; md5: string }>> {
  await db.execute(sql`set timezone = 'UTC'`);
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables
           where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const { table_name } of tables) {
    const [r] = rowsOf<{ rows: number; md5: string }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as rows, md5(coalesce(string_agg(x::text, E'\\n' order by x::text), '')) as md5
           from "${table_name}" x`,
        ),
      ),
    );
    if (r) out[table_name] = r;
  }
  return out;
}

let before: Awaited<ReturnType<typeof fingerprints>>;
let branches: number[];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-move-'));
  // The source: an embedded database as `npm run demo` leaves it, with a logo in the files table.
  const source = await openDb({ kind: 'pglite', dataDir });
  const app = await buildApp(testConfig({ kind: 'pglite', dataDir }, { demo: true }), {
    logger: false,
    database: source,
  });
  await app.ready();
  const rows = await source.db.select({ id: companies.id }).from(companies).orderBy(asc(companies.id));
  branches = rows.map((r) => r.id);
  await source.db.insert(files).values({
    companyId: branches[0] as number,
    kind: 'logo',
    mime: 'image/png',
    sizeBytes: PNG_1PX.length,
    sha256: createHash('sha256').update(PNG_1PX).digest('hex'),
    data: PNG_1PX,
  });
  before = await fingerprints(source.db);
  await app.close();
  await source.close();
  // The demo's seeding takes 20 s on a quiet machine and passed 120 s in a loaded CI run.
}, 400_000);

afterAll(async () => {
  for (const target of targets) await target.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('moving the embedded database to PostgreSQL', () => {
  it('copies every row of every table exactly, and the books of the copy are in order', async () => {
    const { url: targetUrl, heard, result } = await readOnlyCopy();
    expect(result.booksInOrder, result.booksReport).toBe(true);
    // Parents before children.
    expect(heard.indexOf('companies')).toBeLessThan(heard.indexOf('users'));
    expect(heard.indexOf('vouchers')).toBeLessThan(heard.indexOf('voucher_lines'));
    expect(heard.indexOf('chart_accounts')).toBeLessThan(heard.indexOf('voucher_lines'));

    const copy = await openDb({ kind: 'postgres', url: targetUrl });
    try {
      const after = await fingerprints(copy.db);
      expect(after).toEqual(before);
      expect(before.legacy_customers?.rows).toBeGreaterThan(1000);
      expect(before.voucher_lines?.rows).toBeGreaterThan(50);
      // The logo, and the demo's counter photographs and old ID proofs (issue 33).
      expect(before.files?.rows).toBeGreaterThan(300);
      expect(before.customer_id_documents?.rows).toBeGreaterThan(300);
      for (const r of result.tables) expect(r.rows).toBe(before[r.table]?.rows);

      // The reports agree: the trial balance of each branch, as the server computes it.
      const source = await openDb({ kind: 'pglite', dataDir });
      try {
        for (const id of branches) {
          expect(await trialBalance(copy.db, id, businessToday())).toEqual(
            await trialBalance(source.db, id, businessToday()),
          );
        }
      } finally {
        await source.close();
      }
    } finally {
      await copy.close();
    }
  }, 120_000);

  it('goes on numbering on PostgreSQL where the embedded database stopped', async () => {
    const { url: targetUrl } = await movedCopy();
    const database = await openDb({ kind: 'postgres', url: targetUrl });
    const app = await buildApp(testConfig({ kind: 'postgres', url: targetUrl }), { logger: false, database });
    try {
      await app.ready();
      // The admin signs in with the same password: users and their hashes came across.
      const admin = await login(app, 'admin', ADMIN_PASSWORD);
      const headers = { ...bearer(admin), 'x-company-id': String(branches[0]) };

      const customers = await app.inject({ method: 'GET', url: '/api/customers/?limit=1', headers });
      const countBefore = Number(customers.headers['x-total-count']);
      const made = await app.inject({
        method: 'POST',
        url: '/api/customers/',
        headers,
        payload: {
          customer_name: 'முருகன் ராமசாமி',
          guardian_name: 'ராமசாமி',
          mobile_number: '9840011122',
          door_no: '12',
          street: 'West Masi Street',
          location: 'Simmakkal',
          district: 'Madurai',
          pincode: '625001',
          status: true,
        },
      });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json().acc_code).toBe(`C${String(countBefore + 1).padStart(6, '0')}`);

      const accounts = (await app.inject({ method: 'GET', url: '/api/accounts', headers })).json() as {
        account_id: number;
        account_code: string;
      }[];
      const cash = accounts.find((a) => a.account_code === '1000')?.account_id;
      const capital = accounts.find((a) => a.account_code === '3000')?.account_id;
      const vouchers = await app.inject({
        method: 'GET',
        url: '/api/daybook-entries?voucher_type=Receipt&limit=1',
        headers,
      });
      const last = vouchers.json()[0].voucher_number as string;
      const posted = await app.inject({
        method: 'POST',
        url: '/api/daybook-entries',
        headers,
        payload: {
          entry_date: businessToday(),
          voucher_type: 'Receipt',
          narration: 'Capital brought in after the move',
          details: [
            { account_id: cash, debit_amount: 1000, credit_amount: 0 },
            { account_id: capital, debit_amount: 0, credit_amount: 1000 },
          ],
        },
      });
      expect(posted.statusCode, posted.body).toBe(201);
      const next = Number(last.split('/').at(-1)) + 1;
      expect(posted.json().voucher_number).toBe(last.replace(/\d+$/, String(next).padStart(4, '0')));
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);

  it('refuses a database that already holds data, and leaves it as it was', async () => {
    const { url: targetUrl } = await readOnlyCopy();
    const copy = await openDb({ kind: 'postgres', url: targetUrl });
    const held = await fingerprints(copy.db);
    await copy.close();
    await expect(moveEmbeddedToPostgres(dataDir, targetUrl)).rejects.toBeInstanceOf(TargetNotEmptyError);
    const again = await openDb({ kind: 'postgres', url: targetUrl });
    try {
      expect(await fingerprints(again.db)).toEqual(held);
    } finally {
      await again.close();
    }
  }, 120_000);
});
