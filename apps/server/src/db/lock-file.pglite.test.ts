import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServer, tempDir as tempDirOf, waitHealthy } from '../test/server-process.ts';
import { DatabaseLockedError, ownStartId, processStartId, takeLock } from './lock-file.ts';

// The bug these tests keep fixed: a container restart (the server as PID 1, killed with kill -9, started again
// as PID 1) found a lock naming pid 1, its own pid, and refused to open the database.

const tempDir = () => tempDirOf('pd-lock-');
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) c.kill('SIGKILL');
});

describe('the lock file of the embedded database', () => {
  it('takes over a lock naming this very pid but another start (a crashed PID 1 before us)', () => {
    const dir = tempDir();
    const lock = path.join(dir, 'db.lock');
    fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, startId: 'another-boot:12345' }));
    const release = takeLock(lock, dir);
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toEqual({ pid: process.pid, startId: ownStartId() });
    release();
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over an old-style lock holding only this pid', () => {
    const dir = tempDir();
    const lock = path.join(dir, 'db.lock');
    fs.writeFileSync(lock, String(process.pid));
    takeLock(lock, dir)();
  });

  it('refuses while this process holds it, and while another running process does', () => {
    const dir = tempDir();
    const lock = path.join(dir, 'db.lock');
    const release = takeLock(lock, dir);
    expect(() => takeLock(lock, dir)).toThrow(DatabaseLockedError);
    release();

    const sleeper = spawn('sleep', ['30']);
    children.push(sleeper);
    const pid = sleeper.pid!;
    fs.writeFileSync(lock, JSON.stringify({ pid, startId: processStartId(pid) ?? 'nonce:x' }));
    expect(() => takeLock(lock, dir)).toThrow(/in use by another Pledge Desk process/);
    // The same pid, but a process started at another time: the pid was reused, the lock is stale.
    if (processStartId(pid)) {
      fs.writeFileSync(lock, JSON.stringify({ pid, startId: 'another-boot:1' }));
      takeLock(lock, dir)();
    }
    sleeper.kill('SIGKILL');
  });
});

/** The server as PID 1 of a new PID namespace, as a container runs it. */
function startAsPid1(dataDir: string, port: number) {
  return startServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn' }, [
    'unshare',
    '--pid',
    '--fork',
    '--kill-child',
    '--mount-proc',
  ]);
}

// Needs root (or user namespaces) for `unshare --pid`; the container this runs in has it.
const canUnshare = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true']).status === 0;

describe.runIf(canUnshare)('a server run as PID 1', { timeout: 180_000 }, () => {
  it('starts again on its database after a kill -9', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const first = startAsPid1(dataDir, port);
    await waitHealthy(port, first);
    const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'db.lock'), 'utf8'));
    expect(lock.pid).toBe(1);
    // kill -9 of the namespace's PID 1 (seen from here as the child of unshare), as a container stop does.
    const pid1 = Number(
      spawnSync('pgrep', ['-P', String(first.child.pid)], { encoding: 'utf8' }).stdout.trim(),
    );
    expect(pid1).toBeGreaterThan(1);
    process.kill(pid1, 'SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    const second = startAsPid1(dataDir, port);
    await waitHealthy(port, second);
    second.child.kill('SIGKILL'); // --kill-child takes the server with it
    await second.exited;
  });
});
