/**
 * Takes a backup now, checks it and keeps it in BACKUP_DIR (README, "Where the data lives, and
 * backups"). With the embedded database it works whether the server runs or not: a running server is
 * asked to take it (modules/backups/backup-requests.ts). Exits 0 when the backup is good, 1 when it
 * failed (the sentence says what to do), 2 on a configuration error.
 *
 *   npm run backup
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { liveLockOwner } from '../db/lock-file.ts';
import { DatabaseLockedError, openDb } from '../db/open-db.ts';
import { AppError } from '../lib/app-error.ts';
import { requestBackupFrom } from '../modules/backups/backup-requests.ts';
import { backupSettings } from '../modules/backups/backup-schedule.ts';
import { type BackupRun, runBackup } from '../modules/backups/backups.service.ts';

function report(run: BackupRun): number {
  if (run.status === 'good') {
    const mb = ((run.size_bytes ?? 0) / 1024 / 1024).toFixed(1);
    console.log(
      `Backup written and checked: ${path.join(run.folder, run.file_name ?? '')} (${mb} MB, ` +
        `${((run.duration_ms ?? 0) / 1000).toFixed(1)} s, of which the check ${((run.verify_ms ?? 0) / 1000).toFixed(1)} s).`,
    );
    return 0;
  }
  console.error(`The backup failed. ${run.reason ?? ''}`);
  return 1;
}

async function run(): Promise<number> {
  const config = loadConfig();
  const settings = backupSettings(config);
  const dataDir = config.database.kind === 'pglite' ? config.database.dataDir : null;
  if (dataDir) {
    const dataRoot = path.dirname(dataDir);
    const pid = liveLockOwner(path.join(dataRoot, 'db.lock'));
    if (pid !== null) {
      console.log(`The server (process ${pid}) holds the database: asking it to take the backup ...`);
      const answer = await requestBackupFrom(pid, dataRoot, 60 * 60_000);
      if (answer.run) return report(answer.run);
      console.error(`The backup could not be taken: ${answer.error}`);
      return 1;
    }
  }
  console.log(`Backing up to ${settings.folder} ...`);
  const database = await openDb(config.database);
  try {
    return report(await runBackup(database, settings, 'command'));
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof AppError) {
      // Another backup of this database is running.
      console.error(err.message);
      process.exit(1);
    }
    console.error(err instanceof ConfigError || err instanceof DatabaseLockedError ? err.message : err);
    process.exit(2);
  },
);
