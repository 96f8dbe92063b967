import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { emptyDatabaseFile, emptyDatabaseFor, saveEmptyDatabase } from './empty-database.ts';
import { type OpenDb, openDb } from './open-db.ts';

// A new data folder starts as a copy of the build's empty database (empty-database.ts): the copy is
// loaded into an empty folder, and never over a database that is there.

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-empty-db-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** A copy of the migrated template with a table of its own, so a test sees which way a database was made. */
async function copyMarked(marker: string): Promise<Uint8Array> {
  const image = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  const opened = await openDb({ kind: 'pglite', dataDir: null, image });
  try {
    await opened.pglite!.exec(`create table ${marker} (id int)`);
    return new Uint8Array(await (await opened.pglite!.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await opened.close();
  }
}

const tables = async (opened: OpenDb) =>
  (
    await opened.pglite!.query<{ tablename: string }>(
      "select tablename from pg_tables where tablename like 'marker_%' order by 1",
    )
  ).rows.map((r) => r.tablename);

describe('the empty database a new data folder starts from', { timeout: 120_000 }, () => {
  it('is loaded into an empty folder, migrated, and never over the database already there', async () => {
    const copies = path.join(root, 'copies');
    saveEmptyDatabase(await copyMarked('marker_first'), copies);
    const dataDir = path.join(root, 'data', 'db');

    const fresh = await openDb({ kind: 'pglite', dataDir }, { emptyDatabaseDir: copies });
    try {
      expect(await tables(fresh)).toEqual(['marker_first']);
      // The copy is a whole, migrated database: the first company can be written.
      await fresh.pglite!.exec(
        "insert into companies (company_name, address, city, state, phone, licence_no, status) values ('Kept', '', '', 'Tamil Nadu', '', '', true)",
      );
    } finally {
      await fresh.close();
    }

    // Another copy now, as after a migration: the database already there is opened as it is.
    saveEmptyDatabase(await copyMarked('marker_second'), copies);
    expect(fs.readdirSync(copies)).toEqual([path.basename(emptyDatabaseFile(copies))]);
    const again = await openDb({ kind: 'pglite', dataDir }, { emptyDatabaseDir: copies });
    try {
      expect(await tables(again)).toEqual(['marker_first']);
      const names = await again.pglite!.query<{ company_name: string }>('select company_name from companies');
      expect(names.rows).toEqual([{ company_name: 'Kept' }]);
    } finally {
      await again.close();
    }
  });

  it('is not offered for a folder with anything in it, nor when there is no copy for these migrations', async () => {
    const copies = path.join(root, 'copies-2');
    fs.mkdirSync(copies);
    const folder = path.join(root, 'not-empty');
    fs.mkdirSync(folder);
    expect(await emptyDatabaseFor(folder, copies)).toBeUndefined();

    saveEmptyDatabase(new Uint8Array([1, 2, 3]), copies);
    expect(await emptyDatabaseFor(folder, copies)).toBeDefined();
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    expect(await emptyDatabaseFor(folder, copies)).toBeUndefined();

    // A copy made for other migrations (another name) is not taken.
    fs.renameSync(emptyDatabaseFile(copies), path.join(copies, 'empty-database-0000000000000000.tar.gz'));
    const emptyToo = path.join(root, 'empty-too');
    fs.mkdirSync(emptyToo);
    expect(await emptyDatabaseFor(emptyToo, copies)).toBeUndefined();
  });
});
