// Payments at scale. (a) Payment History on a company with 3,000,000 payments
// (PostgreSQL; PAYMENTS_PGLITE on PGlite), made once by SQL set operations (payments-data.ts) into a
// named database later runs reuse: through the real HTTP API of a server process signed in as admin,
// one client, QUERIES requests of each kind: the first page, a month's payments, + a type, + a method,
// + a pledge, a customer's; goal p95 under 50 ms. (b) Payments per second: CLIENTS concurrent clients
// POSTing single payments for PAY_SECONDS through the API, beside the same transaction run straight on
// the database by CLIENTS workers in one process: the payment's service, takeSinglePayment, as the route
// calls it (goal: the API at least 70 % of that), and, as measured before 2026-11-30, only the reads and
// recordReceipt (no audit row, no answer); the machine's CPU use is printed with each run. After WARM_UP payments and one client
// alone for PAY_SECONDS (goal: CLIENTS clients at least as many a second); then the p95 of a single
// payment (goal ≤ 15 ms) and of a five-pledge multiple payment, one after another. (b) needs pay-server's routes (POST
// /pledge-payments/, POST /customers/{id}/multiple-pledge-payment); without them it says so.
// (c) On PostgreSQL the server runs in its cluster mode (WORKERS, 2 unless set), and right after the
// payments the bench runs pgbench's TPC-B on the same PostgreSQL server (`pgbench -i -s PGBENCH_SCALE`
// on a scratch database of its own, then `pgbench -c 8 -j 2 -T PAY_SECONDS`) and prints the API's
// payments a second with CLIENTS clients against pgbench's transactions a second (goal ≥ 0.15).
// PGBENCH=0 leaves it out; PGBENCH_PATH (/usr/bin/pgbench) names the program.
//
//   npm run bench -- payments     (or npx tsx bench/server/payments.ts)
//   DB=postgres,pglite QUERIES=200 CLIENTS=8 PAY_SECONDS=20 WARM_UP=30 PAYMENTS_PG=3000000 PAYMENTS_PGLITE=300000
//   IDEMPOTENCY=0 (the API's payments without an Idempotency-Key)
//   WORKERS=2 PGBENCH_SCALE=10 PGBENCH=1
//
// Every payment made here stays in the book (a few thousand a run); drop the database
// (`dropdb payment_bench_3m`) or remove the data dir to start again from the built book.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { promisify } from 'node:util';
import { businessToday, paiseToRupees, pledgePaymentSchema } from '@pledge-desk/domain';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { openDb } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import {
  countPaymentsSql,
  pagePaymentIdsQuery,
} from '../../apps/server/src/modules/payment-history/payment-history.repository.ts';
import { takeSinglePayment } from '../../apps/server/src/modules/payments/payment-single.service.ts';
import { loadStoredPayments } from '../../apps/server/src/modules/payments/payments.repository.ts';
import {
  assertPayable,
  balanceOf,
  storedPaymentsOf,
} from '../../apps/server/src/modules/payments/pledge-balance.ts';
import { recordReceipt } from '../../apps/server/src/modules/payments/receipt.service.ts';
import { lockPledge } from '../../apps/server/src/modules/pledges/pledges.repository.ts';
import { seededRandom } from '../../apps/server/src/seed/sample-people.ts';
import { type Payable, type PaymentBook, payablesOf, paymentBook, singleBody } from './payments-data.ts';
import { BENCH_ADMIN_PASSWORD, benchAdminToken, pgAdmin } from './pledges-data.ts';
import { fmt, giveUpAfter, load, pgBase, startServer, stats, stopServer } from './support.ts';

