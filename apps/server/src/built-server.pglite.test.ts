import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  freePort,
  repoDir,
  serverDir,
  startBuiltServer,
  tempDir,
  waitHealthy,
} from './test/server-process.ts';

// `npm start` runs the server built to JavaScript (scripts/build-server.mjs), not its TypeScript: the
// build must start on a new data folder, answer, take a backup whose check runs in the build's own
// worker thread (dist/verify-worker.js), and stop cleanly.

describe('the built server (npm start)', { timeout: 180_000 }, () => {
  it('is built when stale, starts on a new data folder, answers /api/health, backs up and stops', async () => {
    const built = spawnSync(
      process.execPath,
      [path.join(repoDir, 'scripts/build-server.mjs'), '--if-stale', '--no-empty-database'],
      { cwd: repoDir, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    expect(fs.existsSync(path.join(serverDir, 'dist/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(serverDir, 'dist/verify-worker.js'))).toBe(true);

    const root = tempDir('pd-built-');
    const env = {
      DATA_DIR: path.join(root, 'data'),
      BACKUP_DIR: path.join(root, 'backups'),
      ADMIN_PASSWORD: 'admin-pass-1',
      LOG_LEVEL: 'warn',
    };
    fs.mkdirSync(env.BACKUP_DIR);
    const port = await freePort();
    const server = startBuiltServer({ ...env, PORT: String(port) });
    await waitHealthy(port, server);
    // The build just made is fresh: start.mjs does not build it again.
    expect(server.output()).not.toContain('Building the server');
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: 'reachable', database_kind: 'pglite' });

    // `npm run backup` beside it: the server takes the backup and checks it in its worker thread.
    const backup = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(serverDir, 'src/cli/backup.ts')],
      {
        cwd: serverDir,
        env: { ...process.env, ...env },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(backup.status, backup.stderr + backup.stdout).toBe(0);
    expect(backup.stdout).toContain('asking it to take the backup');
    expect(backup.stdout).toContain('Backup written and checked');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
