// `npm start`: build the web app and the server (scripts/build-server.mjs: JavaScript in
// apps/server/dist, so no TypeScript is transpiled at start) when a build is missing or older than its
// sources, then run the built server in this same process (so Ctrl+C and SIGTERM reach it directly).
// With DATABASE_URL that process is the primary of several (apps/server/src/cluster.ts), and each
// worker runs this file again: a worker builds nothing, its primary did.
// `npm run demo`: the same on a separate demo database (./data-demo) filled with sample data.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const demo = process.argv.includes('--demo');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

if (cluster.isPrimary && process.env.SKIP_WEB_BUILD !== 'true') buildWebWhenStale();
if (cluster.isPrimary) await buildServerWhenStale();

function newestOf(sources) {
  return Math.max(
    ...sources.map((s) =>
      fs.existsSync(s) && fs.statSync(s).isDirectory()
        ? newestMtime(s)
        : fs.existsSync(s)
          ? fs.statSync(s).mtimeMs
          : 0,
    ),
  );
}

async function buildServerWhenStale() {
  // Not imported by a worker: its primary built.
  const { buildServer, makeEmptyDatabase, serverBuildIsStale } = await import('./build-server.mjs');
  if (!serverBuildIsStale()) return;
  console.log('Building the server...');
  await buildServer();
  if (!process.env.DATABASE_URL) makeEmptyDatabase();
}

function buildWebWhenStale() {
  const built = path.join(root, 'apps/web/dist/index.html');
  const sources = [
    path.join(root, 'apps/web/src'),
    path.join(root, 'apps/web/index.html'),
    path.join(root, 'apps/web/vite.config.ts'),
    path.join(root, 'apps/web/tamil-pack.ts'),
    path.join(root, 'packages/domain/src'),
  ];
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt >= newestOf(sources)) return;
  console.log('Building the web app...');
  const res = spawnSync('npm', ['run', 'build', '-w', '@pledge-desk/web'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

if (demo) {
  process.env.DEMO = 'true';
  process.env.DATA_DIR ??= path.join(root, 'data-demo');
  process.env.ADMIN_PASSWORD ??= 'demo-admin';
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
