import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { MIGRATIONS_DIR, SERVER_DIR } from '../lib/paths.ts';

/**
 * A new embedded database starts as a copy of an empty, migrated one: creating it from nothing costs
 * PGlite's initdb and every migration (11 s at load 7 on the 2-core machine), loading the copy 4 s
 * (docs/performance.md, "Start-up"). The copy is made by the server's build (scripts/build-server.mjs
 * runs cli/make-empty-database.ts) in apps/server/dist, named after what its content depends on, the
 * migrations and the PGlite build; a start that finds no copy of that name creates the database as
 * before. It is only ever loaded into an empty folder: PGlite itself also refuses to load over a
 * database (its PG_VERSION).
 */

function filesOf(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const full = path.join(dir, entry);
      return fs.statSync(full).isDirectory() ? filesOf(full) : [full];
    });
}

/** A hash of every migration file and of PGlite's package.json (its build writes the dump's format). */
export function emptyDatabaseKey(): string {
  const hash = createHash('sha256');
  for (const file of filesOf(MIGRATIONS_DIR)) {
    hash.update(path.relative(MIGRATIONS_DIR, file));
    hash.update(fs.readFileSync(file));
  }
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!fs.existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  hash.update(fs.readFileSync(path.join(dir, 'package.json')));
  return hash.digest('hex').slice(0, 16);
}

const PREFIX = 'empty-database-';
export const EMPTY_DATABASE_DIR = path.join(SERVER_DIR, 'dist');

/** Where the copy for the current migrations and PGlite is (or would be), in `dir`. */
export function emptyDatabaseFile(dir = EMPTY_DATABASE_DIR): string {
  return path.join(dir, `${PREFIX}${emptyDatabaseKey()}.tar.gz`);
}

/**
 * The copy in `dir` to load into the folder `dataDir`, or undefined: no copy for this code, or a
 * folder that is not empty (a database, or anything else: PGlite's own start decides then).
 */
export async function emptyDatabaseFor(dataDir: string, dir = EMPTY_DATABASE_DIR): Promise<Blob | undefined> {
  if (fs.readdirSync(dataDir).length > 0) return undefined;
  const file = emptyDatabaseFile(dir);
  return fs.existsSync(file) ? fs.openAsBlob(file) : undefined;
}

/** Writes `dump` as the current copy in `dir` (under a temporary name, then renamed); removes older ones. */
export function saveEmptyDatabase(dump: Uint8Array, dir = EMPTY_DATABASE_DIR): string {
  const file = emptyDatabaseFile(dir);
  fs.mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.part`;
  fs.writeFileSync(partial, dump);
  fs.renameSync(partial, file);
  for (const name of fs.readdirSync(dir)) {
    const other = path.join(dir, name);
    if (name.startsWith(PREFIX) && other !== file) fs.rmSync(other, { force: true });
  }
  return file;
}
