/**
 * Restores a backup over the configured database (DATA_DIR or DATABASE_URL), the server stopped:
 * checks the file and its copy first, keeps the current data aside under a dated name, then restores
 * (modules/backups/restore.ts). Exits 0 when restored, 1 when refused (nothing changed), 2 on a
 * configuration error.
 *
 *   npm run restore -- backups/pledge-desk-main-branch-2026-11-29-210000.pdbk
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError } from '../db/open-db.ts';
import { BackupFileError } from '../modules/backups/backup-file.ts';
import { RestoreRefused, restoreBackup } from '../modules/backups/restore.ts';

async function run(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run restore -- <backup file>   (stop the server first)');
    return 2;
  }
  const config = loadConfig();
  const restored = await restoreBackup(
    path.resolve(file),
    config.database,
    config.backup.key,
    config.businessTimeZone,
    (line) => console.log(line),
  );
  console.log(
    `Restored the backup of ${restored.header.created_at} (${restored.header.installation}). Start the server again.` +
      (restored.keptAside
        ? `\nThe data as it was before is kept at ${restored.keptAside}; delete it once all is well.`
        : ''),
  );
  return 0;
}

run().then(
  (code) => process.exit(code),
  (err) => {
    if (
      err instanceof BackupFileError ||
      err instanceof RestoreRefused ||
      err instanceof DatabaseLockedError
    ) {
      console.error(`Not restored: ${err.message}`);
      process.exit(1);
    }
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(2);
  },
);
