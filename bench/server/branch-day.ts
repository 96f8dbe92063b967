// The branch's day at scale: a branch of 100,000 pledges over a year with
// payments (branch-day-data.ts, built once into a named database later runs reuse), read through the
// real HTTP API of a server process signed in as admin, one client, one request after another:
// - the dashboard as of the book's last day (goal p95 < 100 ms) and the all-branches dashboard
//   (scope=all, three branches);
// - the registers of item 4 (goal each < 1 s for a year): the pledge book (first page, a middle page,
//   the CSV of a month), the vault register (first page, CSV), the overdue register, the collections
//   and disbursements reports (JSON first page, CSV of the year). A route the server does not have
//   (404 without a route) is reported as missing, not measured.
//
//   npm run bench -- branch-day      (or npx tsx bench/server/branch-day.ts)
//   DB=postgres,pglite QUERIES=100 SLOW_QUERIES=10 BRANCH_PLEDGES=100000 REQUEST_TIMEOUT_S=60
//   ONLY=<parts of requests' names, comma-separated> (a request over 10 s is measured once)
//   BENCH_NAME=<database / directory name> (default branch_day_bench_<size>): a book of its own
//
// The built data stays out of the repository: PostgreSQL database branch_day_bench_100k (on
// BENCH_PG_URL), PGlite directory $BENCH_DATA_DIR/branch-day-bench-100k. Drop or remove it to rebuild.
import os from 'node:os';
import { addDays } from '@pledge-desk/domain';
import { type BranchBook, branchBook } from './branch-day-data.ts';
import { BOOK_END, benchAdminToken } from './pledges-data.ts';
import { giveUpAfter, load, startServer, stats, stopServer } from './support.ts';

