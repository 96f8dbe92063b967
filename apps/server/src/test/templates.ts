/**
 * A migrated, empty database made once per test run, from which every test file's fresh database is
 * copied (a fresh PGlite database cost 5.6 s a file, of which 3.4 s were the migrations; a
 * copy of the template costs about 1 s; on PostgreSQL `create database … template` skips them too).
 * The migrations stay tested: the template is made by the same `openDb` a start runs, and the files
 * that open a database of their own (a data folder, a server process) still migrate theirs.
 *
 * Made by the server projects' global setups (global-setup-pglite.ts, global-setup-postgres.ts),
 * which hand its place to the test files through vitest's `provide`/`inject`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { emptyDatabaseKey } from '../db/empty-database.ts';
import { openDb } from '../db/open-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The file of the PGlite template (a `dumpDataDir` tarball), or '' for none. */
    pgliteTemplate: string;
    /** The name of the PostgreSQL template database, or '' for none. */
    postgresTemplate: string;
  }
}

/**
 * The PGlite template's file, made when missing: migrated by `openDb`, dumped, written under a
 * temporary name and renamed, so a run that stops half way never leaves a half file under the name.
 */
export async function ensurePgliteTemplate(): Promise<string> {
  const file = path.join(tmpdir(), `pledge-desk-test-template-${emptyDatabaseKey()}.tar`);
  if (existsSync(file)) return file;
  const opened = await openDb({ kind: 'pglite', dataDir: null });
  try {
    const client = (opened.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.part`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await opened.close();
  }
  return file;
}

/** A migrated PostgreSQL database to copy from; `drop` removes it at the end of the run. */
export async function makePostgresTemplate(
  baseUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `pd_template_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // Migrated, then every connection closed: a template must have none while it is copied.
  const opened = await openDb({ kind: 'postgres', url: url.toString() });
  await opened.close();
  return {
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
