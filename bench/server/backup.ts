// Backups (modules/backups): the time and size of a backup and its check on the demo branch (embedded
// database, and PostgreSQL when the local server is there) and on a 100,000-pledge branch on PGlite
// (bench/server/pledges-data.ts, BACKUP_BENCH_PLEDGES to change, 0 to skip), and what a backup does to
// the counter: a payment (the single-payment service, as POST /pledge-payments/ runs it) every 50 ms,
// idle and while a backup runs. Results in docs/performance.md (Backups).
//
//   npm run bench -- backup
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/config.ts';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { backupSettings } from '../../apps/server/src/modules/backups/backup-schedule.ts';
import { runBackup } from '../../apps/server/src/modules/backups/backups.service.ts';
import { adminFor, paymentFor } from '../../apps/server/src/test/fixtures.ts';
import { testConfig } from '../../apps/server/src/test/test-app.ts';
import { pledgeBook } from './pledges-data.ts';
import { fmt, freshPostgres, giveUpAfter } from './support.ts';

giveUpAfter('backup', 30);

async function measure(label: string, database: Database, demo = true, times = 3) {
  const opened = await openDb(database);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-backups-'));
  const config = testConfig(database, { demo });
  const app = await buildApp(config, { logger: false, database: opened });
  await app.ready();
  const settings = { ...backupSettings(config), folder, folderIsDefault: false };
  // An open pledge with interest to take, and its branch's admin.
  const [open] = rowsOf<{ id: number; company_id: number }>(
    await opened.db.execute(
      sql`select id, company_id from pledges where status = 'active' order by pledge_date, id limit 1`,
    ),
  );
  if (!open) throw new Error('no open pledge');
  const t = { app, config, database: opened, close: async () => {} };
  const actor = await adminFor(t, open.company_id);
  const latencies = async (during: Promise<unknown> | null, ms: number) => {
    const out: number[] = [];
    const until = Date.now() + ms;
    let done = false;
    during?.then(() => {
      done = true;
    });
    while (during ? !done : Date.now() < until) {
      const t0 = performance.now();
      await paymentFor(
        t,
        open.company_id,
        { pledge_id: open.id, actor },
        { payment_type: 'interest', amount: 0.25 },
      );
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
    return out.sort((a, b) => a - b);
  };
  const idle = await latencies(null, 3000);
  const runs = [];
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }, 50);
  for (let i = 0; i < times; i++) {
    const run = runBackup(opened, settings, 'command');
    const during = await latencies(run, 0);
    const r = await run;
    runs.push({ r, during });
  }
  for (const { r, during } of runs) {
    console.log(
      `${label}: ${r.status} ${((r.size_bytes ?? 0) / 1024 / 1024).toFixed(1)} MB in ${r.duration_ms} ms (check ${r.verify_ms} ms); payment during: ${fmt(during)}`,
    );
  }
  clearInterval(sampler);
  console.log(`${label}: payment idle: ${fmt(idle)}`);
  console.log(
    `${label}: memory (rss) ${Math.round(rssBefore / 1048576)} MB before, ${Math.round(rssPeak / 1048576)} MB at most while backing up`,
  );
  await app.close();
  await opened.close();
  fs.rmSync(folder, { recursive: true, force: true });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-backup-data-'));
await measure('demo, embedded', { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
fs.rmSync(dataDir, { recursive: true, force: true });
const pledges = Number(process.env.BACKUP_BENCH_PLEDGES ?? 100_000);
if (pledges > 0) {
  const book = await pledgeBook('pglite', { pledges, customers: Math.round(pledges / 5) });
  if (book) await measure(`${pledges.toLocaleString('en-IN')} pledges, embedded`, book.database, false, 1);
}
const pg = await freshPostgres('pd_bench_backup');
if (pg) {
  try {
    await measure('demo, PostgreSQL', { kind: 'postgres', url: pg.url });
  } finally {
    await pg.drop();
  }
}
process.exit(0);
