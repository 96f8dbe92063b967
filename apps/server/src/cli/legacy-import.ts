/**
 * Imports the old system's customer file into the legacy store of the database the server is
 * configured for (DATA_DIR or DATABASE_URL), for the Migrate screen. CSV or dBASE/FoxPro .dbf; names
 * and addresses in TSCII. For the embedded database, stop the server first.
 *
 *   npm run legacy:import -- customers.dbf
 *   npm run legacy:import -- export.csv --map name=CUSTNAME,address=ADDR1
 *
 * Exit codes: 0 imported, 1 the file was refused (nothing kept), 2 configuration or usage.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseLockedError, openDb } from '../db/open-db.ts';
import {
  formatSummary,
  importLegacyFile,
  LegacyImportError,
  parseColumnMap,
} from '../modules/legacy/legacy-import.ts';
import type { LegacyField } from '../modules/legacy/legacy-record.ts';

const USAGE = `Usage: npm run legacy:import -- <file.csv|file.dbf> [--map field=COLUMN,...]
Fields: pno, name, address, phoneno, mobile, cust_refno (by default, columns of those names).`;

class UsageError extends Error {}

async function run(): Promise<number> {
  let args: ReturnType<typeof parse>;
  const parse = () =>
    parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { map: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  try {
    args = parse();
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) throw new UsageError(USAGE);
  const map = parseColumnMap(args.values.map);
  const explicit = new Set(
    (args.values.map ?? '')
      .split(',')
      .map((p) => p.split('=')[0]?.trim())
      .filter(Boolean) as LegacyField[],
  );

  const config = loadConfig();
  const database = await openDb(config.database);
  const tty = process.stderr.isTTY;
  let lastShown = 0;
  try {
    const summary = await importLegacyFile(database.db, file, {
      map,
      explicit,
      onProgress: ({ read, added }) => {
        const now = Date.now();
        // A terminal gets one line rewritten in place; a log gets a line every 10,000 rows.
        if (tty && now - lastShown > 200) {
          process.stderr.write(
            `\rImporting: ${read.toLocaleString('en-IN')} rows read, ${added.toLocaleString('en-IN')} added`,
          );
          lastShown = now;
        } else if (!tty && Math.floor(read / 10_000) > lastShown) {
          process.stderr.write(
            `Importing: ${read.toLocaleString('en-IN')} rows read, ${added.toLocaleString('en-IN')} added\n`,
          );
          lastShown = Math.floor(read / 10_000);
        }
      },
    });
    if (tty) process.stderr.write('\r\x1b[K');
    console.log(formatSummary(summary));
    return 0;
  } catch (err) {
    if (tty) process.stderr.write('\r\x1b[K');
    if (err instanceof LegacyImportError) {
      console.error(`${err.message}\nNothing was imported; the legacy store is unchanged.`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (err) => {
    const known =
      err instanceof ConfigError ||
      err instanceof DatabaseLockedError ||
      err instanceof UsageError ||
      err instanceof LegacyImportError;
    console.error(known ? err.message : err);
    process.exit(2);
  },
);
