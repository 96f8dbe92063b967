/**
 * Moves a branch from the embedded database (DATA_DIR) to PostgreSQL: every row copied into a new,
 * empty PostgreSQL database, in one transaction, then the books checked on the copy. Stop the server
 * first (the embedded database is single-process); afterwards start it with DATABASE_URL set to the
 * same address. The embedded database is only read, and stays as it was.
 *
 *   npm run db:copy-to-postgres -- postgres://user:secret@host:5432/pledgedesk
 */
import { ConfigError, loadConfig } from '../config.ts';
import { moveEmbeddedToPostgres, TargetNotEmptyError } from '../db/copy-to-postgres.ts';
import { DatabaseLockedError } from '../db/open-db.ts';

async function run(): Promise<number> {
  const url = process.argv[2];
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    console.error('Usage: npm run db:copy-to-postgres -- postgres://user:secret@host:5432/database');
    return 2;
  }
  // The source is always the embedded database of DATA_DIR, whatever DATABASE_URL says.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const config = loadConfig(env);
  if (config.database.kind !== 'pglite' || !config.database.dataDir) return 2;
  const started = performance.now();
  console.log(`Copying ${config.database.dataDir} to ${new URL(url).host}${new URL(url).pathname} ...`);
  const result = await moveEmbeddedToPostgres(config.database.dataDir, url, ({ table, rows }) =>
    console.log(`  ${table.padEnd(20)} ${rows.toLocaleString('en-IN')} rows`),
  );
  const total = result.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Copied ${total.toLocaleString('en-IN')} rows in ${result.tables.length} tables in ` +
      `${((performance.now() - started) / 1000).toFixed(1)} s.\n\nBooks on the copy:\n${result.booksReport}`,
  );
  if (!result.booksInOrder) {
    console.error('\nThe books check failed on the copy: see above. Do not switch over yet.');
    return 1;
  }
  console.log(`\nDone. Start Pledge Desk with DATABASE_URL=${url.replace(/:[^:@/]*@/, ':***@')}`);
  return 0;
}

run().then(
  (code) => process.exit(code),
  (err) => {
    const known =
      err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof TargetNotEmptyError;
    console.error(known ? err.message : err);
    process.exit(2);
  },
);
