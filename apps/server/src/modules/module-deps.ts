import type { Config } from '../config.ts';
import type { Db, OpenDb } from '../db/open-db.ts';
import type { FileLinks } from './files/file-links.ts';

/** What every API module is registered with (see modules/index.ts). */
export interface ModuleDeps {
  db: Db;
  database: OpenDb;
  config: Config;
  links: FileLinks;
}
