// Legacy migration at scale: the old system's customer file of 100,000 rows (TSCII CSV from
// the sample generator), imported with `npm run legacy:import` (goal: under 60 s, memory bounded: the
// file is streamed), imported again (adds nothing), then the Migrate screen's search through the real
// HTTP API (goal: p95 under 50 ms) by part of a Tamil name, an English name, a Tamil address, a phone
// or mobile number, and the customer number. Runs on PGlite (a temporary data dir) and, when
// reachable, on PostgreSQL (a fresh database on BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres).
//
//   npx tsx bench/server/legacy.ts      (ROWS=100000 QUERIES=100 DB=pglite,postgres)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ENGLISH_GIVEN,
  legacySampleRows,
  type SampleRow,
  TAMIL_GIVEN,
  TAMIL_PLACES,
  writeLegacyCsv,
} from '../../apps/server/scripts/legacy-sample.ts';
import { seededRandom } from '../../apps/server/src/seed/sample-people.ts';
import {
  benchDatabase,
  fmt,
  giveUpAfter,
  load,
  pgBase,
  root,
  startServer,
  stats,
  stopServer,
} from './support.ts';

const total = Number(process.env.ROWS ?? 100_000);
const queries = Number(process.env.QUERIES ?? 100);
const kinds = (process.env.DB ?? 'pglite,postgres').split(',');
const PASSWORD = 'bench-admin-1';
giveUpAfter('legacy', 12);

/**
 * `npm run legacy:import -- <file>` in a child process, as an operator runs it; its peak resident
 * memory is read from /proc (VmHWM) until it exits.
 */
async function runImport(
  file: string,
  env: Record<string, string>,
): Promise<{ seconds: number; peakMb: number; out: string }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/legacy-import.ts', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    err += d;
  });
  let peakKb = 0;
  const poll = setInterval(() => {
    try {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {}
  }, 50);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearInterval(poll);
  if (code !== 0) throw new Error(`legacy:import exited ${code}: ${err}`);
  return { seconds: (performance.now() - t0) / 1000, peakMb: peakKb / 1024, out: out.trim() };
}

/** The start of a word as a clerk types it: 3 to 6 characters. */
function fragment(rng: () => number, text: string): string {
  const words = text.split(/[\s,]+/).filter((w) => [...w].length >= 3);
  const chars = [...(words[Math.floor(rng() * words.length)] ?? text)];
  return chars.slice(0, Math.min(chars.length, 3 + Math.floor(rng() * 4))).join('');
}

async function measure(port: number, sample: SampleRow[]) {
  const base = `http://127.0.0.1:${port}/api`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const headers = { authorization: `Bearer ${token}` };
  const time = async (q: string) => {
    const t0 = performance.now();
    const res = await fetch(`${base}/legacy/customers/search?q=${encodeURIComponent(q)}`, { headers });
    const body = (await res.json()) as { data: unknown[] };
    const took = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
    return { took, count: body.data.length };
  };
  const rng = seededRandom(6);
  const pickOf = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const withMobile = sample.filter((r) => r.mobile !== '');
  const kinds: Record<string, string[]> = {
    'part of a Tamil name': Array.from({ length: queries }, () => fragment(rng, pickOf(TAMIL_GIVEN))),
    'part of an English name': Array.from({ length: queries }, () =>
      fragment(rng, pickOf(ENGLISH_GIVEN)).toLowerCase(),
    ),
    'part of a Tamil address': Array.from({ length: queries }, () => {
      const place = pickOf(TAMIL_PLACES);
      return fragment(rng, rng() < 0.5 ? pickOf(place.streets) : pickOf(place.areas));
    }),
    'part of a mobile number': Array.from({ length: queries }, () => {
      const m = pickOf(withMobile).mobile.replace(/\D/g, '');
      const len = 4 + Math.floor(rng() * 3);
      const at = Math.floor(rng() * (m.length - len + 1));
      return m.slice(at, at + len);
    }),
    'customer number': Array.from({ length: queries }, () => pickOf(sample).pno || '1001'),
  };
  for (const q of kinds['part of a Tamil name']!.slice(0, 20)) await time(q);
  const all: number[] = [];
  let found = 0;
  let asked = 0;
  for (const [what, terms] of Object.entries(kinds)) {
    const took: number[] = [];
    for (const q of terms) {
      const r = await time(q);
      took.push(r.took);
      asked++;
      if (r.count > 0) found++;
    }
    all.push(...took);
    console.log(`  search by ${what}: ${fmt(took)}`);
  }
  console.log(`  all searches: ${fmt(all)} (${found} of ${asked} found someone)`);
  return stats(all).p95;
}

console.log(
  `legacy: ${total} legacy rows, ${queries} searches of each kind; ${os.cpus().length} cores, load ${load()}`,
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-legacy-'));
const file = path.join(dir, 'legacy-customers.csv');
const sample: SampleRow[] = [];
const t0 = performance.now();
await writeLegacyCsv(
  file,
  (function* keep() {
    for (const row of legacySampleRows(total, 100_000)) {
      if (sample.length < 5_000) sample.push(row);
      yield row;
    }
  })(),
);
console.log(
  `  wrote ${path.basename(file)}: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

let allOk = true;
try {
  for (const kind of kinds) {
    const made = await benchDatabase(kind as 'pglite' | 'postgres', 'pd_bench_legacy');
    if (!made) {
      console.log(`postgres: not reachable at ${pgBase}, skipped`);
      continue;
    }
    const { cleanup } = made;
    const env = { ...made.env, ADMIN_PASSWORD: PASSWORD, SKIP_WEB_BUILD: 'true' };
    console.log(`${kind}:`);
    try {
      const first = await runImport(file, env);
      console.log(
        `  import: ${first.seconds.toFixed(1)} s wall (process start and migrations included), peak RSS ${first.peakMb.toFixed(0)} MB`,
      );
      console.log(first.out.replace(/^/gm, '    '));
      const again = await runImport(file, env);
      console.log(
        `  import again: ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb.toFixed(0)} MB; ${again.out.split('\n')[1]}`,
      );
      const { child, port } = await startServer(env);
      try {
        const p95 = await measure(port, sample);
        allOk &&= p95 < 50 && first.seconds < 60;
      } finally {
        await stopServer(child);
      }
      console.log(`  load after: ${load()}`);
    } finally {
      await cleanup();
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(allOk ? 0 : 1);