const queries = Number(process.env.QUERIES ?? 200);
const clients = Number(process.env.CLIENTS ?? 8);
const paySeconds = Number(process.env.PAY_SECONDS ?? 20);
const warmUp = Number(process.env.WARM_UP ?? 30);
const kinds = (process.env.DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[];
const sizes = {
  postgres: Number(process.env.PAYMENTS_PG ?? 3_000_000),
  pglite: Number(process.env.PAYMENTS_PGLITE ?? 300_000),
};
const workers = process.env.WORKERS ?? '2';
const pgbenchScale = Number(process.env.PGBENCH_SCALE ?? 10);
const pgbenchPath = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';
giveUpAfter('payments', Number(process.env.BENCH_MINUTES ?? 40));

interface Samples {
  months: { from: string; to: string }[];
  pledgeIds: number[];
  customerIds: number[];
  /** Distinct payable pledges, shuffled: each is paid at most once a run. */
  payable: Payable[];
  /** Customers with five payable pledges or more (each used once), with five of them. */
  fivePledges: { customerId: number; pledges: Payable[] }[];
}

async function sample(book: PaymentBook, asOf: string): Promise<Samples> {
  const open = await openDb(book.database);
  try {
    const db = open.db;
    const c = book.companyId;
    const rng = seededRandom(1_300_013);
    const months = rowsOf<{ m: string }>(
      await db.execute(sql`
        select distinct to_char(date_trunc('month', payment_date), 'YYYY-MM-DD') as m
          from pledge_payments where company_id = ${c} order by 1`),
    ).map((r) => r.m);
    const monthEnd = (m: string) => {
      const d = new Date(`${m}T00:00:00Z`);
      d.setUTCMonth(d.getUTCMonth() + 1);
      d.setUTCDate(0);
      return d.toISOString().slice(0, 10);
    };
    const [range] = rowsOf<{ lo: number; hi: number }>(
      await db.execute(
        sql`select min(pledge_id) as lo, max(pledge_id) as hi from pledge_payments where company_id = ${c}`,
      ),
    );
    const picks = Array.from(
      { length: queries },
      () => range!.lo + Math.floor(rng() * (range!.hi - range!.lo + 1)),
    );
    const paid = rowsOf<{ pledge_id: number; customer_id: number }>(
      await db.execute(sql`
        select distinct p.id as pledge_id, p.customer_id from pledges p
         where p.company_id = ${c} and p.id in (${sql.join(
           picks.map((i) => sql`${i}`),
           sql`, `,
         )})`),
    );
    // Payable pledges of the sample: active, not at the bank, not closed; their balance today.
    const candidates = rowsOf<{ id: number }>(
      await db.execute(sql`
        select id from pledges
         where company_id = ${c} and status = 'active' and not is_move_to_bank and closed_date is null
         order by hashint4(id) limit 20000`),
    ).map((r) => r.id);
    // Customers with five payable pledges or more, each used once for a multiple payment.
    const fiveIds = rowsOf<{ id: number }>(
      await db.execute(sql`
        select p.id from (
          select customer_id from pledges
           where company_id = ${c} and status = 'active' and not is_move_to_bank and closed_date is null
           group by customer_id having count(*) >= 5
           order by hashint4(customer_id) limit ${queries}) f
        join lateral (
          select id from pledges p
           where p.company_id = ${c} and p.customer_id = f.customer_id and p.status = 'active'
             and not p.is_move_to_bank and p.closed_date is null
           order by id limit 5) p on true`),
    ).map((r) => r.id);
    const fiveSet = new Set(fiveIds);
    const payable = await payablesOf(
      db,
      c,
      candidates.filter((id) => !fiveSet.has(id)),
      asOf,
    );
    const byCustomer = new Map<number, Payable[]>();
    for (const p of await payablesOf(db, c, fiveIds, asOf))
      byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p]);
    const fivePledges = [...byCustomer.entries()]
      .filter(([, ps]) => ps.length === 5)
      .map(([customerId, ps]) => ({ customerId, pledges: ps }));
    return {
      months: months.map((m) => ({ from: m, to: monthEnd(m) })),
      pledgeIds: paid.map((r) => r.pledge_id),
      customerIds: paid.map((r) => r.customer_id),
      payable,
      fivePledges,
    };
  } finally {
    await open.close();
  }
}

type Result = { line: string; p95: number | null; goal?: number };

async function signIn(base: string, companyId: number) {
  const token = await benchAdminToken(base);
  return { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) };
}

