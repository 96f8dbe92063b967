// The chain at full size (issue 18, item 3 "Chain-size data"; the measurements of item 4 stand on it):
// CHAIN_BRANCHES branches of CHAIN_PLEDGES_EACH live pledges each, with about three payments of every
// payable pledge and every voucher (chain-data.ts, built once by SQL set operations into a named
// PostgreSQL database that later runs reuse). Prints the chain's size and the time its build took, then
// runs the measurement cases (none yet: item 4 adds them to `cases` below) through the real HTTP API of
// a server process signed in as the bench admin.
//
//   npm run bench -- chain      (or npx tsx bench/server/chain.ts)
//   CHAIN_BRANCHES=5000 CHAIN_PLEDGES_EACH=1000 CHAIN_BATCH=100 (branches copied a statement)
//   CHAIN_PROGRESS_EVERY=500 (branches between progress lines) BENCH_MINUTES=90
//   ONLY=<parts of cases' names, comma-separated> REQUEST_TIMEOUT_S=60
//   BENCH_NAME=<database name> (default chain_bench_<branches>x<pledges>): a chain of its own
//
// The built data stays out of the repository: PostgreSQL database chain_bench_5000x1000 on
// BENCH_PG_URL: about 28 GB, built in about 12 minutes on 2 cores (extrapolated from 50 branches, 10 s
// and 0.30 GB, and 200 branches, 31 s and 1.15 GB: 0.14 s and 5.7 MB a branch). Drop it to build again:
// `dropdb -h 127.0.0.1 -U postgres chain_bench_5000x1000`.
import os from 'node:os';
import { type ChainBook, chainBook, chainSize } from './chain-data.ts';
import { BENCH_ADMIN_PASSWORD } from './pledges-data.ts';
import { giveUpAfter, load, startServer, stats, stopServer } from './support.ts';

/** Only the cases whose name contains one of these (e.g. ONLY=pledge list,search). */
const only = (process.env.ONLY ?? '').split(',');
/** A request still unanswered after this is given up and reported. */
const timeoutMs = Number(process.env.REQUEST_TIMEOUT_S ?? 60) * 1000;
giveUpAfter('chain', Number(process.env.BENCH_MINUTES ?? 90));

interface Case {
  name: string;
  /** The request, given the chain (say, to pick a branch or a pledge of it). */
  url: (chain: ChainBook) => string;
  /** The branch it is asked of (x-company-id). */
  companyId: (chain: ChainBook) => number;
  /** Goal of the p95 in ms. */
  goal: number;
  /** How many requests. */
  n: number;
}

/** The measurements (issue 18 item 4 adds them): each is asked n times, one after another. */
function cases(): Case[] {
  return [];
}

async function signIn(base: string) {
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: BENCH_ADMIN_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in: ${login.status}`);
  const token = ((await login.json()) as { access_token: string }).access_token;
  return (companyId: number) => ({ authorization: `Bearer ${token}`, 'x-company-id': String(companyId) });
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

async function measure(chain: ChainBook): Promise<string[]> {
  const chosen = cases().filter((x) => only.some((o) => x.name.includes(o)));
  if (chosen.length === 0) return [];
  const server = await startServer(chain.env);
  const base = `http://127.0.0.1:${server.port}/api`;
  const lines: string[] = [];
  try {
    const headersOf = await signIn(base);
    for (const c of chosen) {
      const headers = headersOf(c.companyId(chain));
      const url = `${base}${c.url(chain)}`;
      // One request first, not counted.
      const first = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
      const firstBody = await first.text();
      if (first.status !== 200) {
        lines.push(
          `| ${c.name} | answered ${first.status}: ${firstBody.slice(0, 120).replaceAll('|', '/')} | | |`,
        );
        continue;
      }
      const took: number[] = [];
      for (let i = 0; i < c.n; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer();
        took.push(performance.now() - t0);
      }
      const s = stats(took);
      lines.push(
        `| ${c.name} | ${ms(s.p50)} | ${ms(s.p95)} | ${s.p95 < c.goal ? 'met' : 'MISSED'} (< ${c.goal} ms) |`,
      );
      console.log(lines.at(-1));
    }
  } finally {
    await stopServer(server.child);
  }
  return lines;
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
const out = await measure(chain);
if (out.length > 0) {
  console.log(`\nload after: ${load()}\n`);
  console.log('| request | p50 | p95 | goal |');
  console.log('| --- | --- | --- | --- |');
  for (const l of out) console.log(l);
}
