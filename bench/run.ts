// `npm run bench`: every benchmark in turn. Results are written down in docs/performance.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const scripts = ['server/cold-start.ts', 'server/login-load.ts'];
const domainDir = path.join(here, 'domain');
if (fs.existsSync(domainDir)) {
  for (const f of fs.readdirSync(domainDir).sort()) if (f.endsWith('.ts')) scripts.push(`domain/${f}`);
}
let failed = false;
for (const s of scripts) {
  console.log(`\n# ${s}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, s)], { stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
