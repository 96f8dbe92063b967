/**
 * Starts the real server on a fresh embedded database for the browser tests:
 * builds the web app when its sources are newer than `apps/web/dist`, creates a `clerk` account with
 * the server's CLI and fills the legacy store from the sample file (both before the server opens the
 * single-process PGlite database), starts the server on
 * a free port and hands its address to the tests through `inject('baseUrl')`.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { chooseChromium } from './browser.ts';
import { adminCredentials, clerkCredentials } from './credentials.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const repoRoot = resolve(import.meta.dirname, '..');
const webDir = join(repoRoot, 'apps/web');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/**
 * A minimal environment for the children. Vitest's own additions (NODE_ENV=test, MODE, DEV and more)
 * make `vite build` bundle React's development build, half again as large, so nothing is inherited
 * but the path, home and temp folder; and never a DATABASE_URL: the tests run on a fresh embedded database.
 */
export function cleanEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...extra };
}

function buildWebIfStale(): void {
  const builtAt = newestMtime(join(webDir, 'dist/index.html'));
  const sources = [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'tamil-pack.ts'),
    join(repoRoot, 'packages/domain/src'),
  ];
  const changedAt = Math.max(...sources.map(newestMtime));
  if (builtAt > 0 && builtAt >= changedAt) return;
  const result = spawnSync('npm', ['run', 'build', '-w', '@pledge-desk/web'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: cleanEnv({ NODE_ENV: 'production' }),
  });
  if (result.status !== 0) throw new Error(`Building the web app failed (exit ${String(result.status)})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer ${url} within 90 s:\n${log()}`);
}

/** The `clerk` account (role user) through the server's CLI, on the database `env` names. */
function createClerk(env: NodeJS.ProcessEnv): void {
  const created = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/create-user.ts',
      '--username',
      clerkCredentials.username,
      '--password',
      clerkCredentials.password,
      '--role',
      'user',
    ],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (created.status !== 0) {
    throw new Error(
      `create-user failed (exit ${String(created.status)}):\n${created.stdout}\n${created.stderr}`,
    );
  }
}

/**
 * Starts the server (`apps/server/src/main.ts`) with `env` on `port` and waits for /api/health. `stop`
 * ends it (SIGTERM, SIGKILL after 10 s) and then runs `cleanup`; a server that does not come up is
 * stopped and cleaned up before the error is thrown, with its last output in the message.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv,
  port: number,
  cleanup: () => Promise<void>,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await cleanup();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * A server of a suite's own, on a fresh embedded database in a temporary folder (with a copy of the
 * web build the global setup made), for a suite whose records the shared server's suites must not see.
 * `stop` ends the process and removes the folder.
 */
/**
 * The cash limit (₹20,000 by default) would stop most suites' cash pledges and payments, which
 * are about other things: their servers get a limit of one crore. `day-close.e2e.ts` keeps the default
 * and meets the limit on purpose (`keepCashLimit`).
 */
export async function raiseCashLimit(
  baseUrl: string,
  password: string = adminCredentials.password,
): Promise<void> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: adminCredentials.username, password }),
  });
  if (!login.ok) throw new Error(`raiseCashLimit: sign-in failed (${login.status})`);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await fetch(`${baseUrl}/api/companies/?skip=0&limit=100`, { headers: auth });
  const companies = (await listed.json()) as { id: number }[];
  for (const company of companies) {
    const put = await fetch(`${baseUrl}/api/companies/${company.id}/cash-settings`, {
      method: 'PUT',
      headers: { ...auth, 'Content-Type': 'application/json', 'X-Company-Id': String(company.id) },
      body: JSON.stringify({ cash_limit: 10_000_000, cash_limit_mode: 'warn' }),
    });
    if (!put.ok) throw new Error(`raiseCashLimit: ${put.status} ${await put.text()}`);
  }
}

