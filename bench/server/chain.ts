// The chain at full size, its data and its scaling over cores: CHAIN_BRANCHES branches of CHAIN_PLEDGES_EACH live
// pledges each, with about three payments of every payable pledge and every voucher (chain-data.ts,
// built once by SQL set operations into a named PostgreSQL database that later runs reuse), and beside
// it a one-branch database of the same branch (CHAIN_BRANCHES=1), measured in the same run through the
// real HTTP API of a server process (`scripts/start.mjs`) signed in as the bench admin:
// - a middle branch's reads, one client, QUERIES each (goal p95 < 50 ms): the pledge list, search by
//   pledge number, part of a name and mobile, a customer's pending pledges, Payment History;
// - the admin's all-branches dashboard (goal 0.5 s, 20 requests) and a branch's trial balance (goal 2 s);
// - payments and pledge creates from CLIENTS concurrent clients spread evenly over the branches, for
//   LOAD_SECONDS each (their rate and p50/p95), then payments a second with WORKERS=1, 2 and every core
//   (WORKERS_LIST): the scaling is the figure;
// - `npm run check:books` over every branch.
//
//   npm run bench -- chain      (or npx tsx bench/server/chain.ts)
//   CHAIN_BRANCHES=5000 CHAIN_PLEDGES_EACH=1000 CHAIN_BATCH=100 (branches copied a statement)
//   CHAIN_PROGRESS_EVERY=500 (branches between progress lines) BENCH_MINUTES=90
//   QUERIES=100 CLIENTS=16 LOAD_SECONDS=15 WORKERS_LIST=1,2,<cores>
//   ONLY=<parts of measures' names, comma-separated: pledge list, search, pending, Payment History,
//   dashboard, trial balance, payment, pledge create, workers, check:books> REQUEST_TIMEOUT_S=60
//   BENCH_NAME=<database name> (default chain_bench_<branches>x<pledges>): a chain of its own
//
// The built data stays out of the repository: PostgreSQL database chain_bench_5000x1000 on
// BENCH_PG_URL: about 28 GB, built in about 12 minutes on 2 cores (extrapolated from 50 branches, 10 s
// and 0.30 GB, and 200 branches, 31 s and 1.15 GB: 0.14 s and 5.7 MB a branch). Every run adds its
// payments and pledges to both books; drop them to build again:
// `dropdb -h 127.0.0.1 -U postgres chain_bench_5000x1000` (and chain_bench_1x1000).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { pledgeQuote } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { type DbOrTx, openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { type ChainBook, chainBook, chainSize } from './chain-data.ts';
import { type Payable, payablesOf, singleBody } from './payments-data.ts';
import { BOOK_END, benchAdminToken, type SchemeTerms, schemeTermsOf } from './pledges-data.ts';
import { fmt, giveUpAfter, load, root, startServer, stats, stopServer } from './support.ts';

/** Only the measurements whose name contains one of these (e.g. ONLY=pledge list,search). */
const only = (process.env.ONLY ?? '').split(',');
const wanted = (name: string) => only.some((o) => name.includes(o));
/** A request still unanswered after this is given up and reported. */
const timeoutMs = Number(process.env.REQUEST_TIMEOUT_S ?? 60) * 1000;
/** Requests of each branch read, one after another. */
const queries = Number(process.env.QUERIES ?? 100);
/** Concurrent clients of the write loads, each on a branch of its own. */
const clients = Number(process.env.CLIENTS ?? 16);
/** How long each write load runs. */
const loadSeconds = Number(process.env.LOAD_SECONDS ?? 15);
/** The worker counts of the payments-per-second scaling (1, 2 and every core unless told). */
const workerCounts = [
  ...new Set(
    (process.env.WORKERS_LIST ?? `1,2,${os.availableParallelism()}`)
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 1),
  ),
];
giveUpAfter('chain', Number(process.env.BENCH_MINUTES ?? 90));

const asOf = BOOK_END;
const ms = (x: number) => `${x.toFixed(1)} ms`;
const enc = encodeURIComponent;

