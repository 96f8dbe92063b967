// Where a payment's server time goes: a server on the payments bench's PostgreSQL book
// (payment_bench_<PAYMENTS_PG>, built by `npm run bench -- payments`) run with `node --cpu-prof`
// (WORKERS processes, 1 unless set), PROFILE_PAYMENTS single payments through the API by CLIENTS
// clients after WARM_UP, then the server stopped so each process writes its profile into PROFILE_DIR
// (open them in Chrome's DevTools, or sum them by file). Prints the server's CPU a payment from /proc.
//
//   npx tsx bench/server/payment-profile.ts
//   PAYMENTS_PG=50000 PROFILE_PAYMENTS=400 CLIENTS=8 WARM_UP=30 WORKERS=1 PROFILE_DIR=/tmp/payment-profile
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { payablesOf, paymentBook, singleBody } from './payments-data.ts';
import { BENCH_ADMIN_PASSWORD, benchAdminToken } from './pledges-data.ts';
import { fmt, load, pgBase, startServer, stopServer } from './support.ts';

const count = Number(process.env.PROFILE_PAYMENTS ?? 400);
const clients = Number(process.env.CLIENTS ?? 8);
const warmUp = Number(process.env.WARM_UP ?? 30);
const dir = process.env.PROFILE_DIR ?? '/tmp/payment-profile';
const book = await paymentBook('postgres', Number(process.env.PAYMENTS_PG ?? 50_000));
if (!book) {
  console.log(`payment-profile: PostgreSQL not reachable at ${pgBase}, skipped`);
  process.exit(0);
}
fs.mkdirSync(dir, { recursive: true });
const asOf = businessToday();
const open = await openDb(book.database);
const ids = rowsOf<{ id: number }>(
  await open.db.execute(sql`
    select id from pledges
     where company_id = ${book.companyId} and status = 'active' and not is_move_to_bank and closed_date is null
     order by random() limit ${warmUp + count + 10}`),
).map((r) => r.id);
const payable = await payablesOf(open.db, book.companyId, ids, asOf);
await open.close();

/** User + system CPU of a process and its children so far, in ms (/proc/<pid>/stat, clock ticks). */
const cpuOf = (pid: number) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 1000) / 100;
};
const pids = (root: number) =>
  fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(root);
      } catch {
        return false;
      }
    })
    .map(Number);

const { child, port } = await startServer({
  ...book.env,
  ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  SKIP_WEB_BUILD: 'true',
  WORKERS: process.env.WORKERS ?? '1',
  NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${dir}`,
});
console.log(`payment-profile: ${count} payments, ${clients} clients; load ${load()}`);
try {
  const base = `http://127.0.0.1:${port}/api`;
  const headers = {
    authorization: `Bearer ${await benchAdminToken(base)}`,
    'x-company-id': String(book.companyId),
    'content-type': 'application/json',
    'idempotency-key': '',
  };
  let next = 0;
  const pay = async () => {
    const p = payable[next++];
    if (!p) return false;
    const res = await fetch(`${base}/pledge-payments/`, {
      method: 'POST',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify(singleBody(p, asOf)),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`payment: ${res.status} ${text.slice(0, 300)}`);
    return true;
  };
  for (let i = 0; i < warmUp; i++) await pay();
  const workers = pids(child.pid!);
  const cpu0 = workers.reduce((s, p) => s + cpuOf(p), 0);
  const times: number[] = [];
  const t0 = performance.now();
  const until = warmUp + count;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < until) {
        const b0 = performance.now();
        if (!(await pay())) return;
        times.push(performance.now() - b0);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const cpu = workers.reduce((s, p) => s + cpuOf(p), 0) - cpu0;
  console.log(
    `  ${(times.length / seconds).toFixed(1)} payments/s; ${fmt(times)}; server CPU ${(cpu / times.length).toFixed(1)} ms a payment (${workers.length} worker processes)`,
  );
} finally {
  await stopServer(child);
}
console.log(`  profiles in ${dir}; load ${load()}`);
