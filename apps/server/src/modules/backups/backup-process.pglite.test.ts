import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, serverDir, startServer, tempDir, waitHealthy } from '../../test/server-process.ts';
import { readBackupHeader } from './backup-file.ts';

// `npm run backup` and `npm run restore` as a person runs them, on the embedded database: beside a
// running server (which takes the backup when asked), alone, killed in the middle, and restoring.

const cli = (name: string) => path.join(serverDir, 'src/cli', `${name}.ts`);

function runCli(name: string, env: Record<string, string>, args: string[] = []) {
  return spawnSync(process.execPath, ['--import', 'tsx', cli(name), ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 180_000,
  });
}

const goodFiles = (folder: string) =>
  fs
    .readdirSync(folder)
    .filter((n) => n.endsWith('.pdbk'))
    .sort();

describe('npm run backup and npm run restore', { timeout: 300_000 }, () => {
  it('back up beside a running server, survive a backup killed half-way, and restore', async () => {
    const root = tempDir('pd-backup-proc-');
    const dataDir = path.join(root, 'data');
    const folder = path.join(root, 'usb');
    fs.mkdirSync(folder);
    const env = { DATA_DIR: dataDir, BACKUP_DIR: folder, ADMIN_PASSWORD: 'admin-pass-1' };

    // Beside the running server: the command asks it.
    const port = await freePort();
    const server = startServer({ ...env, PORT: String(port), BACKUP_AT: 'off', LOG_LEVEL: 'warn' });
    await waitHealthy(port, server);
    const asked = runCli('backup', env);
    expect(asked.status, asked.stderr + asked.stdout).toBe(0);
    expect(asked.stdout).toContain('asking it to take the backup');
    expect(asked.stdout).toContain('Backup written and checked');
    const [first] = goodFiles(folder);
    expect(first).toBeDefined();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // Alone, killed as soon as its temporary file appears: the good backup stays as it was and
    // nothing new passes as one.
    const before = fs.readFileSync(path.join(folder, first as string));
    const killed = spawn(process.execPath, ['--import', 'tsx', cli('backup')], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: 'ignore',
    });
    const gone = new Promise((resolve) => killed.once('exit', resolve));
    const until = Date.now() + 120_000;
    while (Date.now() < until && !fs.readdirSync(folder).some((n) => n.endsWith('.partial'))) {
      await new Promise((r) => setTimeout(r, 5));
    }
    killed.kill('SIGKILL');
    await gone;
    expect(goodFiles(folder)).toEqual([first]);
    expect(fs.readFileSync(path.join(folder, first as string)).equals(before)).toBe(true);
    await expect(readBackupHeader(path.join(folder, first as string))).resolves.toMatchObject({
      format: 'pglite-datadir',
    });

    // Restore: the data folder as it was is kept aside; the server starts on the restored one.
    const restored = runCli('restore', env, [path.join(folder, first as string)]);
    expect(restored.status, restored.stderr + restored.stdout).toBe(0);
    expect(restored.stdout).toContain('Restored the backup');
    expect(fs.readdirSync(root).some((n) => n.startsWith('data.before-restore-'))).toBe(true);
    const again = startServer({ ...env, PORT: String(port), BACKUP_AT: 'off', LOG_LEVEL: 'warn' });
    await waitHealthy(port, again);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);

    // A file that is not whole is refused, and nothing is changed.
    const cut = path.join(folder, 'cut.pdbk');
    const whole = fs.readFileSync(path.join(folder, first as string));
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 100));
    const refused = runCli('restore', env, [cut]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('is incomplete');
    expect(fs.readdirSync(root).filter((n) => n.startsWith('data.before-restore-'))).toHaveLength(1);
  });
});
