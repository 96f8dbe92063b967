import { spawn } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Db, OpenDb } from '../../db/open-db.ts';
import * as schema from '../../db/schema/index.ts';
import { RUNNING_FROM_BUILD } from '../../lib/paths.ts';
import { checkBooks } from '../books-check/books-check.repository.ts';
import type { BackupFormat } from './backup-file.ts';
import { blobStream } from './backup-file.ts';

// The copy of the database a backup holds, taken inside the database's own snapshot, and the check
// of a copy: restored into a scratch database, its books checked and its rows counted.

/** A PostgreSQL client program that is not installed (pg_dump, pg_restore). */
export class ToolMissingError extends Error {
  constructor(readonly tool: string) {
    super(`${tool} was not found`);
  }
}

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

const TABLES_SQL = `select table_name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

/** Every table's rows, in one statement (so in one snapshot). */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = (await query(TABLES_SQL)).rows.map((r) => String(r.table_name));
  if (tables.length === 0) return {};
  const union = tables
    .map(
      (t) =>
        `select '${t.replace(/'/g, "''")}' as t, count(*)::bigint::text as n from "${t.replace(/"/g, '""')}"`,
    )
    .join(' union all ');
  const out: Record<string, number> = {};
  for (const r of (await query(union)).rows) out[String(r.t)] = Number(r.n);
  return out;
}

export interface Snapshot {
  format: BackupFormat;
  counts: Record<string, number>;
  /** The copy's bytes (uncompressed); read it whole, then call `done`. */
  payload: Readable;
  /** Ends the snapshot (PostgreSQL's exporting transaction); throws when pg_dump failed. */
  done(): Promise<void>;
}

/**
 * A consistent copy of the database. Embedded: PGlite's dump of its data directory, taken while this
 * process's one connection is held in a transaction (no other statement runs between the count and
 * the dump; a transaction in flight finishes first), as a crash would leave it, which PostgreSQL
 * recovers from its WAL on open. PostgreSQL: `pg_dump -Fc` in a snapshot exported by a repeatable-read
 * transaction that also counts the rows.
 */
