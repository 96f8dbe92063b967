// The statements of one single payment through the API, from PostgreSQL's own log: a copy of the
// payments bench's book (payment_bench_<PAYMENTS_PG>, built by `npm run bench -- payments`) as
// payment_trace with log_min_duration_statement = 0 for that database only; a server on it, signed in
// as admin; TRACE_PAYMENTS single payments one after another (after WARM_UP unlogged-in-the-summary
// ones), each between two marker statements; then each statement of the last payments with its time
// inside PostgreSQL (parse + bind + execute) and the gap before it (the server's own work and the
// round trip).
//
//   npx tsx bench/server/payment-statements.ts
//   PAYMENTS_PG=50000 TRACE_PAYMENTS=5 WARM_UP=20 PG_LOG=/var/log/postgresql/postgresql-15-main.log
//   IDEMPOTENCY=0 (the payments without an Idempotency-Key)
//
// Needs the log file readable (log_destination stderr, as Debian's cluster writes it) and a superuser
// on BENCH_PG_URL; says so and stops otherwise. The copy is dropped at the end.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { payablesOf, paymentBook, singleBody } from './payments-data.ts';
import { BENCH_ADMIN_PASSWORD, benchAdminToken } from './pledges-data.ts';
import { load, pgBase, startServer, stopServer } from './support.ts';

const logPath = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const traced = Number(process.env.TRACE_PAYMENTS ?? 5);
const warmUp = Number(process.env.WARM_UP ?? 20);
const size = Number(process.env.PAYMENTS_PG ?? 50_000);

try {
  fs.accessSync(logPath, fs.constants.R_OK);
} catch {
  console.log(`payment-statements: PostgreSQL's log ${logPath} is not readable here (PG_LOG), skipped`);
  process.exit(0);
}
const book = await paymentBook('postgres', size);
if (!book) {
  console.log(`payment-statements: PostgreSQL not reachable at ${pgBase}, skipped`);
  process.exit(0);
}
const source = new URL(book.env.DATABASE_URL!).pathname.slice(1);
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query('drop database if exists payment_trace with (force)');
await admin.query(`create database payment_trace template ${source}`);
await admin.query('alter database payment_trace set log_min_duration_statement = 0');
const url = new URL(book.env.DATABASE_URL!);
url.pathname = '/payment_trace';
const traceUrl = url.toString();
console.log(`payment-statements: ${traced} payments traced after ${warmUp}; load ${load()}`);

const asOf = businessToday();
const open = await openDb({ kind: 'postgres', url: traceUrl });
const ids = rowsOf<{ id: number }>(
  await open.db.execute(sql`
    select id from pledges
     where company_id = ${book.companyId} and status = 'active' and not is_move_to_bank and closed_date is null
     order by hashint4(id) limit ${warmUp + traced + 10}`),
).map((r) => r.id);
const payable = await payablesOf(open.db, book.companyId, ids, asOf);
await open.close();

