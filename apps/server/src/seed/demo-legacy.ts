import path from 'node:path';
import type { Db } from '../db/open-db.ts';
import { SERVER_DIR } from '../lib/paths.ts';
import { importLegacyFile } from '../modules/legacy/legacy-import.ts';

/** The old system's sample customer file (apps/server/scripts/legacy-sample.ts writes it). */
export const DEMO_LEGACY_FILE = path.join(SERVER_DIR, 'fixtures/legacy/legacy-customers.csv');

/**
 * Fills the demo's legacy store from the sample file, as a lender's `npm run legacy:import` would, so
 * the Migrate screen has the old system's customers to find (Tamil in TSCII, English, the README's
 * pitfalls). Its own transaction: the importer's, after the branches are made.
 */
export async function seedDemoLegacy(db: Db): Promise<void> {
  await importLegacyFile(db, DEMO_LEGACY_FILE);
}