export async function takeSnapshot(database: OpenDb): Promise<Snapshot> {
  if (database.pglite) {
    const client = database.pglite;
    const { counts, image } = await client.transaction(async (tx) => {
      const counts = await countRows((text) => tx.query(text));
      const image = await client.dumpDataDir('none');
      return { counts, image };
    });
    return { format: 'pglite-datadir', counts, payload: blobStream(image), done: async () => {} };
  }
  if (!database.url) throw new Error('no database to back up');
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshotId = String((await client.query('select pg_export_snapshot() as s')).rows[0]?.s);
    const counts = await countRows((text) => client.query(text));
    const dump = spawn('pg_dump', ['-Fc', '-Z0', `--snapshot=${snapshotId}`, `--dbname=${database.url}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = processResult(dump, 'pg_dump');
    exited.catch(() => {});
    return {
      format: 'pg-dump-custom',
      counts,
      payload: dump.stdout as Readable,
      async done() {
        try {
          await exited;
        } finally {
          await client.query('commit').catch(() => {});
          await client.end().catch(() => {});
        }
      },
    };
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
}

function processResult(child: ReturnType<typeof spawn>, tool: string): Promise<void> {
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    if (stderr.length < 4000) stderr += d.toString('utf8');
  });
  return new Promise((resolve, reject) => {
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'ENOENT' ? new ToolMissingError(tool) : err),
    );
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} exited ${code}: ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

export interface CopyCheck {
  ok: boolean;
  /** What differs, in a short English phrase (the failed run's detail), when not ok. */
  problem: string | null;
}

/** Counts and books of a restored copy against what the backup's header says it holds. */
async function checkCopy(db: Db, query: Query, expected: Record<string, number>): Promise<CopyCheck> {
  const counts = await countRows(query);
  const differ = Object.keys({ ...expected, ...counts }).filter((t) => counts[t] !== expected[t]);
  if (differ.length > 0) {
    const t = differ[0] as string;
    return {
      ok: false,
      problem: `table ${t} has ${counts[t] ?? 'no'} rows in the copy, ${expected[t] ?? 'none'} in the database`,
    };
  }
  const books = await checkBooks(db);
  const bad = books.find((c) => !c.ok);
  if (bad) {
    const check = bad.checks.find((c) => c.status === 'failed');
    return {
      ok: false,
      problem: `the books of ${bad.company_name} do not check: ${check?.name ?? 'a check failed'}`,
    };
  }
  return { ok: true, problem: null };
}

/**
 * Restores a copy (the payload written by extractBackupPayload) into a scratch database, checks it
 * against `expected`, and throws the scratch database away. Embedded: an in-memory PGlite; PostgreSQL:
 * a database created beside `serverUrl`'s and dropped after.
 */
export async function verifyCopy(
  format: BackupFormat,
  payloadFile: string,
  expected: Record<string, number>,
  serverUrl: string | null,
): Promise<CopyCheck> {
  if (format === 'pglite-datadir') return verifyInWorker(payloadFile, expected);
  if (!serverUrl) throw new Error('a PostgreSQL backup is checked on a PostgreSQL server (DATABASE_URL)');
  return withScratchDatabase(serverUrl, async (url) => {
    await restoreDump(payloadFile, url);
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    // The scratch database is dropped with (force) after: an idle connection's end is no error.
    pool.on('error', () => {});
    try {
      const db = drizzlePg({ client: pool, schema }) as unknown as Db;
      return await checkCopy(db, (text) => pool.query(text), expected);
    } finally {
      await pool.end();
    }
  });
}

/** An embedded database's copy restored into an in-memory PGlite and checked (verify-worker.ts runs it). */
export async function verifyEmbeddedCopy(
  payloadFile: string,
  expected: Record<string, number>,
): Promise<CopyCheck> {
  const image = await fs.openAsBlob(payloadFile);
  const client = await PGlite.create({ loadDataDir: image, extensions: { pg_trgm } });
  try {
    const db = drizzlePglite({ client, schema }) as unknown as Db;
    return await checkCopy(db, (text) => client.query(text), expected);
  } finally {
    await client.close();
  }
}

/**
 * The worker's module as this code runs: from the build (`npm start`), dist/verify-worker.js next to
 * dist/main.js (scripts/build-server.mjs makes both); from the sources (dev, tests, the CLIs), the
 * TypeScript file under tsx's loader.
 */
const verifyWorkerFile = new URL(
  RUNNING_FROM_BUILD ? './verify-worker.js' : './verify-worker.ts',
  import.meta.url,
);
const verifyWorkerArgv = RUNNING_FROM_BUILD ? [] : ['--import', 'tsx'];

/** verifyEmbeddedCopy in a worker thread. */
function verifyInWorker(payloadFile: string, expected: Record<string, number>): Promise<CopyCheck> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(verifyWorkerFile, {
      workerData: { payloadFile, expected },
      execArgv: verifyWorkerArgv,
    });
    // The worker ends by itself once its PGlite is closed (terminating a thread inside WebAssembly
    // is not needed and not safe); its answer is taken when it has exited.
    let answer: { check?: CopyCheck; error?: string } | null = null;
    worker.once('message', (m: { check?: CopyCheck; error?: string }) => {
      answer = m;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      const got = answer as { check?: CopyCheck; error?: string } | null;
      if (got?.check) resolve(got.check);
      else reject(new Error(got?.error ?? `the check of the copy stopped (exit ${code})`));
    });
  });
}

/** `pg_restore` of a custom-format dump into the (empty) database at `url`. */
export async function restoreDump(payloadFile: string, url: string): Promise<void> {
  const child = spawn(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      payloadFile,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await processResult(child, 'pg_restore');
}

const SCRATCH_PREFIX = 'pd_backup_check_';
/** A scratch database older than this is a killed check's: nothing checks a backup for six hours. */
export const STALE_SCRATCH_MS = 6 * 3_600_000;

/** When a scratch database was made, from its name (`pd_backup_check_<pid>_<ms in base 36>`). */
export function scratchMadeAt(name: string): number | null {
  const match = /^pd_backup_check_\d+_([0-9a-z]+)$/.exec(name);
  if (!match) return null;
  const ms = Number.parseInt(match[1]!, 36);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * Drops the scratch databases a killed check left (a process killed between create and drop): those
 * made more than STALE_SCRATCH_MS ago. Without `force`: one still in use stays.
 */
async function dropLeftScratchDatabases(admin: pg.Client, now: number): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where datname like 'pd\\_backup\\_check\\_%'`,
  );
  for (const { datname } of rows) {
    const madeAt = scratchMadeAt(datname);
    if (madeAt === null || now - madeAt < STALE_SCRATCH_MS) continue;
    await admin.query(`drop database if exists ${datname}`).catch(() => {});
  }
}

/**
 * A database created on the same server for `fn` and dropped after, whatever `fn` did; first, those a
 * killed check left are dropped.
 */
export async function withScratchDatabase<T>(serverUrl: string, fn: (url: string) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await dropLeftScratchDatabases(admin, Date.now());
  const name = `${SCRATCH_PREFIX}${process.pid}_${Date.now().toString(36)}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      return await fn(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    }
  } finally {
    await admin.end().catch(() => {});
  }
}