/** What the reads of one branch ask for: its own pledge numbers, names, mobiles and customers. */
interface BranchSample {
  companyId: number;
  pledgeNos: string[];
  nameParts: string[];
  mobiles: string[];
  pendingCustomerIds: number[];
}

async function sampleBranch(db: DbOrTx, companyId: number): Promise<BranchSample> {
  const rows = rowsOf<{
    pledge_no: string;
    customer_id: number;
    customer_name: string;
    mobile_number: string;
  }>(
    await db.execute(sql`
      select p.pledge_no, p.customer_id, cu.customer_name, cu.mobile_number
        from pledges p join customers cu on cu.company_id = p.company_id and cu.id = p.customer_id
       where p.company_id = ${companyId} and p.status = 'active' and p.closed_date is null
       order by hashint4(p.id) limit ${queries}`),
  );
  if (rows.length === 0) throw new Error(`branch ${companyId} has no open pledges`);
  return {
    companyId,
    pledgeNos: rows.map((r) => r.pledge_no),
    // A part of a name as a clerk types it: the first 4 letters of its first word.
    nameParts: rows.map((r) => [...(r.customer_name.split(' ')[0] ?? r.customer_name)].slice(0, 4).join('')),
    mobiles: rows.map((r) => r.mobile_number),
    pendingCustomerIds: rows.map((r) => r.customer_id),
  };
}

/** The reads a counter makes of its own branch (goal p95 < 50 ms), rotating over the sample. */
function branchReads(s: BranchSample): { name: string; urls: string[] }[] {
  const n = (xs: string[]) => Array.from({ length: queries }, (_, i) => xs[i % xs.length]!);
  return [
    { name: 'pledge list, first page', urls: n(['/pledges/?limit=10']) },
    {
      name: 'search by pledge number',
      urls: n(s.pledgeNos.map((x) => `/pledges/?limit=10&search=${enc(x)}`)),
    },
    {
      name: 'search by part of a name',
      urls: n(s.nameParts.map((x) => `/pledges/?limit=10&search=${enc(x)}`)),
    },
    { name: 'search by mobile', urls: n(s.mobiles.map((x) => `/pledges/?limit=10&search=${enc(x)}`)) },
    {
      name: "a customer's pending pledges",
      urls: n(s.pendingCustomerIds.map((id) => `/customers/${id}/pending-pledges`)),
    },
    { name: 'Payment History, first page', urls: n(['/pledge-payments/?limit=10']) },
  ];
}

async function signIn(base: string) {
  const token = await benchAdminToken(base);
  return (companyId: number) => ({ authorization: `Bearer ${token}`, 'x-company-id': String(companyId) });
}

/** Each URL once, one after another (after one not counted); the times of the answers. */
async function series(base: string, headers: Record<string, string>, urls: string[]): Promise<number[]> {
  const first = await fetch(`${base}${urls[0]}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
  const body = await first.text();
  if (first.status !== 200) throw new Error(`${urls[0]}: ${first.status} ${body.slice(0, 200)}`);
  const took: number[] = [];
  for (const url of urls) {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    took.push(performance.now() - t0);
  }
  return took;
}

/** What a write load needs of a branch: payable pledges, customers, schemes with rates, designs. */
interface WriteSample {
  companyId: number;
  payable: Payable[];
  customerIds: number[];
  schemes: SchemeTerms[];
  designIds: number[];
}

async function sampleWrites(db: DbOrTx, companyId: number, payables: number): Promise<WriteSample> {
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from pledges
       where company_id = ${companyId} and status = 'active' and not is_move_to_bank and closed_date is null
       order by hashint4(id) limit ${payables}`),
  ).map((r) => r.id);
  const customers = rowsOf<{ id: number }>(
    await db.execute(
      sql`select id from customers where company_id = ${companyId} and status order by id limit 200`,
    ),
  );
  const designs = rowsOf<{ id: number }>(
    await db.execute(sql`select id from jewel_designs where company_id = ${companyId} order by id`),
  );
  return {
    companyId,
    payable: await payablesOf(db, companyId, ids, asOf),
    customerIds: customers.map((c) => c.id),
    schemes: await schemeTermsOf(db, companyId, asOf),
    designIds: designs.map((d) => d.id),
  };
}

