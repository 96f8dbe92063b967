// `npm run bench`: every benchmark in bench/domain, bench/server and bench/web, in turn (several minutes; each
// is bounded in time). Results are written down in docs/performance.md.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const scripts: string[] = [];
for (const dir of ['domain', 'server', 'web']) {
  const full = path.join(here, dir);
  if (!fs.existsSync(full)) continue;
  for (const f of fs.readdirSync(full).sort()) {
    if (f.endsWith('.ts') && f !== 'support.ts' && !f.startsWith('tmp-')) scripts.push(`${dir}/${f}`);
  }
}
const only = process.argv[2];
let failed = false;
for (const s of scripts.filter((s) => !only || s.includes(only))) {
  console.log(`\n# ${s}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, s)], { stdio: 'inherit' });
  if (res.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
