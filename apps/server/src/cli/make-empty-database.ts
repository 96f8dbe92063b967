/**
 * Makes the empty, migrated embedded database that a first start copies (db/empty-database.ts), when
 * there is none for the current migrations and PGlite. Run by the server's build
 * (scripts/build-server.mjs); by hand: `node --import tsx apps/server/src/cli/make-empty-database.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { emptyDatabaseFile, saveEmptyDatabase } from '../db/empty-database.ts';
import { openDb } from '../db/open-db.ts';

async function run(): Promise<void> {
  const existing = emptyDatabaseFile();
  if (fs.existsSync(existing)) return;
  const t0 = performance.now();
  console.log('Making the empty database a first start copies (once for each set of migrations)...');
  // openDb in memory: PGlite's initdb, the migrations and the planner's statistics, as a start makes them.
  const opened = await openDb({ kind: 'pglite', dataDir: null });
  try {
    const dump = await opened.pglite!.dumpDataDir('gzip');
    const file = saveEmptyDatabase(new Uint8Array(await dump.arrayBuffer()));
    console.log(`Made ${path.basename(file)} in ${((performance.now() - t0) / 1000).toFixed(1)} s.`);
  } finally {
    await opened.close();
  }
}

run().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
