import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

// The real server (`npm start`'s build, apps/server/dist/main.js) as a child process, for the tests of
// process-level behaviour: the embedded database's single process and lock (main.pglite,
// lock-file.pglite), the build (built-server.pglite) and the workers on PostgreSQL (cluster.postgres). A test file that imports this gets its children killed and its
// temporary directories removed after its tests.

export const serverDir = path.resolve(import.meta.dirname, '../..');
export const mainTs = path.join(serverDir, 'src/main.ts');
export const repoDir = path.resolve(serverDir, '../..');

const children: ChildProcess[] = [];
const dirs: string[] = [];

/** Kills every server this file started (a file whose own cleanup needs them gone calls it first). */
export function killServers(): void {
  for (const c of children) c.kill('SIGKILL');
}

afterAll(() => {
  killServers();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A temporary directory, removed after the file's tests. */
export function tempDir(prefix = 'pd-proc-'): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(d);
  return d;
}

/** A port free at the moment of asking. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** A port held by another listener until `release` is called (for the port-taken cases). */
export async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const taken = net.createServer();
  const port = await new Promise<number>((resolve) =>
    taken.listen(0, '127.0.0.1', () => resolve((taken.address() as net.AddressInfo).port)),
  );
  return { port, release: () => new Promise((resolve) => taken.close(() => resolve())) };
}

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stdout: () => string;
  stderr: () => string;
  /** stdout and stderr together, in the order they arrived. */
  output: () => string;
}

/** The server's build, which the server projects' global setups make when stale (server-build.ts). */
export const mainJs = path.join(serverDir, 'dist/main.js');

/**
 * Starts the built server (what `npm start` runs, made by the global setup) with `env` over this
 * process's environment (HOST 127.0.0.1 unless told), under `wrapper` when given (e.g. `unshare … ` to
 * run it as PID 1 of a new PID namespace). A new data folder starts from the build's empty database.
 */
export function startServer(env: Record<string, string>, wrapper: string[] = []): ServerProcess {
  return spawnServer([process.execPath, mainJs], env, wrapper);
}

/**
 * Starts the server as `npm start` does (scripts/start.mjs: the build in apps/server/dist, built first
 * when stale), without building the web app.
 */
export function startBuiltServer(env: Record<string, string>): ServerProcess {
  return spawnServer([process.execPath, path.join(repoDir, 'scripts/start.mjs')], {
    SKIP_WEB_BUILD: 'true',
    ...env,
  });
}

function spawnServer(nodeArgs: string[], env: Record<string, string>, wrapper: string[] = []): ServerProcess {
  const [command, ...args] = wrapper.length > 0 ? [...wrapper, ...nodeArgs] : nodeArgs;
  const child = spawn(command!, args, {
    cwd: serverDir,
    // No scheduled backups unless a test asks (BACKUP_AT): one at start would write into the checkout.
    env: { ...process.env, HOST: '127.0.0.1', BACKUP_AT: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (b) => {
    stdout += b;
    output += b;
  });
  child.stderr?.on('data', (b) => {
    stderr += b;
    output += b;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr, output: () => output };
}

/** Waits for /api/health to answer 200; fails at once if the server exits first. */
export async function waitHealthy(port: number, server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until && server.child.exitCode === null && server.child.signalCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
