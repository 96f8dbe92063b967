import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from '../../config.ts';
import { takeLock } from '../../db/lock-file.ts';
import { openDb } from '../../db/open-db.ts';
import { type BackupHeader, extractBackupPayload } from './backup-file.ts';
import { restoreDump, verifyCopy } from './backup-snapshot.ts';
import { fileStamp } from './backups.service.ts';

/** A restore refused before anything was changed, with what to do. */
export class RestoreRefused extends Error {}

export interface Restored {
  header: BackupHeader;
  /** Where the data as it was before the restore is kept (a folder, or a database's name). */
  keptAside: string | null;
}

/**
 * Restores a backup file over the configured database (`npm run restore -- <file>`, server stopped):
 * checks the file whole (checksum, key) and its copy in a scratch database (rows as counted at the
 * copy, books in order) first; then keeps the current data aside under a dated name (the embedded
 * database's folder renamed; PostgreSQL's database renamed) instead of deleting it, and puts the copy
 * in its place. Nothing is changed when the file or its copy fails its check.
 */
export async function restoreBackup(
  file: string,
  database: Database,
  key: string | undefined,
  timeZone: string,
  say: (line: string) => void = () => {},
): Promise<Restored> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'pd-restore-'));
  try {
    const payload = path.join(work, 'payload');
    say(`Checking ${path.basename(file)} ...`);
    const header = await extractBackupPayload(file, payload, key);
    const kindOfFile = header.format === 'pglite-datadir' ? 'pglite' : 'postgres';
    if (kindOfFile !== database.kind) {
      throw new RestoreRefused(
        kindOfFile === 'pglite'
          ? 'This backup is of the embedded database: restore it with DATABASE_URL unset (DATA_DIR names the folder), then move to PostgreSQL with npm run db:copy-to-postgres.'
          : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL set to the database to replace.',
      );
    }
    const stamp = fileStamp(new Date(), timeZone);
    if (database.kind === 'pglite') {
      if (!database.dataDir) throw new RestoreRefused('No DATA_DIR to restore into.');
      const dataRoot = path.dirname(database.dataDir);
      // The server must be stopped: the lock is taken (and refused while a server holds it).
      const release = fs.existsSync(dataRoot)
        ? takeLock(path.join(dataRoot, 'db.lock'), database.dataDir)
        : () => {};
      let keptAside: string | null = null;
      try {
        const check = await verifyCopy(header.format, payload, header.counts, null);
        if (!check.ok)
          throw new RestoreRefused(
            `The copy in the backup does not check: ${check.problem}. Nothing was changed.`,
          );
        say('The copy checks: rows as counted at the backup, books in order.');
        release();
        if (fs.existsSync(dataRoot) && fs.readdirSync(dataRoot).length > 0) {
          keptAside = `${dataRoot}.before-restore-${stamp}`;
          await fs.promises.rename(dataRoot, keptAside);
          say(`The data folder as it was is kept at ${keptAside}.`);
        }
      } finally {
        release();
      }
      await fs.promises.mkdir(dataRoot, { recursive: true });
      const client = await PGlite.create({
        dataDir: database.dataDir,
        loadDataDir: await fs.openAsBlob(payload),
        extensions: { pg_trgm },
      });
      await client.close();
      // Opened once the way the server opens it: migrations a newer version brings are applied now.
      const opened = await openDb(database);
      await opened.close();
      return { header, keptAside };
    }

    // PostgreSQL: check in a scratch database, then rename the current database aside and restore.
    // The server's maintenance database for what is done beside the target (which may not exist yet).
    const target = new URL(database.url);
    const name = decodeURIComponent(target.pathname.slice(1));
    const maintenance = new URL(database.url);
    maintenance.pathname = '/postgres';
    const check = await verifyCopy(header.format, payload, header.counts, maintenance.toString());
    if (!check.ok) {
      throw new RestoreRefused(
        `The copy in the backup does not check: ${check.problem}. Nothing was changed.`,
      );
    }
    say('The copy checks: rows as counted at the backup, books in order.');
    const admin = new pg.Client({ connectionString: maintenance.toString() });
    await admin.connect();
    let keptAside: string | null = null;
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) {
        const others = await admin.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        if ((others.rows[0]?.n ?? 0) > 0) {
          throw new RestoreRefused(
            `The database ${name} has open connections: stop the server (and anything else connected to it) first.`,
          );
        }
        keptAside = `${name}_before_restore_${stamp.replace(/-/g, '_')}`;
        await admin.query(
          `alter database ${pg.escapeIdentifier(name)} rename to ${pg.escapeIdentifier(keptAside)}`,
        );
        say(`The database as it was is kept as ${keptAside}.`);
      }
      await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await admin.end();
    }
    await restoreDump(payload, database.url);
    const opened = await openDb(database);
    await opened.close();
    return { header, keptAside };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
