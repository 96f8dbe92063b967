import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `npm start`'s entry (scripts/start.mjs) and resolves with the ms until /api/health answers. */
export async function startServer(
  env: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; readyMs: number; port: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, readyMs: performance.now() - t0, port };
    } catch {}
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)] ?? Number.NaN;
}

/** The 1-, 5- and 15-minute load averages, for the record of a run. */
export const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const ms = (x: number) => `${x.toFixed(1)} ms`;

export const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95), max: percentile(s, 100), n: s.length };
};

/** "p50 …, p95 …, max … (n requests)" of request times in ms. */
export const fmt = (xs: number[]) => {
  const s = stats(xs);
  return `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, max ${ms(s.max)} (${s.n} requests)`;
};

/** The PostgreSQL server the benchmarks make their databases on. */
export const pgBase =
  process.env.BENCH_PG_URL ?? process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A new empty database on `pgBase` (null when PostgreSQL is not reachable), and how to drop it. */
export async function freshPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({ connectionString: pgBase });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `${prefix}_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(pgBase);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: pgBase });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Bounds a benchmark: past `minutes` it is stopped, whatever its state, with exit code 2. */
export function giveUpAfter(name: string, minutes: number): void {
  setTimeout(() => {
    console.error(`${name}: over ${minutes} minutes, giving up`);
    process.exit(2);
  }, minutes * 60_000).unref();
}

/**
 * A fresh database of `kind` for a benchmark: the server's env for it (DATA_DIR or DATABASE_URL), the
 * `Database` to open it directly, and how to remove it. Null when PostgreSQL is not reachable.
 */
export async function benchDatabase(
  kind: 'pglite' | 'postgres',
  prefix: string,
): Promise<{
  env: Record<string, string>;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };
  cleanup: () => Promise<void>;
} | null> {
  if (kind === 'postgres') {
    const fresh = await freshPostgres(prefix);
    if (!fresh) return null;
    return { env: { DATABASE_URL: fresh.url }, database: { kind, url: fresh.url }, cleanup: fresh.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  return {
    env: { DATA_DIR: dir },
    database: { kind, dataDir: path.join(dir, 'db') },
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