/** (a) Payment History through the API, one request after another. */
async function measureHistory(base: string, headers: Record<string, string>, s: Samples): Promise<Result[]> {
  const get = async (url: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, { headers });
    const body = (await res.json()) as unknown;
    return {
      took: performance.now() - t0,
      status: res.status,
      body,
      capped: res.headers.has('x-total-count-capped'),
    };
  };
  const rng = seededRandom(13);
  const results: Result[] = [];
  const series = async (what: string, urls: string[]) => {
    const first = await get(urls[0]!);
    if (first.status === 404 || first.status === 405) {
      results.push({ line: `${what}: route not there (${first.status}), not measured`, p95: null });
      return;
    }
    for (const u of urls.slice(0, 10)) await get(u);
    const times: number[] = [];
    let found = 0;
    let capped = 0;
    for (const u of urls) {
      const r = await get(u);
      if (r.status !== 200) throw new Error(`${u}: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      times.push(r.took);
      if (Array.isArray(r.body) && r.body.length > 0) found++;
      if (r.capped) capped++;
    }
    results.push({
      line: `${what}: ${fmt(times)} (${found} of ${urls.length} found something, ${capped} counts capped)`,
      p95: stats(times).p95,
      goal: 50,
    });
  };
  const many = <T>(f: (i: number) => T) => Array.from({ length: queries }, (_, i) => f(i));
  const month = () => s.months[Math.floor(rng() * s.months.length)]!;
  const types = ['interest', 'partial_principal'];
  const methods = ['cash', 'bank', 'online', 'cheque'];
  await series(
    'GET /pledge-payments/?limit=10 (first page)',
    many(() => '/pledge-payments/?skip=0&limit=10'),
  );
  await series(
    'a month (from_date, to_date)',
    many(() => {
      const m = month();
      return `/pledge-payments/?limit=10&from_date=${m.from}&to_date=${m.to}`;
    }),
  );
  await series(
    'a month + payment_type',
    many((i) => {
      const m = month();
      return `/pledge-payments/?limit=10&from_date=${m.from}&to_date=${m.to}&payment_type=${types[i % 2]}`;
    }),
  );
  await series(
    'a month + payment_method',
    many((i) => {
      const m = month();
      return `/pledge-payments/?limit=10&from_date=${m.from}&to_date=${m.to}&payment_method=${methods[i % 4]}`;
    }),
  );
  await series(
    'a month + a type + a method, page 5',
    many((i) => {
      const m = month();
      return `/pledge-payments/?skip=40&limit=10&from_date=${m.from}&to_date=${m.to}&payment_type=${types[i % 2]}&payment_method=${methods[i % 4]}`;
    }),
  );
  await series(
    'a year + a pledge',
    many(
      (i) =>
        `/pledge-payments/?limit=10&from_date=2021-11-01&to_date=2026-11-30&pledge_id=${s.pledgeIds[i % s.pledgeIds.length]}`,
    ),
  );
  await series(
    "a customer's payments",
    many((i) => `/pledge-payments/?limit=10&customer_id=${s.customerIds[i % s.customerIds.length]}`),
  );
  return results;
}

const rupees = (paise: number) => paiseToRupees(paise);

function multipleBody(f: { customerId: number; pledges: Payable[] }, asOf: string) {
  const total = f.pledges.reduce((sum, p) => sum + p.interestPaise + p.principalPaise, 0);
  return {
    customer_id: f.customerId,
    total_payment_amount: rupees(total),
    payment_method: 'cash',
    cash_limit_confirmed: true,
    payment_date: asOf,
    pledge_payments: f.pledges.map((p) => ({
      pledge_id: p.pledgeId,
      payment_amount: rupees(p.interestPaise + p.principalPaise),
      payment_type: 'regular',
      interest_amount: rupees(p.interestPaise),
      principal_amount: rupees(p.principalPaise),
    })),
  };
}

/** A queue the clients take distinct pledges from. */
function queue<T>(xs: T[]) {
  let i = 0;
  return () => (i < xs.length ? xs[i++] : undefined);
}

/** CLIENTS clients for PAY_SECONDS; answers payments a second and the times of the successes. */
/** The machine's CPU time so far (/proc/stat's first line, clock ticks): busy and all; null off Linux. */
function cpuTicks(): { busy: number; all: number } | null {
  try {
    const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    const all = n.reduce((a, b) => a + b, 0);
    return { busy: all - n[3]! - n[4]!, all }; // less idle and iowait
  } catch {
    return null;
  }
}

/** The share of the machine's CPU (every core) busy between two readings, as ' (CPU 87 % busy)'. */
function busyBetween(from: ReturnType<typeof cpuTicks>, to: ReturnType<typeof cpuTicks>): string {
  if (!from || !to || to.all === from.all) return '';
  return ` (machine CPU ${(((to.busy - from.busy) / (to.all - from.all)) * 100).toFixed(0)} % busy)`;
}

async function concurrently(next: () => Promise<'ok' | string | null>, workers = clients) {
  const times: number[] = [];
  const failures = new Map<string, number>();
  const until = performance.now() + paySeconds * 1000;
  const t0 = performance.now();
  const cpu0 = cpuTicks();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const b0 = performance.now();
        const outcome = await next();
        if (outcome === null) return;
        if (outcome === 'ok') times.push(performance.now() - b0);
        else failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: times.length / seconds, seconds, times, failures, cpu: busyBetween(cpu0, cpuTicks()) };
}

/** (b) through the API: payments a second with CLIENTS clients, then one after another. */
async function measurePayingApi(
  base: string,
  headers: Record<string, string>,
  s: Samples,
  asOf: string,
): Promise<{ results: Result[]; rate: number | null }> {
  const results: Result[] = [];
  const post = (url: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        // IDEMPOTENCY=0 leaves the key off, to see what the key's bookkeeping costs.
        ...(process.env.IDEMPOTENCY === '0' ? {} : { 'idempotency-key': randomUUID() }),
      },
      body: JSON.stringify(body),
    });
  // The first half; the straight run takes the second.
  const take = queue(s.payable.slice(0, Math.floor(s.payable.length / 2)));
  const probe = await post('/pledge-payments/', singleBody(take()!, asOf));
  if (probe.status === 404 || probe.status === 405) {
    results.push({
      line: `POST /pledge-payments/: route not there (${probe.status}), not measured`,
      p95: null,
    });
    return { results, rate: null };
  }
  if (probe.status !== 201) throw new Error(`payment: ${probe.status} ${await probe.text()}`);
  // Warm (the server's code, the database's pages), so that neither run below pays for it alone: the
  // clients' run came first and cold, and looked three times slower than one client after it.
  for (let i = 0; i < warmUp; i++) {
    const p = take();
    if (!p) break;
    const res = await post('/pledge-payments/', singleBody(p, asOf));
    if (res.status !== 201) throw new Error(`payment: ${res.status} ${await res.text()}`);
  }
  const payOne = async () => {
    const p = take();
    if (!p) return null;
    const res = await post('/pledge-payments/', singleBody(p, asOf));
    const text = await res.text();
    return res.status === 201 ? 'ok' : `${res.status} ${text.slice(0, 200)}`;
  };
  // One client, then CLIENTS, for PAY_SECONDS each: side by side, the same server, the same minute.
  const alone = await concurrently(payOne, 1);
  const run = await concurrently(payOne);
  results.push({
    line: `POST /pledge-payments/, one client for ${alone.seconds.toFixed(1)} s: ${alone.rate.toFixed(1)} payments/s; ${fmt(alone.times)}${alone.cpu}`,
    p95: null,
  });
  results.push({
    line: `POST /pledge-payments/, ${clients} clients for ${run.seconds.toFixed(1)} s: ${run.rate.toFixed(1)} payments/s; ${fmt(run.times)}${run.cpu}`,
    p95: null,
  });
  results.push({
    line: `  ${clients} clients / one client: ${(run.rate / alone.rate).toFixed(2)} (goal ≥ 1)`,
    p95: null,
  });
  for (const [why, n] of [...alone.failures, ...run.failures])
    results.push({ line: `  FAILED ${n} x ${why}`, p95: Number.POSITIVE_INFINITY });
  const one: number[] = [];
  for (let i = 0; i < Math.min(queries, 100); i++) {
    const p = take();
    if (!p) break;
    const t0 = performance.now();
    const res = await post('/pledge-payments/', singleBody(p, asOf));
    const text = await res.text();
    if (res.status !== 201) throw new Error(`payment: ${res.status} ${text.slice(0, 300)}`);
    one.push(performance.now() - t0);
  }
  results.push({
    line: `a single payment, one after another: ${fmt(one)} (goal p95 ≤ 15 ms)`,
    p95: stats(one).p95,
  });
  const five: number[] = [];
  for (const f of s.fivePledges.slice(0, Math.min(queries, 100))) {
    const t0 = performance.now();
    const res = await post(`/customers/${f.customerId}/multiple-pledge-payment`, multipleBody(f, asOf));
    const text = await res.text();
    if ((res.status === 404 || res.status === 405) && five.length === 0 && text.includes('Route')) break;
    if (res.status !== 201) throw new Error(`multiple payment: ${res.status} ${text.slice(0, 300)}`);
    five.push(performance.now() - t0);
  }
  results.push({
    line:
      five.length > 0
        ? `a five-pledge multiple payment, one after another: ${fmt(five)}`
        : 'POST /customers/{id}/multiple-pledge-payment: route not there, not measured',
    p95: five.length > 0 ? stats(five).p95 : null,
  });
  return { results, rate: run.rate };
}

/** The payables the API leaves (it takes the first half), in two even quarters for the straight runs. */
function secondHalf(payable: Payable[]): Payable[] {
  const rest = payable.slice(Math.floor(payable.length / 2));
  return rest.slice(0, rest.length - (rest.length % 2));
}

/**
 * (c) the payment's own service straight on the database (`takeSinglePayment`, what the route calls):
 * the same transaction as through the API, its audit row and its answer included, without HTTP, the
 * session, the route's checks and the Idempotency-Key; CLIENTS at a time in one process. (b) is
 * recordReceipt and the reads before it only, without the audit row or the answer's reads.
 */
async function measurePayingService(book: PaymentBook, s: Samples, asOf: string) {
  const open = await openDb(book.database);
  try {
    const db = open.db;
    const [admin] = rowsOf<{ id: number; username: string }>(
      await db.execute(sql`select id, username from users where username = 'admin'`),
    );
    const user = { id: admin!.id, username: admin!.username, role: 'admin' as const };
    const rest = secondHalf(s.payable);
    const take = queue(rest.slice(rest.length / 2));
    return await concurrently(async () => {
      const p = take();
      if (!p) return null;
      try {
        await takeSinglePayment(
          db,
          {
            companyId: book.companyId,
            userId: user.id,
            today: asOf,
            approval: { user, ip: '127.0.0.1', approver: null },
          },
          pledgePaymentSchema.parse(singleBody(p, asOf)),
        );
        return 'ok';
      } catch (e) {
        return String((e as Error).message).slice(0, 200);
      }
    });
  } finally {
    await open.close();
  }
}

/**
 * (b) straight on the database: the transaction a single payment runs (lock the pledge, read its
 * payments, check it is payable, take the balance, recordReceipt), CLIENTS at a time in one process.
 */
async function measurePayingDirect(book: PaymentBook, s: Samples, asOf: string) {
  const open = await openDb(book.database);
  try {
    const db = open.db;
    const companyId = book.companyId;
    const [admin] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from users where username = 'admin'`),
    );
    const take = queue(secondHalf(s.payable).slice(0, secondHalf(s.payable).length / 2));
    return await concurrently(async () => {
      const p = take();
      if (!p) return null;
      try {
        await db.transaction(async (tx) => {
          const pledge = (await lockPledge(tx, companyId, p.pledgeId))!;
          assertPayable(pledge);
          const stored = storedPaymentsOf(await loadStoredPayments(tx, companyId, [p.pledgeId]), p.pledgeId);
          const after = balanceOf(
            pledge,
            {
              ...stored,
              parts: [
                ...stored.parts,
                { date: asOf, interestPaise: p.interestPaise, principalPaise: p.principalPaise },
              ],
            },
            asOf,
          );
          await recordReceipt(tx, {
            companyId,
            userId: admin!.id,
            customerId: pledge.customerId,
            kind: 'single',
            paymentDate: asOf,
            paymentMethod: 'cash',
            remarks: 'bench direct',
            parts: [
              {
                pledge,
                paymentType: p.principalPaise > 0 ? 'partial_principal' : 'interest',
                interestPaise: p.interestPaise,
                principalPaise: p.principalPaise,
                penaltyPaise: 0,
                discountPaise: 0,
                balanceAfterPaise: after.remainingPrincipalPaise + after.remainingInterestPaise,
                closes: false,
              },
            ],
          });
        });
        return 'ok';
      } catch (e) {
        return String((e as Error).message).slice(0, 200);
      }
    });
  } finally {
    await open.close();
  }
}

