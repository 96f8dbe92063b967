import fs from 'node:fs';
import path from 'node:path';

/**
 * apps/server, found from the running module: the first folder above it with a package.json. The
 * same code runs from its sources (src/lib/…, src/db/…) and from the build, where every module is in
 * one file under dist/ (scripts/build-server.mjs), so a path written relative to a source file would
 * point elsewhere once built.
 */
function findServerDir(from: string): string {
  let dir = from;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
  return dir;
}

export const SERVER_DIR = findServerDir(import.meta.dirname);
/** The checkout's root (its package.json holds the version). */
export const REPO_DIR = path.resolve(SERVER_DIR, '../..');
/** The SQL migrations, read at start from the sources whichever code runs (they are not bundled). */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');

/**
 * True in the build `npm start` runs (dist/main.js), false from the TypeScript sources under tsx
 * (`npm run dev`, the tests, the CLIs): what a worker thread or a rolling restart's new process loads.
 */
export const RUNNING_FROM_BUILD = import.meta.url.endsWith('.js');
