// `npm test`: every suite, as two vitest runs side by side. The browser files run one at a
// time against one shared server (vitest.config.ts), and in one run vitest starts them only after every
// other file has ended; alone they left half of a 2-core machine idle for about 500 s (the browser and
// the server wait on each other). So the browser suite (`--project e2e`) runs in a second vitest beside
// the rest (`--project '!e2e'`), its lines marked `e2e │`; the exit code is the worse of the two.
//
// Arguments go to both runs. A JSON report asked for with `--outputFile.json=<file>` (or
// `--outputFile=<file>`) is written by each run to a file of its own and then merged into <file>, one
// report of every suite. Arguments that choose what to run (a file, `--project`, `-t`, `--watch`…) make it
// one plain `vitest run` with them, as `npx vitest run` would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';

const root = path.resolve(import.meta.dirname, '..');
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
const args = process.argv.slice(2);

const choosing = (arg, i) =>
  !arg.startsWith('-')
    ? !/^--(reporter|outputFile)/.test(args[i - 1] ?? '') // a file or a name filter, not a flag's value
    : /^(--project|-t|--testNamePattern|--watch|-w|--changed|--related|--shard|--dir)(=|$)/.test(arg);

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

/**
 * Runs vitest with `runArgs`. Side by side, both runs' output is piped, so neither draws the terminal's
 * live summary over the other's lines, and each line is printed with `prefix` in front (colours kept
 * when the terminal has them).
 */
function run(runArgs, prefix, piped = true) {
  return new Promise((resolve) => {
    const env = process.stdout.isTTY && piped ? { ...process.env, FORCE_COLOR: '1' } : process.env;
    const child = spawn(process.execPath, [vitest, 'run', ...runArgs], {
      cwd: root,
      env,
      stdio: piped ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    children.add(child);
    if (piped) {
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        readline.createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
      }
    }
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

if (args.some(choosing)) process.exit(await run(args, '', false));

// Each run writes its JSON report to a file of its own.
const reportArg = args.findIndex((arg) => /^--outputFile(\.json)?=/.test(arg));
const reportFile = reportArg === -1 ? undefined : args[reportArg].slice(args[reportArg].indexOf('=') + 1);
const argsFor = (suffix) =>
  reportFile === undefined ? args : args.map((arg, i) => (i === reportArg ? `${arg}.${suffix}.json` : arg));

const [rest, e2e] = await Promise.all([
  run(['--project', '!e2e', ...argsFor('rest')], ''),
  run(['--project', 'e2e', ...argsFor('e2e')], 'e2e │ '),
]);

if (reportFile !== undefined) mergeReports(reportFile, [`${reportFile}.rest.json`, `${reportFile}.e2e.json`]);
process.exit(rest !== 0 ? rest : e2e);

/** Vitest's JSON reports as one: the files of both, the counts added, a success only if both were. */
function mergeReports(target, parts) {
  const reports = parts
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file)));
  if (reports.length === 0) return;
  const merged = { ...reports[0], testResults: [] };
  for (const report of reports) {
    for (const [key, value] of Object.entries(report)) {
      if (key.startsWith('num') && typeof value === 'number' && report !== reports[0]) merged[key] += value;
    }
    merged.startTime = Math.min(merged.startTime, report.startTime);
    merged.success = merged.success && report.success;
    merged.testResults.push(...report.testResults);
  }
  // A run that wrote no report failed before its tests: the merged report is no success.
  if (reports.length < parts.length) merged.success = false;
  fs.writeFileSync(target, JSON.stringify(merged));
  for (const file of parts) fs.rmSync(file, { force: true });
}
