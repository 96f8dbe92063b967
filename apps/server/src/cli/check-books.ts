/**
 * Checks the books of every company on the database the server is configured for (DATA_DIR or
 * DATABASE_URL): the invariants of docs/domain-rules.md §6.4 that can be checked so far, with the vouchers that
 * break them. Exits 1 when one fails. For the embedded database, stop the server first.
 *
 *   npm run check:books
 */
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError, openDb } from '../db/open-db.ts';
import { checkBooks, formatBooksReport } from '../modules/books-check/books-check.repository.ts';

async function run(): Promise<number> {
  const config = loadConfig();
  const database = await openDb(config.database);
  try {
    const result = await checkBooks(database.db);
    console.log(formatBooksReport(result));
    const failed = result.filter((c) => !c.ok).length;
    console.log(
      failed === 0
        ? '\nThe books are in order.'
        : `\nProblems found in ${failed} ${failed === 1 ? 'company' : 'companies'}.`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err instanceof ConfigError || err instanceof DatabaseLockedError ? err.message : err);
    process.exit(2);
  },
);