/**
 * The plans of the page and the count of 'a month + a type + a method', the very queries
 * payment-history.repository.ts builds, straight on the database: the index, and the time inside it.
 */
async function plan(book: PaymentBook, s: Samples): Promise<void> {
  const open = await openDb(book.database);
  try {
    const m = s.months[Math.floor(s.months.length / 2)]!;
    const filter = {
      from_date: m.from,
      to_date: m.to,
      payment_type: 'partial_principal',
      payment_method: 'cheque',
    };
    const cases: [string, SQLWrapper][] = [
      ['page', pagePaymentIdsQuery(open.db, book.companyId, { ...filter, skip: 0, limit: 10 })],
      ['count', countPaymentsSql(book.companyId, filter)],
    ];
    for (const [what, query] of cases) {
      const lines = rowsOf<Record<string, string>>(
        await open.db.execute(sql`explain (analyze, costs off) ${query}`),
      ).map((r) => String(Object.values(r)[0]));
      const time = lines.find((l) => l.startsWith('Execution Time'));
      const used = [
        ...new Set(
          lines.flatMap(
            (l) =>
              l.match(/(Seq Scan on|Bitmap Index Scan on|Index (Only )?Scan( Backward)? using) \w+/g) ?? [],
          ),
        ),
      ];
      console.log(`  plan of the ${what}, a month + type + method: ${used.join(', ')}; ${time}`);
    }
  } finally {
    await open.close();
  }
}

