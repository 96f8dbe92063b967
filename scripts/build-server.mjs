// The server as JavaScript (apps/server/dist), for `npm start`: transpiling its TypeScript through tsx
// at every start cost 3 s of a restart (docs/performance.md, "Start-up"). esbuild bundles our own code
// (the server and @pledge-desk/domain, whose package points at its TypeScript sources) and most
// packages into dist/main.js, the backup check's worker thread into dist/verify-worker.js and the
// empty database's maker into dist/make-empty-database.js; the packages in KEPT_EXTERNAL stay imports
// resolved from node_modules at run time, so PGlite finds its wasm and data files beside its own code.
// Run by scripts/start.mjs when the build is missing or older than the sources, or by hand:
// `npm run build:server`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
/** Written last: a build stopped half way has none, and is made again. */
export const builtStamp = path.join(serverDist, 'built');

/** What the build is made from: a change to any of them makes it stale. */
export const serverSources = [
  path.join(root, 'apps/server/src'),
  path.join(root, 'apps/server/package.json'),
  path.join(root, 'packages/domain/src'),
  path.join(root, 'packages/domain/package.json'),
  path.join(root, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  if (!fs.statSync(p).isDirectory()) return fs.statSync(p).mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when the build is missing, stopped half way, or older than one of its sources. */
export function serverBuildIsStale() {
  const builtAt = fs.existsSync(builtStamp) ? fs.statSync(builtStamp).mtimeMs : 0;
  return builtAt < Math.max(...serverSources.map(newestMtime));
}

/**
 * The packages left to node_modules, imported at run time; every other one is bundled. Resolving
 * some 1,000 files of node_modules one import at a time was 3 s of a restart's main thread at load 5
 * (Node 24's ESM loader reading package.json scopes); bundled, a restart took 3.5-4.8 s of CPU instead
 * of 7.4-8.0 s. Kept: PGlite (its wasm and data files beside its code), native addons (argon2,
 * pg-native), and packages that read their own files or start worker threads from their folder (the
 * API reference's page, @fastify/swagger's package.json, pino's transports).
 */
const KEPT_EXTERNAL = [
  '@electric-sql/pglite',
  '@node-rs/argon2',
  'pg-native',
  '@scalar/fastify-api-reference',
  '@fastify/swagger',
  'pino',
  'thread-stream',
];

/** Bundled: our own code, @pledge-desk/domain and every package not in KEPT_EXTERNAL. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!KEPT_EXTERNAL.some((p) => args.path === p || args.path.startsWith(`${p}/`))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  // Loaded here: a start whose build is fresh reads this file's paths, not esbuild.
  const esbuild = await import('esbuild');
  // The files are written over in place (a running server may still start its backup check's worker
  // from dist/); the stamp goes first, so a build stopped half way is made again.
  fs.rmSync(builtStamp, { force: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      'verify-worker': 'apps/server/src/modules/backups/verify-worker.ts',
      'make-empty-database': 'apps/server/src/cli/make-empty-database.ts',
    },
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
    // The bundled CommonJS packages' require() of Node's modules and of the packages left outside.
    banner: {
      js: "import { createRequire as __pdCreateRequire } from 'node:module'; const require = __pdCreateRequire(import.meta.url);",
    },
  });
  fs.writeFileSync(builtStamp, `${new Date().toISOString()}\n`);
}

/**
 * The empty database a first start copies (apps/server/src/db/empty-database.ts), made by the build
 * just made when there is none for the current migrations and PGlite (10 s, once for each set of
 * migrations). Without it a first start creates its database as before: a failure here is told, not fatal.
 */
export function makeEmptyDatabase() {
  const res = spawnSync(process.execPath, [path.join(serverDist, 'make-empty-database.js')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) console.warn('Could not make the empty database; a first start will create its own.');
}

// `node scripts/build-server.mjs [--if-stale] [--no-empty-database]`: `npm run build`, and a rolling
// restart's primary on PostgreSQL (apps/server/src/cluster.ts) before it forks workers that will load
// the build (it has no use for the embedded database's empty copy).
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) {
    const t0 = performance.now();
    await buildServer();
    const ms = Math.round(performance.now() - t0);
    console.log(`Built the server into ${path.relative(root, serverDist)} in ${ms} ms.`);
  }
  if (!process.argv.includes('--no-empty-database')) makeEmptyDatabase();
}
