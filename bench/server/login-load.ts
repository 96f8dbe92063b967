// Login under load: 20 concurrent clients signing in (argon2id verify each time) against a real
// server process on PGlite. Goal: p95 under 300 ms on this 2-core machine. Bounded: REQUESTS total.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, startServer, stopServer } from './support.ts';

const clients = Number(process.env.CLIENTS ?? 20);
const total = Number(process.env.REQUESTS ?? 600);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pd-bench-login-'));
const { child, port } = await startServer({
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: 'bench-admin-1',
  SKIP_WEB_BUILD: 'true',
});

const url = `http://127.0.0.1:${port}/api/auth/login`;
const body = JSON.stringify({ username: 'admin', password: 'bench-admin-1' });
const latencies: number[] = [];
let issued = 0;
let failures = 0;

async function client() {
  while (issued < total) {
    issued++;
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) failures++;
  }
}

// Warm up (JIT, first argon2 allocation) before measuring.
for (let i = 0; i < 5; i++)
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const t0 = performance.now();
await Promise.all(Array.from({ length: clients }, client));
const seconds = (performance.now() - t0) / 1000;
await stopServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
console.log(
  `login: ${latencies.length} requests, ${clients} concurrent, ${failures} failed, ${(latencies.length / seconds).toFixed(0)} req/s; ` +
    `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms`,
);