/**
 * pgbench's TPC-B on the PostgreSQL server the book is on: a scratch database of its own (initialised
 * with -s PGBENCH_SCALE, dropped after), 8 clients on 2 threads for PAY_SECONDS. Answers its
 * transactions a second (without the initial connection time), or null with the reason printed.
 */
async function pgbenchTps(url: string): Promise<number | null> {
  const run = promisify(execFile);
  const u = new URL(url);
  const name = 'payments_bench_pgbench';
  const conn = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username || 'postgres')];
  const env = { ...process.env, ...(u.password ? { PGPASSWORD: decodeURIComponent(u.password) } : {}) };
  const admin = (statement: string) => pgAdmin((c) => c.query(statement));
  try {
    await admin(`drop database if exists ${name} with (force)`);
    await admin(`create database ${name}`);
    await run(pgbenchPath, ['-i', '-q', '-s', String(pgbenchScale), ...conn, name], { env });
    const { stdout } = await run(
      pgbenchPath,
      ['-c', '8', '-j', '2', '-T', String(paySeconds), ...conn, name],
      { env },
    );
    const tps = stdout.match(/tps = ([\d.]+) \(without initial connection time\)/);
    if (!tps) {
      console.log(`  pgbench: no tps in its output: ${stdout.slice(-300)}`);
      return null;
    }
    return Number(tps[1]);
  } catch (e) {
    console.log(`  pgbench: ${String((e as Error).message).split('\n')[0]}, not measured`);
    return null;
  } finally {
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
  }
}

