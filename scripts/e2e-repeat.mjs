// `npm run e2e:repeat -- N [vitest arguments…]`: runs the browser suite N times in a row
// (`npx vitest run --project e2e`, each with its own JSON report in a temporary folder) to find flaky
// tests, then says for each run whether it passed and names every failed test with its file and the first
// line of its error. Arguments after N go to vitest (a file, `-t <name>`). Exits 1 when any run failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const [count, ...vitestArgs] = process.argv.slice(2);
const runs = Number(count ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run e2e:repeat -- <number of runs> [vitest arguments]');
  process.exit(2);
}

const firstLine = (text) =>
  (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .find((line) => line !== '') ?? '(no message)';

/** The failures a run's report names: each failed test, and a file that failed outside its tests. */
function failuresOf(reportFile) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  const failures = [];
  for (const file of report.testResults) {
    const name = path.relative(root, file.name);
    const failed = file.assertionResults.filter((t) => t.status === 'failed');
    for (const t of failed)
      failures.push({ file: name, test: t.fullName, error: firstLine(t.failureMessages[0]) });
    if (file.status === 'failed' && failed.length === 0) {
      failures.push({ file: name, test: '(the file itself)', error: firstLine(file.message) });
    }
  }
  return { success: report.success === true, tests: report.numTotalTests, failures };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pledge-desk-e2e-repeat-'));
const results = [];
try {
  for (let run = 1; run <= runs; run++) {
    const reportFile = path.join(dir, `run-${run}.json`);
    console.log(`\n== e2e run ${run} of ${runs}`);
    const started = Date.now();
    const child = spawnSync(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'e2e',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...vitestArgs,
      ],
      { cwd: root, stdio: 'inherit' },
    );
    const seconds = (Date.now() - started) / 1000;
    const status = child.status ?? 1;
    if (!fs.existsSync(reportFile)) {
      const cause = child.error?.message ?? `exit ${child.signal ?? status}`;
      results.push({
        run,
        ok: false,
        seconds,
        tests: 0,
        failures: [{ file: '-', test: '-', error: `no report (${cause})` }],
      });
      continue;
    }
    const { success, tests, failures } = failuresOf(reportFile);
    const ok = status === 0 && success && failures.length === 0;
    if (!ok && failures.length === 0) {
      failures.push({
        file: '-',
        test: '-',
        error: `vitest exited ${status} with no failed test in its report`,
      });
    }
    results.push({ run, ok, seconds, tests, failures });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`\n== e2e:repeat, ${runs} run${runs === 1 ? '' : 's'}`);
for (const r of results) {
  console.log(`run ${r.run}: ${r.ok ? 'passed' : 'FAILED'} (${r.tests} tests, ${r.seconds.toFixed(0)} s)`);
  for (const f of r.failures) console.log(`  ${f.file} > ${f.test}\n    ${f.error}`);
}
const failedRuns = results.filter((r) => !r.ok).length;
console.log(`${runs - failedRuns} of ${runs} runs passed`);
process.exit(failedRuns > 0 ? 1 : 0);
