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

/** User + system CPU seconds of a process so far (all its threads, argon2's included). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are fields 14 and 15 of /proc/pid/stat, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

// Warm up (JIT, first argon2 allocation) before measuring.
for (let i = 0; i < 5; i++)
  await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
const cpuBefore = cpuSeconds(child.pid!);
const t0 = performance.now();
await Promise.all(Array.from({ length: clients }, client));
const seconds = (performance.now() - t0) / 1000;
const cpuPerLoginMs = ((cpuSeconds(child.pid!) - cpuBefore) * 1000) / latencies.length;
await stopServer(child);
fs.rmSync(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
console.log(
  `login: ${latencies.length} requests, ${clients} concurrent, ${failures} failed, ${(latencies.length / seconds).toFixed(0)} req/s; ` +
    `p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms; ` +
    `server CPU ${cpuPerLoginMs.toFixed(1)} ms per login (machine load ${os.loadavg()[0]?.toFixed(1)})`,
);
