// Backups (modules/backups): the time and size of a backup and its check on the demo branch (embedded
// database, and PostgreSQL when TEST_DATABASE_URL or the local server is there), and what a backup does
// to the counter: the latency of a request that reads the database (GET /api/health, which pings it)
// every 20 ms, idle and while a backup runs. Results in docs/performance.md (Backups).
//
//   npm run bench -- backup
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/config.ts';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { backupSettings } from '../../apps/server/src/modules/backups/backup-schedule.ts';
import { runBackup } from '../../apps/server/src/modules/backups/backups.service.ts';
import { testConfig } from '../../apps/server/src/test/test-app.ts';
import { fmt, freshPostgres, giveUpAfter } from './support.ts';

giveUpAfter('backup', 10);

async function measure(label: string, database: Database) {
  const opened = await openDb(database);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-backups-'));
  const config = testConfig(database, { demo: true });
  const app = await buildApp(config, { logger: false, database: opened });
  await app.ready();
  const settings = { ...backupSettings(config), folder, folderIsDefault: false };
  const latencies = async (during: Promise<unknown> | null, ms: number) => {
    const out: number[] = [];
    const until = Date.now() + ms;
    let done = false;
    during?.then(() => {
      done = true;
    });
    while (during ? !done : Date.now() < until) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: '/api/health' });
      out.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
    return out.sort((a, b) => a - b);
  };
  const idle = await latencies(null, 3000);
  const runs = [];
  for (let i = 0; i < 3; i++) {
    const run = runBackup(opened, settings, 'command');
    const during = await latencies(run, 0);
    const r = await run;
    runs.push({ r, during });
  }
  for (const { r, during } of runs) {
    console.log(
      `${label}: ${r.status} ${((r.size_bytes ?? 0) / 1024 / 1024).toFixed(1)} MB in ${r.duration_ms} ms (check ${r.verify_ms} ms); health during: ${fmt(during)}`,
    );
  }
  console.log(`${label}: health idle: ${fmt(idle)}`);
  await app.close();
  await opened.close();
  fs.rmSync(folder, { recursive: true, force: true });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-backup-data-'));
await measure('demo, embedded', { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
fs.rmSync(dataDir, { recursive: true, force: true });
const pg = await freshPostgres('pd_bench_backup');
if (pg) {
  try {
    await measure('demo, PostgreSQL', { kind: 'postgres', url: pg.url });
  } finally {
    await pg.drop();
  }
}
process.exit(0);