/** A pledge of one 10 g article lending 80 % of what the scheme allows, on asOf. */
function pledgeBody(w: WriteSample, i: number) {
  const scheme = w.schemes[i % w.schemes.length]!;
  const items = [{ grossMg: 10_500, netMg: 10_000, design: w.designIds[i % w.designIds.length]! }];
  const quote = pledgeQuote({
    items,
    terms: scheme,
    loanPaise: 1,
    documentChargesPaise: 10_000,
    pledgeDate: asOf,
  });
  const loanPaise = Math.max(Math.floor((quote.eligibleLoanPaise * 0.8) / 10_000) * 10_000, 20_000);
  return {
    customer_id: w.customerIds[i % w.customerIds.length]!,
    scheme_id: scheme.id,
    pledge_date: asOf,
    total_loan_amount: loanPaise / 100,
    document_charges: 100,
    cash_limit_confirmed: true,
    items: items.map((x) => ({
      jewell_design_id: x.design,
      gross_weight: x.grossMg / 1000,
      net_weight: x.netMg / 1000,
      jewell_condition: 'Good',
    })),
  };
}

/**
 * `clients` clients for `loadSeconds`, client k on branch samples[k % n], each POSTing one write after
 * another (an Idempotency-Key each, as the screens send); the rate and the times of the successes.
 */
