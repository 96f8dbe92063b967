// Moving a branch from the embedded database to PostgreSQL (`npm run db:copy-to-postgres`) at scale:
// an embedded database in a temporary folder with LINES voucher lines (default 1,000,000, as in
// books.ts) and LEGACY rows of the old system's customers (default 100,000), moved into a fresh
// PostgreSQL database on 127.0.0.1:5432 (user postgres, dropped after). Times the move as a whole and
// its peak resident memory. No goal: it is a one-off operation, and the numbers say how long the
// branch is closed for it.
//
//   npx tsx bench/server/move.ts            LINES=200000 LEGACY=20000 npx tsx bench/server/move.ts
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { moveEmbeddedToPostgres } from '../../apps/server/src/db/copy-to-postgres.ts';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { insertBatch, setUpCompany } from './books-data.ts';
import { freshPostgres, load } from './support.ts';

const LINES = Number(process.env.LINES ?? 1_000_000);
const LEGACY = Number(process.env.LEGACY ?? 100_000);
const VOUCHERS = Math.ceil(LINES / 4);
const BATCH = 25_000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-move-'));
const target = await freshPostgres('pd_bench_move');
if (!target) {
  console.error('move: PostgreSQL is not reachable on 127.0.0.1:5432');
  process.exit(2);
}
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
try {
  console.log(`move: ${os.cpus().length} cores, load ${load()}`);
  const t0 = performance.now();
  const source = await openDb({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    const companyId = await setUpCompany(source.db);
    const accounts = rowsOf<{ id: number; account_code: string }>(
      await source.db.execute(
        sql`select id, account_code from chart_accounts where company_id = ${companyId} order by account_code`,
      ),
    );
    const cash = accounts.find((a) => a.account_code === '1000')?.id as number;
    const others = accounts.filter((a) => a.account_code !== '1000').map((a) => a.id);
    for (let made = 0; made < VOUCHERS; made += BATCH) {
      await insertBatch(
        source.db,
        companyId,
        cash,
        others,
        made + 1,
        Math.min(VOUCHERS, made + BATCH),
        VOUCHERS,
      );
    }
    // Old-system rows of the size the legacy import makes (raw TSCII bytes beside the decoded text).
    await source.db.execute(sql`
      insert into legacy_customers (pno, name, address, phoneno, mobile, cust_refno, name_raw, address_raw)
      select 'P' || g, 'Customer ' || g, g || ', West Masi Street, Madurai - 625001', '0452-' || g,
             '98' || lpad(g::text, 8, '0'), 'MDU/' || g,
             convert_to('Customer ' || g, 'LATIN1'), convert_to(g || ', West Masi Street', 'LATIN1')
        from generate_series(1, ${LEGACY}::int) g`);
  } finally {
    await source.close();
  }
  console.log(
    `  made ${LINES.toLocaleString('en-IN')} voucher lines and ${LEGACY.toLocaleString('en-IN')} legacy rows on PGlite in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  peakRss = 0;
  const t1 = performance.now();
  const result = await moveEmbeddedToPostgres(path.join(dataDir, 'db'), target.url);
  const seconds = (performance.now() - t1) / 1000;
  const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `  moved ${rows.toLocaleString('en-IN')} rows in ${seconds.toFixed(1)} s (books check on the copy included: ${result.booksInOrder ? 'in order' : 'FAILED'}); peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB; load ${load()}`,
  );
  for (const t of result.tables.filter((x) => x.rows > 1000)) {
    console.log(`    ${t.table}: ${t.rows.toLocaleString('en-IN')} rows`);
  }
  if (!result.booksInOrder) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await target.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