export async function startOwnServer(
  name: string,
  adminPassword: string,
  options: { env?: Record<string, string>; withClerk?: boolean; keepCashLimit?: boolean } = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const tmpRoot = mkdtempSync(join(tmpdir(), `pledge-desk-e2e-${name}-`));
  const dataDir = join(tmpRoot, 'data');
  mkdirSync(dataDir);
  mkdirSync(join(tmpRoot, 'backups'));
  const webDist = join(tmpRoot, 'web');
  cpSync(resolve(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  const port = await freePort();
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_PASSWORD: adminPassword,
    // No scheduled backup: one taken at start would run beside the first screens (its card's spinner
    // while it runs); the admins' banner then says none was taken, the same on every run.
    BACKUP_DIR: join(tmpRoot, 'backups'),
    BACKUP_AT: 'off',
    ...options.env,
  });
  // A suite that needs the counter clerk on its own database (the day close) asks for it.
  if (options.withClerk) createClerk(env);
  const server = await startServerProcess(env, port, async () =>
    rmSync(tmpRoot, { recursive: true, force: true }),
  );
  if (!options.keepCashLimit) {
    try {
      await raiseCashLimit(server.baseUrl, adminPassword);
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  return server;
}

/**
 * Says which Chromium the suites will drive (e2e/browser.ts) and unpacks the bundled one now, once,
 * rather than in the first test file's hooks.
 */
async function announceChromium(): Promise<void> {
  const choice = await chooseChromium();
  const version = spawnSync(choice.executablePath, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  const said = version.status === 0 ? version.stdout.trim() : `--version failed: ${version.stderr.trim()}`;
  const from = choice.version ? `@sparticuz/chromium ${choice.version}` : choice.source;
  console.log(`e2e: ${said} (${from}, ${choice.executablePath})`);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await announceChromium();
  buildWebIfStale();

  const tmpRoot = mkdtempSync(join(tmpdir(), 'pledge-desk-e2e-'));
  const dataDir = join(tmpRoot, 'data');
  mkdirSync(dataDir);
  mkdirSync(join(tmpRoot, 'backups'));
  // The server serves a copy of the build: a rebuild in the shared checkout while the tests run would
  // otherwise swap the hashed files under it.
  const webDist = join(tmpRoot, 'web');
  cpSync(join(webDir, 'dist'), webDist, { recursive: true });
  const port = await freePort();
  // Always the embedded database in a fresh folder, whatever the developer's shell points at.
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    ADMIN_PASSWORD: adminCredentials.password,
    // No scheduled backup: one taken at start would run beside the first screens (its card's spinner
    // while it runs); the admins' banner then says none was taken, the same on every run.
    BACKUP_DIR: join(tmpRoot, 'backups'),
    BACKUP_AT: 'off',
  });

  try {
    createClerk(env);
  } catch (error) {
    rmSync(tmpRoot, { recursive: true, force: true });
    throw error;
  }

  // The Migrate screen searches the legacy store; the server's CLI fills it from the sample file.
  const imported = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/cli/legacy-import.ts',
      'apps/server/fixtures/legacy/legacy-customers.csv',
    ],
    { cwd: repoRoot, env, encoding: 'utf8' },
  );
  if (imported.status !== 0) {
    rmSync(tmpRoot, { recursive: true, force: true });
    throw new Error(
      `legacy-import failed (exit ${String(imported.status)}):\n${imported.stdout}\n${imported.stderr}`,
    );
  }

  const { baseUrl, stop } = await startServerProcess(env, port, async () =>
    rmSync(tmpRoot, { recursive: true, force: true }),
  );
  try {
    await raiseCashLimit(baseUrl);
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide('baseUrl', baseUrl);
  // No server on PostgreSQL here: the browser flows run on this one (docs/decisions.md); the files
  // that try PostgreSQL in the browser (postgres.e2e.ts, whole-day.e2e.ts) start their own.
  return stop;
}

/**
 * The same server on PostgreSQL (the same schema and migrations, applied at start), on a database of its
 * own made from TEST_DATABASE_URL (`base`) and dropped afterwards.
 */
async function startPostgresServer(
  base: string,
  webDist: string,
  tag: string,
  afterStop: () => Promise<void>,
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `pd_${tag}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const port = await freePort();
  const server = await startServerProcess(
    cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      // Two worker processes behind one port, as a chain's server runs: the browser's
      // requests land on either, so nothing a screen needs may live in one process's memory. Said
      // here, not left to the machine's core count, so every machine runs the same shape.
      WORKERS: '2',
      WEB_DIST: webDist,
      ADMIN_PASSWORD: adminCredentials.password,
    }),
    port,
    async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await afterStop();
    },
  );
  try {
    // The clerk too, as on the embedded server (PostgreSQL takes the CLI beside the running server).
    createClerk(cleanEnv({ DATABASE_URL: url.toString() }));
    await raiseCashLimit(server.baseUrl);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/**
 * A server of a suite's own on PostgreSQL, as the shared one on PGlite (the clerk, a cash limit of one
 * crore) but with two workers behind one port, on a fresh database of its own made from
 * TEST_DATABASE_URL and dropped afterwards: the smoke on PostgreSQL and the whole day there; null
 * without TEST_DATABASE_URL (a developer's machine without PostgreSQL).
 */
export async function startOwnPostgresServer(
  name: string,
): Promise<{ baseUrl: string; stop: () => Promise<void> } | null> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const tmpRoot = mkdtempSync(join(tmpdir(), `pledge-desk-e2e-${name}-pg-`));
  const webDist = join(tmpRoot, 'web');
  cpSync(resolve(repoRoot, 'apps/web/dist'), webDist, { recursive: true });
  try {
    return await startPostgresServer(
      base,
      webDist,
      name.replace(/[^a-z0-9]/gi, '_').toLowerCase(),
      async () => rmSync(tmpRoot, { recursive: true, force: true }),
    );
  } catch (error) {
    rmSync(tmpRoot, { recursive: true, force: true });
    throw error;
  }
}
