import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  freePort,
  mainTs,
  serverDir,
  startServer,
  takenPort,
  tempDir,
  waitHealthy,
} from './test/server-process.ts';

// Process-level behaviour of the embedded database: a real `node` process, a real data directory.
function start(dataDir: string, port: number, extra: Record<string, string> = {}) {
  return startServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...extra });
}

// Each test starts real processes (tsx, PGlite); on a loaded 2-core machine that takes a while.
describe('the server process', { timeout: 120_000 }, () => {
  it('creates the data directory, prints the first admin password once, and refuses a second process', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const port = await freePort();
    const first = start(dataDir, port);
    await waitHealthy(port, first);
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(true);
    expect(first.output()).toMatch(/Admin password: [\w-]{16}/);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Pledge Desk process');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    // Restart: no new password, same data.
    const again = start(dataDir, port);
    await waitHealthy(port, again);
    expect(again.output()).not.toContain('Admin password');
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });

  it('finishes a request in flight when told to stop', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = start(dataDir, port, { ADMIN_PASSWORD: 'admin-pass-1' });
    await waitHealthy(port, server);
    // The request is in flight for certain: its headers and half its body are sent before SIGTERM,
    // the rest after.
    const body = JSON.stringify({ username: 'admin', password: 'admin-pass-1' });
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/auth/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(10)), 500);
      }, 500);
    });
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.connection).toBe('close');
    expect(await server.exited).toBe(0);
  });

  it('stays one process on the embedded database whatever WORKERS says, and says so', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const server = start(dataDir, port, { WORKERS: '4', LOG_LEVEL: 'info' });
    await waitHealthy(port, server);
    const ids = ['one-process-1', 'one-process-2', 'one-process-3'];
    for (const id of ids) {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, {
        headers: { 'x-request-id': id, connection: 'close' },
      });
      expect(res.status).toBe(200);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const out = server.output();
    expect(out).toContain('One server process: the embedded database is opened by one process only');
    expect(out).toContain('(database: ');
    expect(out).toMatch(/; one process\)/);
    // Every request was answered by the process started, none by a worker of it.
    const servedBy = out
      .split('\n')
      .filter((l) => l.startsWith('{') && l.includes('"request completed"'))
      .map((l) => JSON.parse(l) as { reqId: string; pid: number })
      .filter((l) => ids.includes(l.reqId));
    expect(servedBy.map((l) => l.reqId).sort()).toEqual(ids);
    expect(new Set(servedBy.map((l) => l.pid))).toEqual(new Set([server.child.pid]));
    expect(out).not.toContain('worker listening');
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'db.lock'), '999999');
    const port = await freePort();
    const server = start(dataDir, port);
    await waitHealthy(port, server);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('says the port is taken and what to do, without a stack trace, and lets the database go', async () => {
    const dataDir = tempDir();
    const { port, release } = await takenPort();
    try {
      const server = start(dataDir, port);
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(
        `Port ${port} on 127.0.0.1 is already in use (EADDRINUSE): another Pledge Desk, or another program, is listening there.`,
      );
      expect(server.output()).toContain(`PORT=${port + 1} npm start`);
      expect(server.output()).not.toMatch(/^\s+at /m);
      // The database was closed before the exit: its lock is gone.
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    } finally {
      await release();
    }
  });

  it('stops with a clear message on a bad setting', () => {
    const res = spawnSync(process.execPath, ['--import', 'tsx', mainTs], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: tempDir(), PORT: 'eighty' },
      encoding: 'utf8',
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('Invalid configuration:');
    expect(res.stderr).toContain('PORT="eighty": must be a number');
  });

  it('creates a user from the command line', () => {
    const dataDir = tempDir();
    const cli = path.join(serverDir, 'src/cli/create-user.ts');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
        cwd: serverDir,
        env: { ...process.env, DATA_DIR: dataDir, ADMIN_PASSWORD: 'admin-pass-1' },
        encoding: 'utf8',
      });
    const ok = run('--username', 'clerk', '--password', 'clerk-pass', '--role', 'user');
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Created user "clerk"/);
    const dup = run('--username', 'CLERK', '--password', 'clerk-pass');
    expect(dup.status).toBe(1);
    expect(dup.stderr).toContain('already exists');
  });
});
