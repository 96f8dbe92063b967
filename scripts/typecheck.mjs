// `npm run typecheck`: the TypeScript check of every package (tsc -p <each>, no output files), run side
// by side, as many at a time as the machine has cores (one after another took 69 s of CI on
// two cores). Each check's output is printed whole when it ends; exits 1 if any found an error.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The longest first, so the two cores end together.
const projects = ['apps/web', 'apps/server', 'e2e', 'bench', 'packages/domain'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : `exit ${code}`} (${seconds} s)`);
      if (output.trim() !== '') console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = [];
const worker = async () => {
  while (queue.length > 0) results.push(await check(queue.shift()));
};
await Promise.all(Array.from({ length: Math.min(projects.length, availableParallelism()) }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
