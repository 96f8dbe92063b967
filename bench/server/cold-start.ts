// Cold start of `npm start` on an empty data directory until /api/health answers (goal ≤ 8 s on a
// quiet 2-core machine), and a restart on the same directory (goal ≤ 2 s). The builds are done
// beforehand, as after `npm install && npm start` once: the web app, and the server with the empty
// database a first start copies (scripts/build-server.mjs). BUILD=1 removes both builds first, so
// the first start includes them. The load average is printed with each figure.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { load, root, startServer, stopServer } from './support.ts';

const runs = Number(process.env.RUNS ?? 3);
if (process.env.BUILD === '1') {
  fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true, force: true });
  fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
} else {
  spawnSync('npm', ['run', 'build', '-w', '@pledge-desk/web'], { cwd: root, stdio: 'ignore' });
  spawnSync(process.execPath, ['scripts/build-server.mjs', '--if-stale'], { cwd: root, stdio: 'ignore' });
}

const cold: string[] = [];
const warm: string[] = [];
const figure = (ms: number) => `${(ms / 1000).toFixed(2)} s (load ${load().split(' ')[0]})`;
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-start-'));
  const first = await startServer({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-admin-1' });
  cold.push(figure(first.readyMs));
  await stopServer(first.child);
  const second = await startServer({ DATA_DIR: dataDir });
  warm.push(figure(second.readyMs));
  await stopServer(second.child);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`node ${process.version}, load ${load()} at the end`);
console.log(`cold start (empty data dir): ${cold.join(', ')}`);
console.log(`restart (same data dir):     ${warm.join(', ')}`);
