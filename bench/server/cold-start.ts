// Cold start of `npm start` on an empty data directory until /api/health answers (goal < 10 s),
// and a restart on the same directory (goal < 3 s). The web build is done beforehand, as after
// `npm install && npm start` once; set BUILD=1 to include a fresh web build in the first start.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root, startServer, stopServer } from './support.ts';

const runs = Number(process.env.RUNS ?? 3);
if (process.env.BUILD === '1') fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
else spawnSync('npm', ['run', 'build', '-w', '@pledge-desk/web'], { cwd: root, stdio: 'ignore' });

const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-start-'));
  const first = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-1' });
  cold.push(first.readyMs);
  await stopServer(first.child);
  const second = await startServer({ DATA_DIR: dataDir });
  warm.push(second.readyMs);
  await stopServer(second.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const fmt = (xs: number[]) => xs.map((x) => `${(x / 1000).toFixed(2)} s`).join(', ');
console.log(`cold start (empty data dir): ${fmt(cold)}`);
console.log(`restart (same data dir):     ${fmt(warm)}`);
