import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, killServers, type ServerProcess, startServer, takenPort } from './test/server-process.ts';
import { freshDatabase } from './test/test-app.ts';

// Several server processes on PostgreSQL (cluster.ts): the real entry, a real primary and its workers.
// Which process answered a request is read from the workers' own request logs (each JSON line has the
// pid, and the request id the test sent), so the API shows nothing new.
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  killServers();
  for (const drop of drops) await drop();
});

function start(env: Record<string, string>): ServerProcess {
  return startServer({ LOG_LEVEL: 'info', ...env });
}

type Server = ServerProcess;

async function until(what: string, server: Server, ready: () => boolean, timeoutMs = 90_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ready()) {
    if (Date.now() > end || server.child.exitCode !== null) {
      throw new Error(`${what}: not seen.\n${server.stdout()}\n${server.stderr()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The JSON log lines so far (the primary's plain lines, such as the running-at line, are left out). */
function logLines(server: Server): Record<string, unknown>[] {
  return server
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The pid of the worker that logged each request id. */
function servedBy(server: Server): Map<string, number> {
  const map = new Map<string, number>();
  for (const line of logLines(server)) {
    if (line.msg === 'request completed' && typeof line.reqId === 'string') {
      map.set(line.reqId, line.pid as number);
    }
  }
  return map;
}

function primaryEvents(server: Server, msg: string): Record<string, unknown>[] {
  return logLines(server).filter((l) => l.role === 'primary' && l.msg === msg);
}

/**
 * GET /api/health on a new connection (`Connection: close`): each request is a new connection the
 * primary hands to a listening worker. Answers the status; 0 when the connection failed, -1 when no
 * answer came within a minute.
 */
function health(port: number, requestId: string): Promise<number> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = (status: number) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(status);
    };
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/health',
        agent: false,
        headers: { connection: 'close', 'x-request-id': requestId },
      },
      (res) => {
        res.resume();
        res.on('end', () => settle(res.statusCode ?? 0));
        res.on('error', () => settle(0));
        res.on('close', () => settle(res.complete ? (res.statusCode ?? 0) : 0));
      },
    );
    req.on('error', () => settle(0));
    const timer = setTimeout(() => {
      req.destroy();
      settle(-1);
    }, 60_000);
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Real processes (tsx, a primary and its workers) on a loaded 2-core machine: generous timeouts, and
// no assertion on how long anything took.
describe('several server processes on PostgreSQL', { timeout: 180_000 }, () => {
  it('serve from two workers, restart them one by one on SIGHUP without failing a request, and replace one that dies', async () => {
    const fresh = await freshDatabase();
    drops.push(fresh.drop);
    if (fresh.database.kind !== 'postgres') throw new Error('needs TEST_DATABASE_URL');
    const port = await freePort();
    const server = start({ DATABASE_URL: fresh.database.url, WORKERS: '2', PORT: String(port) });
    await until('the running-at line', server, () => server.stdout().includes('Pledge Desk is running at'));

    // The one-time work ran once: one password, one running-at line naming both processes.
    const out = server.stdout();
    expect(out.match(/Admin password: /g)).toHaveLength(1);
    expect(out.match(/Pledge Desk is running at/g)).toHaveLength(1);
    expect(out).toContain(
      `running at http://127.0.0.1:${port}  (database: PostgreSQL (DATABASE_URL); 2 server processes)`,
    );
    const first = primaryEvents(server, 'worker listening').map((l) => l.worker as number);
    expect(new Set(first).size).toBe(2);
    expect(first).not.toContain(server.child.pid);

    // (a) Both workers answer: new connections go round the listening workers.
    const before = Array.from({ length: 8 }, (_, i) => `before-${i}-request`);
    for (const id of before) expect(await health(port, id)).toBe(200);
    await until('the request logs', server, () => before.every((id) => servedBy(server).has(id)));
    const beforePids = new Set(before.map((id) => servedBy(server).get(id)));
    expect([...beforePids].sort()).toEqual([...first].sort());

    // (b) A rolling restart under two loops of requests: every request answers 200.
    const statuses: number[] = [];
    const failed: string[] = [];
    const sentAfterRestart: string[] = [];
    let restarted = false;
    let stopLoops = false;
    const loop = async (n: number) => {
      for (let i = 0; !stopLoops; i++) {
        const done = restarted;
        const id = `during-${n}-${i}-request`;
        const status = await health(port, id);
        statuses.push(status);
        if (status !== 200) failed.push(`${id}: ${status}`);
        if (done) sentAfterRestart.push(id);
      }
    };
    const loops = [loop(1), loop(2)];
    await until('requests flowing', server, () => statuses.length >= 10);
    const sentBeforeHup = statuses.length;
    server.child.kill('SIGHUP');
    await until(
      'the end of the rolling restart',
      server,
      () => primaryEvents(server, 'rolling restart done').length > 0,
    );
    const duringRestart = statuses.length - sentBeforeHup;
    restarted = true;
    await until('requests after the restart', server, () => sentAfterRestart.length >= 8);
    stopLoops = true;
    await Promise.all(loops);

    expect(duringRestart).toBeGreaterThan(0);
    expect(failed).toEqual([]);
    const [done] = primaryEvents(server, 'rolling restart done');
    const second = done?.workers as number[];
    expect(second).toHaveLength(2);
    for (const pid of second) expect(first).not.toContain(pid);
    for (const pid of first) expect(isAlive(pid)).toBe(false);
    // The old workers stopped when asked (exit 0), after their replacements listened.
    const stopped = primaryEvents(server, 'worker stopped');
    expect(stopped.map((l) => l.worker).sort()).toEqual([...first].sort());
    expect(stopped.every((l) => l.code === 0)).toBe(true);
    await until('the request logs', server, () => sentAfterRestart.every((id) => servedBy(server).has(id)));
    const afterPids = new Set(sentAfterRestart.map((id) => servedBy(server).get(id)));
    expect([...afterPids].sort()).toEqual([...second].sort());
    // Both generations answered the loops.
    const duringPids = new Set(
      [...servedBy(server)].filter(([id]) => id.startsWith('during-')).map(([, pid]) => pid),
    );
    for (const pid of [...first, ...second]) expect(duringPids).toContain(pid);

    // A worker that dies is replaced.
    const victim = second[0]!;
    process.kill(victim, 'SIGKILL');
    await until('a replacement worker', server, () => primaryEvents(server, 'worker listening').length === 5);
    const third = primaryEvents(server, 'worker listening')
      .map((l) => l.worker as number)
      .filter((pid) => ![...first, ...second].includes(pid));
    expect(third).toHaveLength(1);
    expect(primaryEvents(server, 'worker exited unexpectedly').map((l) => l.worker)).toEqual([victim]);
    for (let i = 0; i < 6; i++) expect(await health(port, `replaced-${i}-request`)).toBe(200);

    // SIGTERM: every worker stops, then the primary, with 0.
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of [second[1]!, third[0]!]) expect(isAlive(pid)).toBe(false);
  });

  it('stops with exit 1 when a worker cannot start, instead of starting it again and again', async () => {
    const fresh = await freshDatabase();
    drops.push(fresh.drop);
    if (fresh.database.kind !== 'postgres') throw new Error('needs TEST_DATABASE_URL');
    const { port, release } = await takenPort();
    try {
      const server = start({ DATABASE_URL: fresh.database.url, WORKERS: '2', PORT: String(port) });
      expect(await server.exited).toBe(1);
      expect(server.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use (EADDRINUSE)`);
      expect(server.stderr()).not.toMatch(/^\s+at /m);
      expect(server.stderr()).toContain('A server process could not start (its error is above); stopping.');
      expect(server.stdout()).not.toContain('Pledge Desk is running at');
      expect(primaryEvents(server, 'starting a replacement worker')).toEqual([]);
    } finally {
      await release();
    }
  });
});
