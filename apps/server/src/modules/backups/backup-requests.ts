import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OpenDb } from '../../db/open-db.ts';
import { type BackupRun, type BackupSettings, runBackup } from './backups.service.ts';

// `npm run backup` while the embedded server runs: the database is that process's alone (db.lock), so
// the command asks it. It writes a request file into DATA_DIR/backup-requests and sends the process
// SIGUSR2; the server takes the backup and writes the run beside the request; the command waits for it.
// Only a user who may signal the server's process and write in its data folder can ask.

const REQUESTS = 'backup-requests';

export function requestsFolder(dataRoot: string): string {
  return path.join(dataRoot, REQUESTS);
}

/** The server's side: every waiting request answered, one backup each. */
export async function answerBackupRequests(
  dataRoot: string,
  database: OpenDb,
  settings: BackupSettings,
  log: (level: 'info' | 'error', message: string) => void,
): Promise<void> {
  const folder = requestsFolder(dataRoot);
  const names = await fs.promises.readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((n) => /^[\w-]{1,80}\.request$/.test(n))) {
    const id = name.slice(0, -'.request'.length);
    await fs.promises.rm(path.join(folder, name), { force: true });
    let answer: { run?: BackupRun; error?: string };
    try {
      answer = { run: await runBackup(database, settings, 'command', log) };
    } catch (err) {
      answer = { error: err instanceof Error ? err.message : String(err) };
    }
    const tmp = path.join(folder, `${id}.result.tmp`);
    await fs.promises.writeFile(tmp, JSON.stringify(answer));
    await fs.promises.rename(tmp, path.join(folder, `${id}.result`));
  }
}

/** The command's side: asks the process `pid` for a backup and waits for its answer. */
export async function requestBackupFrom(
  pid: number,
  dataRoot: string,
  timeoutMs: number,
): Promise<{ run?: BackupRun; error?: string }> {
  const folder = requestsFolder(dataRoot);
  await fs.promises.mkdir(folder, { recursive: true });
  const id = randomUUID();
  await fs.promises.writeFile(path.join(folder, `${id}.request`), '');
  process.kill(pid, 'SIGUSR2');
  const result = path.join(folder, `${id}.result`);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const answer = JSON.parse(await fs.promises.readFile(result, 'utf8')) as {
        run?: BackupRun;
        error?: string;
      };
      await fs.promises.rm(result, { force: true });
      return answer;
    } catch {
      await sleep(250);
    }
  }
  await fs.promises.rm(path.join(folder, `${id}.request`), { force: true });
  return { error: `the server (process ${pid}) did not answer within ${Math.round(timeoutMs / 1000)} s` };
}