console.log(`payments: ${queries} requests of each kind; ${os.cpus().length} cores, load ${load()}`);
const asOf = businessToday();
let allOk = true;
for (const kind of kinds) {
  const book = await paymentBook(kind, sizes[kind]);
  if (!book) {
    console.log(`postgres: not reachable at ${pgBase}, skipped`);
    continue;
  }
  const [count] = await (async () => {
    const open = await openDb(book.database);
    try {
      return rowsOf<{ n: number }>(
        await open.db.execute(sql`select count(*)::int as n from pledge_payments`),
      );
    } finally {
      await open.close();
    }
  })();
  console.log(
    `${kind}, ${Number(count!.n).toLocaleString('en-IN')} payments${book.built ? '' : ' (built before)'}:`,
  );
  const samples = await sample(book, asOf);
  const env = {
    ...book.env,
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    SKIP_WEB_BUILD: 'true',
    ...(kind === 'postgres' ? { WORKERS: workers } : {}),
  };
  const { child, port, readyMs } = await startServer(env);
  console.log(
    `  server ready in ${(readyMs / 1000).toFixed(1)} s${kind === 'postgres' ? ` (WORKERS=${workers})` : ''}`,
  );
  let apiRate: number | null = null;
  try {
    const base = `http://127.0.0.1:${port}/api`;
    const headers = await signIn(base, book.companyId);
    for (const r of await measureHistory(base, headers, samples)) {
      console.log(`  ${r.line}`);
      if (r.p95 != null && r.goal != null && r.p95 >= r.goal) allOk = false;
    }
    const paying = await measurePayingApi(base, headers, samples, asOf);
    apiRate = paying.rate;
    for (const r of paying.results) {
      console.log(`  ${r.line}`);
      if (r.p95 === Number.POSITIVE_INFINITY) allOk = false;
    }
  } finally {
    await stopServer(child);
  }
  const direct = await measurePayingDirect(book, samples, asOf);
  console.log(
    `  the reads and recordReceipt straight on the database (as before 2026-11-30), ${clients} workers for ${direct.seconds.toFixed(1)} s: ${direct.rate.toFixed(1)} payments/s; ${fmt(direct.times)}${direct.cpu}`,
  );
  for (const [why, n] of direct.failures) console.log(`    FAILED ${n} x ${why}`);
  const service = await measurePayingService(book, samples, asOf);
  console.log(
    `  the payment's service (takeSinglePayment) straight on the database, ${clients} workers for ${service.seconds.toFixed(1)} s: ${service.rate.toFixed(1)} payments/s; ${fmt(service.times)}${service.cpu}`,
  );
  for (const [why, n] of service.failures) console.log(`    FAILED ${n} x ${why}`);
  if (apiRate !== null) {
    console.log(`  API / recordReceipt straight: ${((apiRate / direct.rate) * 100).toFixed(0)} %`);
    const ratio = (apiRate / service.rate) * 100;
    console.log(`  API / the same transaction straight (the service): ${ratio.toFixed(0)} % (goal ≥ 70 %)`);
    if (ratio < 70) allOk = false;
  }
  if (kind === 'postgres' && apiRate !== null && process.env.PGBENCH !== '0') {
    const tps = await pgbenchTps(book.env.DATABASE_URL!);
    if (tps !== null) {
      const ratio = apiRate / tps;
      console.log(
        `  pgbench TPC-B -s ${pgbenchScale} -c 8 -j 2 -T ${paySeconds}: ${tps.toFixed(0)} tps; API payments/s (${clients} clients, WORKERS=${workers}) / pgbench tps: ${ratio.toFixed(3)} (goal ≥ 0.15); load ${load()}`,
      );
      if (ratio < 0.15) allOk = false;
    }
  }
  await plan(book, samples);
  console.log(`  load after: ${load()}`);
}
process.exit(allOk ? 0 : 1);
