// The branch the branch's-day benchmark reads (bench/server/branch-day.ts): a
// branch of BRANCH_PLEDGES pledges over one year up to BOOK_END (the pledge book of pledges-data.ts
// with `years: 1`: customers, masters, pledges, items and their Payment vouchers), BRANCH_PAYMENTS_EACH
// payments of every payable pledge (payments-data.ts: receipts, payment rows, Receipt vouchers), and
// two more branches with nothing but their masters' accounts, so the all-branches dashboard reads
// three companies.
//
// Made once by SQL set operations into a named database that later runs reuse: PostgreSQL
// `branch_day_bench_<size>` on BENCH_PG_URL, PGlite `<BENCH_DATA_DIR>/branch-day-bench-<size>` (default
// BENCH_DATA_DIR: the system's temp dir + /pledge-desk-bench), built under a `_build` name and renamed
// when complete. To build it again: `dropdb -h 127.0.0.1 -U postgres branch_day_bench_100k` (or remove
// the directory) and run `npm run bench -- branch-day`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/config.ts';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/modules/accounts/accounts.repository.ts';
import { ensureSystemAccounts } from '../../apps/server/src/modules/accounts/system-accounts.ts';
import {
  checkBooks,
  formatBooksReport,
} from '../../apps/server/src/modules/books-check/books-check.repository.ts';
import { insertCompany } from '../../apps/server/src/modules/companies/companies.repository.ts';
import { fillPayments } from './payments-data.ts';
import {
  fillPledgeBook,
  pgAdmin,
  pgDatabaseExists,
  pgUrl,
  postgresReachable,
  sizeLabel,
  timed,
} from './pledges-data.ts';

/** Payments of each payable pledge over the year (single receipts, dated through the year). */
export const BRANCH_PAYMENTS_EACH = 3;
/** The other branches of the business, empty but for their accounts. */
const OTHER_BRANCHES = ['Bench Branch Two', 'Bench Branch Three'];

export interface BranchBook {
  database: Database;
  /** The server's env for it (DATABASE_URL or DATA_DIR). */
  env: Record<string, string>;
  /** The big branch. */
  companyId: number;
  companyIds: number[];
  built: boolean;
  pledges: number;
  payments: number;
}

async function fill(database: Database, pledges: number): Promise<void> {
  const open = await openDb(database);
  try {
    const db = open.db;
    const companyId = await fillPledgeBook(
      db,
      { pledges, customers: Math.round(pledges / 4), years: 1 },
      timed,
    );
    await fillPayments(db, companyId, timed, BRANCH_PAYMENTS_EACH);
    await timed('two more branches', async () => {
      for (const name of OTHER_BRANCHES) {
        await db.transaction(async (tx) => {
          const c = await insertCompany(tx, {
            company_name: name,
            address: '4 Town Hall Road',
            city: 'Madurai',
            state: 'Tamil Nadu',
            phone: '0452 2345679',
            licence_no: 'TN-MDU-2026-104',
            status: true,
          });
          await ensureSystemAccounts(tx, c.id);
        });
      }
    });
    await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`));
    const books = await checkBooks(db, [companyId]);
    const balances = books
      .flatMap((b) => b.checks)
      .filter((c) => (/balance/i.test(c.name) && !/1200/.test(c.name)) || /kept/i.test(c.name));
    if (balances.some((c) => c.status === 'failed'))
      throw new Error(`the bench books do not balance:\n${formatBooksReport(books)}`);
  } finally {
    await open.close();
  }
}

async function describe(
  database: Database,
  built: boolean,
  env: Record<string, string>,
): Promise<BranchBook> {
  const open = await openDb(database);
  try {
    const [counts] = rowsOf<{ pledges: number; payments: number }>(
      await open.db.execute(sql`select (select count(*) from pledges)::int as pledges,
                                       (select count(*) from pledge_payments)::int as payments`),
    );
    const ids = rowsOf<{ id: number }>(await open.db.execute(sql`select id from companies order by id`)).map(
      (r) => Number(r.id),
    );
    return {
      database,
      env,
      companyId: ids[0]!,
      companyIds: ids,
      built,
      pledges: counts!.pledges,
      payments: counts!.payments,
    };
  } finally {
    await open.close();
  }
}

/** The branch book of `pledges` pledges on `kind`, built unless already there. Null without PostgreSQL. */
export async function branchBook(kind: 'pglite' | 'postgres', pledges: number): Promise<BranchBook | null> {
  // BENCH_NAME keeps two checkouts (say, two schema versions) on books of their own.
  const name = process.env.BENCH_NAME ?? `branch_day_bench_${sizeLabel(pledges)}`;
  if (kind === 'postgres') {
    if (!(await postgresReachable())) return null;
    let built = false;
    if (!(await pgDatabaseExists(name))) {
      const building = `${name}_build`;
      await pgAdmin(async (c) => {
        await c.query(`drop database if exists ${building} with (force)`);
        await c.query(`create database ${building}`);
      });
      console.log(`  building ${name} (${pledges} pledges over a year, with payments) on PostgreSQL:`);
      const t0 = performance.now();
      await fill({ kind: 'postgres', url: pgUrl(building) }, pledges);
      await pgAdmin((c) => c.query(`alter database ${building} rename to ${name}`));
      console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      built = true;
    }
    const url = pgUrl(name);
    return describe({ kind, url }, built, { DATABASE_URL: url });
  }
  const base = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pledge-desk-bench');
  const dir = path.join(base, name.replaceAll('_', '-'));
  let built = false;
  if (!fs.existsSync(dir)) {
    const building = `${dir}-build`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    console.log(`  building ${dir} (${pledges} pledges over a year, with payments) on PGlite:`);
    const t0 = performance.now();
    await fill({ kind: 'pglite', dataDir: path.join(building, 'db') }, pledges);
    fs.renameSync(building, dir);
    console.log(`  built in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    built = true;
  }
  return describe({ kind: 'pglite', dataDir: path.join(dir, 'db') }, built, { DATA_DIR: dir });
}