const queries = Number(process.env.QUERIES ?? 100);
/** Requests of each register (each may take up to a second). */
const slowQueries = Number(process.env.SLOW_QUERIES ?? 10);
const kinds = (process.env.DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[];
const pledges = Number(process.env.BRANCH_PLEDGES ?? 100_000);
/** Only the requests whose name contains one of these (e.g. ONLY=dashboard,collections). */
const only = (process.env.ONLY ?? '').split(',');
/** A request still unanswered after this is given up and reported (the goal is a second). */
const timeoutMs = Number(process.env.REQUEST_TIMEOUT_S ?? 60) * 1000;
giveUpAfter('branch-day', Number(process.env.BENCH_MINUTES ?? 40));

const YEAR_FROM = addDays(BOOK_END, -364);
const MONTH_FROM = `${BOOK_END.slice(0, 7)}-01`;
const PREV_MONTH_FROM = addDays(MONTH_FROM, -1).slice(0, 8).concat('01');
const PREV_MONTH_TO = addDays(MONTH_FROM, -1);

interface Case {
  name: string;
  url: string;
  /** Goal of the p95 in ms. */
  goal: number;
  /** How many requests (the dashboard many, a year's register a few). */
  n: number;
  /** What the answer must be (a register's CSV is text, the rest JSON). */
  csv?: boolean;
}

function cases(): Case[] {
  const q = queries;
  const s = slowQueries;
  const year = `from=${YEAR_FROM}&to=${BOOK_END}`;
  return [
    { name: 'dashboard (one branch)', url: `/dashboard?as_of=${BOOK_END}`, goal: 100, n: q },
    { name: 'dashboard (all branches)', url: `/dashboard?as_of=${BOOK_END}&scope=all`, goal: 100, n: q },
    { name: 'pledge book, a year, first page', url: `/registers/pledge-book?${year}`, goal: 1000, n: s },
    {
      name: 'pledge book, a year, a middle page',
      url: `/registers/pledge-book?${year}&page=1000`,
      goal: 1000,
      n: s,
    },
    {
      name: 'pledge book, CSV of a month',
      url: `/registers/pledge-book?from=${PREV_MONTH_FROM}&to=${PREV_MONTH_TO}&format=csv`,
      goal: 1000,
      n: s,
      csv: true,
    },
    { name: 'vault register, first page', url: `/registers/vault?as_of=${BOOK_END}`, goal: 1000, n: s },
    {
      name: 'vault register, CSV',
      url: `/registers/vault?as_of=${BOOK_END}&format=csv`,
      goal: 1000,
      n: s,
      csv: true,
    },
    { name: 'overdue register, first page', url: `/registers/overdue?as_of=${BOOK_END}`, goal: 1000, n: s },
    {
      name: 'overdue register, CSV',
      url: `/registers/overdue?as_of=${BOOK_END}&format=csv`,
      goal: 1000,
      n: s,
      csv: true,
    },
    { name: 'collections, a year, first page', url: `/reports/collections?${year}`, goal: 1000, n: s },
    {
      name: 'collections, CSV of the year',
      url: `/reports/collections?${year}&format=csv`,
      goal: 1000,
      n: s,
      csv: true,
    },
    { name: 'disbursements, a year, first page', url: `/reports/disbursements?${year}`, goal: 1000, n: s },
    {
      name: 'disbursements, CSV of the year',
      url: `/reports/disbursements?${year}&format=csv`,
      goal: 1000,
      n: s,
      csv: true,
    },
  ];
}

async function signIn(base: string, companyId: number) {
  const token = await benchAdminToken(base);
  return { authorization: `Bearer ${token}`, 'x-company-id': String(companyId) };
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function measure(kind: string, book: BranchBook): Promise<string[]> {
  const server = await startServer(book.env);
  const base = `http://127.0.0.1:${server.port}/api`;
  const lines: string[] = [];
  try {
    const headers = await signIn(base, book.companyId);
    for (const c of cases().filter((x) => only.some((o) => x.name.includes(o)))) {
      const took: number[] = [];
      let note = '';
      let size = 0;
      // One request first, not counted: the first read of the tables after the server starts.
      const t0 = performance.now();
      let first: Response;
      let firstBody: string;
      try {
        first = await fetch(`${base}${c.url}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
        firstBody = await first.text();
      } catch (e) {
        lines.push(
          `| ${kind} | ${c.name} | no answer within ${timeoutMs / 1000} s (${(e as Error).name}) | | MISSED (< ${c.goal} ms) | |`,
        );
        console.log(lines.at(-1));
        continue;
      }
      const firstMs = performance.now() - t0;
      if (first.status === 404 && firstBody === '{"detail":"Not Found"}') {
        lines.push(`| ${kind} | ${c.name} | not on this branch (404, no such route) | | | |`);
        continue;
      }
      if (first.status !== 200) {
        lines.push(
          `| ${kind} | ${c.name} | answered ${first.status}: ${firstBody.slice(0, 120).replaceAll('|', '/')} | | | |`,
        );
        continue;
      }
      // A request of more than 10 s is measured once (the first), not c.n times more.
      if (firstMs > 10_000) {
        lines.push(
          `| ${kind} | ${c.name} | ${ms(firstMs)} (one request) | ${ms(firstMs)} | MISSED (< ${c.goal} ms) | ${(firstBody.length / 1024).toFixed(0)} KB, 1 req |`,
        );
        console.log(lines.at(-1));
        continue;
      }
      for (let i = 0; i < c.n; i++) {
        const t0 = performance.now();
        const res = await fetch(`${base}${c.url}`, { headers });
        const body = await res.text();
        took.push(performance.now() - t0);
        size = body.length;
        if (res.status !== 200) note = ` (answered ${res.status})`;
        const type = res.headers.get('content-type') ?? '';
        if (c.csv && !type.includes('csv')) note = ` (not CSV: ${type})`;
      }
      const s = stats(took);
      const verdict = s.p95 < c.goal ? 'met' : 'MISSED';
      lines.push(
        `| ${kind} | ${c.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${verdict} (< ${c.goal} ms)${note} | ${(size / 1024).toFixed(0)} KB, ${s.n} req |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await stopServer(server.child);
  }
  return lines;
}

const out: string[] = [];
console.log(
  `branch-day: ${os.cpus().length} cores, load ${load()}, ${queries} requests per dashboard, ${slowQueries} per register`,
);
for (const kind of kinds) {
  const book = await branchBook(kind, pledges);
  if (!book) {
    console.log(`  ${kind}: PostgreSQL not reachable, skipped`);
    continue;
  }
  console.log(
    `  ${kind}: ${book.pledges.toLocaleString('en-IN')} pledges, ${book.payments.toLocaleString('en-IN')} payments, ${book.companyIds.length} branches${book.built ? ' (built now)' : ''}; load ${load()}`,
  );
  out.push(...(await measure(kind, book)));
}
console.log(`\nload after: ${load()}\n`);
console.log('| DB | request | p50 | p95 | goal | answer |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const l of out) console.log(l);
