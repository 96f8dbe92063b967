import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The server's build (scripts/build-server.mjs: apps/server/dist/main.js and the empty database a
 * first start copies), made when stale before any test starts a server process: what `npm start` runs,
 * and a start of 1–2 s instead of tsx transpiling the sources and PGlite creating and migrating every
 * new data folder (5–15 s each on a loaded machine). Both server projects' global setups call it; a
 * lock directory keeps them from building at once.
 */
export async function ensureServerBuild(repoDir: string): Promise<void> {
  const lock = path.join(repoDir, 'apps/server/.build-lock');
  const until = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes is a killed run's.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lock, { recursive: true, force: true });
      else if (Date.now() > until) throw new Error(`${lock} is held: another build did not finish`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    const build = (await import(pathToFileURL(path.join(repoDir, 'scripts/build-server.mjs')).href)) as {
      serverBuildIsStale: () => boolean;
      buildServer: () => Promise<void>;
      makeEmptyDatabase: () => void;
    };
    if (build.serverBuildIsStale()) await build.buildServer();
    build.makeEmptyDatabase();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
