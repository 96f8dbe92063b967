import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from '../config.ts';
import { MIGRATIONS_DIR } from '../lib/paths.ts';
import { emptyDatabaseFor } from './empty-database.ts';
import { DatabaseLockedError, takeLock } from './lock-file.ts';
import { ReportsPool } from './reports-pool.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The common face of both drivers; repositories take this (or a transaction of it). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A handle a repository can run on: the database or a transaction. */
export type DbOrTx = Db | Tx;

export interface OpenDb {
  db: Db;
  /**
   * The read-only reports' and lists' handle (ModuleDeps.reportsDb): a streaming replica with the
   * primary as its fallback when REPORTS_DATABASE_URL is set (reports-pool.ts), otherwise `db`.
   */
  reportsDb: Db;
  /** Where the reports handle logs that the replica failed (the app's logger once it has one). */
  onReportsWarning(warn: (message: string, err: unknown) => void): void;
  kind: Database['kind'];
  /** The embedded database's own client (its data directory's dump for a backup); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The PostgreSQL connection string; null on the embedded database. */
  url: string | null;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export { DatabaseLockedError };

const ANALYZE_INTERVAL_MS = 15 * 60_000;
/** How long after a data folder opens its planner upkeep runs (once started, the server serves). */
const FIRST_UPKEEP_DELAY_MS = 10_000;

/**
 * What autovacuum does for the planner, on PGlite, which has none: fresh statistics, the GIN indexes'
 * pending lists merged into the indexes, and the visibility map that makes index-only scans cheap.
 * ANALYZE alone leaves every row inserted since an index was built in its GIN pending list, which each
 * trigram search reads whole, and the planner then prices the trigram indexes above a scan of the
 * table (measured: a pledge search by part of a name at 20,000 customers read both tables in 115 ms
 * instead of 15 ms through the indexes). At 50,000 customers and 100,000 pledges it takes about as
 * long as ANALYZE alone (1.4 s against 1.7 s in memory).
 */
export const PGLITE_PLANNER_UPKEEP = 'vacuum analyze';

/**
 * Opens the database, applies pending migrations, and returns the handle. `migrate: false` is for a
 * cluster worker (cluster.ts), whose primary applied them before forking it. `emptyDatabaseDir`: where
 * a new data folder's empty database is looked for (empty-database.ts; the build's by default).
 */
export async function openDb(
  database: Database,
  options: { migrate?: boolean; emptyDatabaseDir?: string } = {},
): Promise<OpenDb> {
  return database.kind === 'postgres'
    ? openPostgres(database.url, options.migrate ?? true, database.reportsUrl)
    : openPglite(database.dataDir, database.image, options.emptyDatabaseDir);
}

async function openPostgres(url: string, migrate: boolean, reportsUrl?: string): Promise<OpenDb> {
  // JIT off for our connections: every query here is short (a page, a batch, a day's sums), and
  // PostgreSQL's JIT compiled each one whose cost passed jit_above_cost for 50–280 ms, more than the
  // query itself took (docs/performance.md: a register page 170 ms with it, 32 ms without).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  // A dropped idle connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  if (migrate) await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR });
  let warn = (message: string, err: unknown) => console.warn(message, err);
  let reports: ReportsPool | null = null;
  if (reportsUrl) {
    const replica = new pg.Pool({
      connectionString: reportsUrl,
      max: 10,
      options: '-c jit=off',
      // A replica that is not there is given up on quickly: the primary answers instead.
      connectionTimeoutMillis: 3000,
    });
    replica.on('error', () => {});
    reports = new ReportsPool({ replica, primary: pool, warn: (m, e) => warn(m, e) });
  }
  const reportsDb = reports ? (drizzlePg({ client: reports as never, schema }) as unknown as Db) : db;
  let closed = false;
  return {
    db,
    reportsDb,
    onReportsWarning(fn) {
      warn = fn;
    },
    kind: 'postgres',
    pglite: null,
    url,
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      if (closed) return;
      closed = true;
      await reports?.end();
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | null, image?: Blob, emptyDatabaseDir?: string): Promise<OpenDb> {
  let releaseLock = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    releaseLock = takeLock(path.join(path.dirname(dataDir), 'db.lock'), dataDir);
  }
  try {
    // An in-memory database may start from an image (the tests' template); a new data folder starts
    // from the build's empty database when there is one (empty-database.ts), instead of initdb.
    const startFrom = dataDir ? await emptyDatabaseFor(dataDir, emptyDatabaseDir) : image;
    const client = await PGlite.create({
      dataDir: dataDir ?? undefined,
      extensions: { pg_trgm },
      ...(startFrom ? { loadDataDir: startFrom } : {}),
    });
    const raw = drizzlePglite({ client, schema });
    await migratePglite(raw, { migrationsFolder: MIGRATIONS_DIR });
    // PGlite has no autovacuum, so no table statistics unless we take them; without them the planner
    // ignores the trigram indexes and a customer search scans the table (150 ms instead of 20 ms at
    // 50,000 customers). Taken every 15 minutes (PGLITE_PLANNER_UPKEEP), and kept in the database's
    // catalogue from one run to the next. A data folder's are taken again soon after it opens (the
    // writes since the last ones, an import done while the server was stopped), not before it serves:
    // at the start it cost 1.3-1.5 s on an empty database at load 7, the first reading of every
    // catalogue by a process that had just compiled PGlite (docs/performance.md, "Start-up"). A new
    // in-memory database takes them at once; a copy of an image or of the empty database holds those
    // taken when it was made (1.3 s saved a test file).
    const upkeep = () => {
      client.exec(PGLITE_PLANNER_UPKEEP).catch(() => {});
    };
    if (!startFrom && !dataDir) await client.exec(PGLITE_PLANNER_UPKEEP);
    const firstUpkeep = !startFrom && dataDir ? setTimeout(upkeep, FIRST_UPKEEP_DELAY_MS) : null;
    firstUpkeep?.unref();
    const analyzer = setInterval(upkeep, ANALYZE_INTERVAL_MS);
    analyzer.unref();
    let closed = false;
    return {
      db: raw as unknown as Db,
      reportsDb: raw as unknown as Db,
      onReportsWarning() {},
      kind: 'pglite',
      pglite: client,
      url: null,
      async ping() {
        if (closed) throw new Error('database closed');
        await raw.execute(sql`select 1`);
      },
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(analyzer);
        if (firstUpkeep) clearTimeout(firstUpkeep);
        await client.close();
        releaseLock();
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}