const marker = new pg.Client({ connectionString: traceUrl });
await marker.connect();
const { child, port } = await startServer({
  DATABASE_URL: traceUrl,
  ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
  SKIP_WEB_BUILD: 'true',
});
const logStart = fs.statSync(logPath).size;
try {
  const base = `http://127.0.0.1:${port}/api`;
  const headers = {
    authorization: `Bearer ${await benchAdminToken(base)}`,
    'x-company-id': String(book.companyId),
    'content-type': 'application/json',
  };
  const pay = async (i: number) => {
    const res = await fetch(`${base}/pledge-payments/`, {
      method: 'POST',
      headers: {
        ...headers,
        ...(process.env.IDEMPOTENCY === '0' ? {} : { 'idempotency-key': randomUUID() }),
      },
      body: JSON.stringify(singleBody(payable[i]!, asOf)),
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`payment: ${res.status} ${text.slice(0, 300)}`);
  };
  for (let i = 0; i < warmUp; i++) await pay(i);
  for (let i = warmUp; i < warmUp + traced; i++) {
    await marker.query(`select 'payment-trace start ${i}'`);
    const t0 = performance.now();
    await pay(i);
    const took = performance.now() - t0;
    await marker.query(`select 'payment-trace end ${i} ${took.toFixed(2)}'`);
  }
} finally {
  await stopServer(child);
  await marker.end();
}
// Let the log catch up, then read what the runs wrote.
await new Promise((r) => setTimeout(r, 500));
const fd = fs.openSync(logPath, 'r');
const length = fs.statSync(logPath).size - logStart;
const buffer = Buffer.alloc(length);
fs.readSync(fd, buffer, 0, length, logStart);
fs.closeSync(fd);
await admin.query('drop database if exists payment_trace with (force)');
await admin.end();

// One entry a log record: "2026-11-29 09:40:01.123 UTC [pid] LOG:  duration: 0.050 ms  parse <unnamed>: …"
interface Entry {
  at: number;
  pid: string;
  ms: number;
  phase: string;
  text: string;
}
const records = buffer
  .toString('utf8')
  .split(/\n(?=\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} )/)
  .map((r) => r.trim());
const entries: Entry[] = [];
for (const r of records) {
  const m =
    /^(\S+ \S+) \S+ \[(\d+)\] (?:\S+ )?LOG:\s+duration: ([\d.]+) ms\s+(parse|bind|execute|statement)[^:]*:\s*([\s\S]*)$/.exec(
      r,
    );
  if (!m) continue;
  const [, stamp, pid, ms, phase, text] = m;
  entries.push({
    at: Date.parse(`${stamp!.replace(' ', 'T')}Z`),
    pid: pid!,
    ms: Number(ms),
    phase: phase!,
    text: text!.split('\n')[0]!.replace(/\s+/g, ' ').trim(),
  });
}

interface Statement {
  text: string;
  ms: number;
  at: number;
}
const runs: { took: number; statements: Statement[] }[] = [];
let current: Statement[] | null = null;
let markerPid = '';
for (const e of entries) {
  const start = /payment-trace start/.exec(e.text);
  const end = /payment-trace end \d+ ([\d.]+)/.exec(e.text);
  if (start && e.phase !== 'parse' && e.phase !== 'bind') {
    current = [];
    markerPid = e.pid;
    continue;
  }
  if (end && current) {
    runs.push({ took: Number(end[1]), statements: current });
    current = null;
    continue;
  }
  if (!current || e.pid === markerPid) continue;
  // parse, bind and execute of one extended-protocol statement add up to one statement.
  const last = current[current.length - 1];
  if (e.phase === 'parse' || e.phase === 'statement' || !last || last.text === '') {
    current.push({ text: e.phase === 'bind' ? '' : e.text, ms: e.ms, at: e.at });
  } else {
    last.ms += e.ms;
    if (e.phase === 'execute') last.text = e.text;
    last.at = e.at;
  }
}

const short = (s: string) =>
  s
    .replace(/"/g, '')
    .replace(/select .{60,}? from/i, (x) => `${x.slice(0, 40)} … from`)
    .slice(0, 150);
for (const run of runs) {
  const inside = run.statements.reduce((s, x) => s + x.ms, 0);
  console.log(
    `\none payment: ${run.took.toFixed(1)} ms at the client, ${run.statements.length} statements, ${inside.toFixed(2)} ms inside PostgreSQL`,
  );
  let prev = run.statements[0]?.at ?? 0;
  for (const [i, s] of run.statements.entries()) {
    const gap = i === 0 ? 0 : s.at - prev - s.ms;
    prev = s.at;
    console.log(
      `  ${String(i + 1).padStart(2)} ${s.ms.toFixed(3).padStart(7)} ms  +${Math.max(0, gap).toFixed(0).padStart(2)} ms  ${short(s.text)}`,
    );
  }
}
console.log(`load after: ${load()}`);