async function writeLoad(
  base: string,
  headersOf: (companyId: number) => Record<string, string>,
  samples: WriteSample[],
  write: (w: WriteSample, i: number) => { url: string; body: unknown } | null,
) {
  const times: number[] = [];
  const failures = new Map<string, number>();
  const until = performance.now() + loadSeconds * 1000;
  const t0 = performance.now();
  const next = samples.map(() => 0);
  await Promise.all(
    Array.from({ length: clients }, async (_, k) => {
      const at = k % samples.length;
      const w = samples[at]!;
      while (performance.now() < until) {
        const i = next[at]!;
        next[at] = i + 1;
        const req = write(w, i);
        if (!req) return;
        const b0 = performance.now();
        const res = await fetch(`${base}${req.url}`, {
          method: 'POST',
          headers: {
            ...headersOf(w.companyId),
            'content-type': 'application/json',
            'idempotency-key': randomUUID(),
          },
          body: JSON.stringify(req.body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        if (res.status === 201) times.push(performance.now() - b0);
        else
          failures.set(
            `${res.status} ${text.slice(0, 160)}`,
            (failures.get(`${res.status} ${text.slice(0, 160)}`) ?? 0) + 1,
          );
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: times.length / seconds, seconds, times, failures };
}

// Each payable pledge is paid once in the run: the loads take them off the front of their branch's list.
const payWrite = (w: WriteSample) => {
  const p = w.payable.shift();
  return p ? { url: '/pledge-payments/', body: singleBody(p, asOf) } : null;
};
const pledgeWrite = (w: WriteSample, i: number) => ({ url: '/pledges/with-items', body: pledgeBody(w, i) });

/** The branch reads on `book` (branch `companyId`), one client; a line per read. */
async function measureReads(label: string, book: ChainBook, companyId: number, lines: string[]) {
  const reads = [...(await withDb(book, (db) => sampleBranch(db, companyId)).then(branchReads))].filter((r) =>
    wanted(r.name),
  );
  if (reads.length === 0) return;
  const server = await startServer({ ...book.env, WORKERS: '1' });
  try {
    const base = `http://127.0.0.1:${server.port}/api`;
    const headers = (await signIn(base))(companyId);
    for (const r of reads) {
      const s = stats(await series(base, headers, r.urls));
      lines.push(
        `| ${label} | ${r.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${s.p95 < 50 ? 'met' : 'MISSED'} (< 50 ms) |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await stopServer(server.child);
  }
}

async function withDb<T>(book: ChainBook, run: (db: DbOrTx) => Promise<T>): Promise<T> {
  const open = await openDb(book.database, { migrate: false });
  try {
    return await run(open.db);
  } finally {
    await open.close();
  }
}

/** The branches the write loads spread over: `clients` of them, evenly through the chain. */
function spreadBranches(book: ChainBook): number[] {
  const ids = book.companyIds;
  const n = Math.min(clients, ids.length);
  return Array.from({ length: n }, (_, k) => ids[Math.floor((k * ids.length) / n)]!);
}

function loadLine(label: string, what: string, run: Awaited<ReturnType<typeof writeLoad>>, lines: string[]) {
  lines.push(
    `| ${label} | ${what}, ${clients} clients for ${run.seconds.toFixed(1)} s | ${run.rate.toFixed(1)}/s | ${fmt(run.times)} |`,
  );
  for (const [why, count] of run.failures)
    lines.push(`| ${label} | FAILED ${count} x ${why.replaceAll('|', '/')} | | |`);
  console.log(lines.slice(-1 - run.failures.size).join('\n'));
}

/**
 * CPU seconds used so far by kind of process, from /proc (Linux): the PostgreSQL server's processes,
 * the Pledge Desk server's (every other node process), and this bench's own client. Null elsewhere.
 */
function cpuByKind(): { postgres: number; server: number; client: number } | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const tick = 100;
  const out = { postgres: 0, server: 0, client: 0 };
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
    if (name.startsWith('postgres')) out.postgres += seconds;
    else if (Number(pid) === process.pid) out.client += seconds;
    else if (name === 'node' || name.startsWith('node ')) out.server += seconds;
  }
  return out;
}

/** Where the machine's CPU went during a load: seconds of each kind of process, of cores x seconds. */
function cpuLine(before: ReturnType<typeof cpuByKind>, seconds: number): string {
  const after = cpuByKind();
  if (!before || !after) return '';
  const d = (k: keyof typeof after) => (after[k] - before[k]).toFixed(1);
  return `; CPU s of ${(os.availableParallelism() * seconds).toFixed(0)}: PostgreSQL ${d('postgres')}, server ${d('server')}, bench client ${d('client')}`;
}

async function measureWrites(label: string, book: ChainBook, lines: string[]) {
  const branches = spreadBranches(book);
  // Each load takes the payable pledges of its branches as they stand (a pledge paid in one load is
  // payable again in the next, for what it owes then: Rs. 100 of principal once its interest is paid).
  const perBranch = Math.ceil((clients / branches.length) * loadSeconds * 60);
  const fresh = () =>
    withDb(book, async (db) => {
      const out: WriteSample[] = [];
      for (const c of branches) out.push(await sampleWrites(db, c, perBranch));
      return out;
    });
  const timed = async (
    what: string,
    base: string,
    headersOf: (companyId: number) => Record<string, string>,
    write: (w: WriteSample, i: number) => { url: string; body: unknown } | null,
  ) => {
    const samples = await fresh();
    const cpu = cpuByKind();
    const run = await writeLoad(base, headersOf, samples, write);
    loadLine(label, `${what}${cpuLine(cpu, run.seconds)}`, run, lines);
  };
  if (wanted('pledge create') || wanted('payment')) {
    const server = await startServer({ ...book.env, WORKERS: '1' });
    try {
      const base = `http://127.0.0.1:${server.port}/api`;
      const headersOf = await signIn(base);
      if (wanted('payment')) await timed('payments (1 worker)', base, headersOf, payWrite);
      if (wanted('pledge create')) await timed('pledge creates (1 worker)', base, headersOf, pledgeWrite);
    } finally {
      await stopServer(server.child);
    }
  }
  if (!wanted('workers')) return;
  // Payments a second with 1, 2 and every core's worker: the scaling is the figure.
  for (const w of workerCounts) {
    const server = await startServer({ ...book.env, WORKERS: String(w) });
    try {
      const base = `http://127.0.0.1:${server.port}/api`;
      await timed(`payments with WORKERS=${w}`, base, await signIn(base), payWrite);
    } finally {
      await stopServer(server.child);
    }
  }
}

/** An admin's questions of the whole chain: the all-branches dashboard (0.5 s), a branch's trial balance (2 s). */
async function measureAdmin(label: string, book: ChainBook, lines: string[]) {
  const reads = [
    // Issue 32's goal for the dashboard of every branch: 0.5 s (kept figures, migration 0031).
    { name: 'dashboard, all branches', url: `/dashboard?as_of=${asOf}&scope=all`, goalMs: 500, n: 20 },
    { name: 'trial balance of a branch', url: `/reports/trial-balance?as_of=${asOf}`, goalMs: 2000, n: 5 },
  ].filter((r) => wanted(r.name));
  if (reads.length === 0) return;
  const server = await startServer({ ...book.env, WORKERS: '1' });
  try {
    const base = `http://127.0.0.1:${server.port}/api`;
    const headers = (await signIn(base))(book.companyIds.at(-1)!);
    for (const r of reads) {
      const s = stats(
        await series(
          base,
          headers,
          Array.from({ length: r.n }, () => r.url),
        ),
      );
      lines.push(
        `| ${label} | ${r.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${s.p95 <= r.goalMs ? 'met' : 'MISSED'} (≤ ${r.goalMs / 1000} s) |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await stopServer(server.child);
  }
}

/** `npm run check:books` over every branch of the book, timed. */
function measureCheckBooks(label: string, book: ChainBook, lines: string[]) {
  if (!wanted('check:books')) return;
  const t0 = performance.now();
  const res = spawnSync('npm', ['run', '--silent', 'check:books'], {
    cwd: root,
    env: { ...process.env, ...book.env },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const took = performance.now() - t0;
  const tail = `${res.stdout}${res.stderr}`.trim().split('\n').at(-1) ?? '';
  lines.push(
    `| ${label} | check:books, ${book.companyIds.length} branches | ${(took / 1000).toFixed(1)} s | exit ${res.status} | ${tail.replaceAll('|', '/').slice(0, 120)} |`,
  );
  console.log(lines.at(-1));
}

const size = chainSize();
console.log(
  `chain: ${os.cpus().length} cores, load ${load()}, ${size.branches} branches of ${size.pledgesEach} pledges`,
);
const chain = await chainBook(size);
if (!chain) {
  console.log('  postgres: not reachable, skipped');
  process.exit(0);
}
const n = (x: number) => x.toLocaleString('en-IN');
console.log(
  `  ${chain.name}: ${n(chain.companyIds.length)} branches, ${n(chain.pledges)} pledges, ${n(chain.payments)} payments, ${n(chain.vouchers)} vouchers (${n(chain.voucherLines)} lines), ${(chain.bytes / 2 ** 30).toFixed(2)} GB; ${chain.buildSeconds === null ? 'build time not known' : `built in ${chain.buildSeconds} s`}${chain.built ? ' (built now)' : ''}; load ${load()}`,
);
// The same reads on a one-branch database of the same branch (CHAIN_BRANCHES=1), in the same run.
const single = await chainBook({ ...size, branches: 1 });
const lines: string[] = [];
const middle = chain.companyIds[Math.floor(chain.companyIds.length / 2)]!;
await measureReads(`${n(chain.companyIds.length)} branches`, chain, middle, lines);
if (single) await measureReads('1 branch', single, single.companyIds[0]!, lines);
await measureAdmin(`${n(chain.companyIds.length)} branches`, chain, lines);
await measureWrites(`${n(chain.companyIds.length)} branches`, chain, lines);
if (single) await measureWrites('1 branch', single, lines);
measureCheckBooks(`${n(chain.companyIds.length)} branches`, chain, lines);
if (single) measureCheckBooks('1 branch', single, lines);
console.log(`\nload after: ${load()}\n`);
console.log('| book | measure | p50 / rate | p95 / times | goal |');
console.log('| --- | --- | --- | --- | --- |');
for (const l of lines) console.log(l);
