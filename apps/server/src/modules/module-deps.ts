import type { Config } from '../config.ts';
import type { Db, OpenDb } from '../db/open-db.ts';
import type { FileLinks } from './files/file-links.ts';

/** What every API module is registered with (see modules/index.ts). */
export interface ModuleDeps {
  db: Db;
  /**
   * The read-only report and list queries' handle (trial balance, ledgers, day book, registers,
   * dashboard, lists): the streaming replica of REPORTS_DATABASE_URL when it is set, with the primary
   * taking over while the replica cannot answer (db/reports-pool.ts); otherwise `db` itself. Never for a
   * write, nor for a read a write depends on (that stays in the write's transaction on `db`).
   */
  reportsDb: Db;
  database: OpenDb;
  config: Config;
  links: FileLinks;
}
