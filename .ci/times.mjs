// Prints how long each suite took and the ten slowest test files, from the JSON report of `npm test`
// (`node .ci/times.mjs .ci/out/results.json [wall seconds of the npm test step]`). A file's time is its
// tests and hooks (`duration`, added by .ci/json-reporter.mjs), else the span of its tests; a suite's
// time is the sum over its files, which may exceed its share of the wall time where files run side by
// side. The project is the report's `project`, else told by the path (the server's two runs then add up
// as one). Never fails the run: without a report it says so and exits 0.
import fs from 'node:fs';
import path from 'node:path';

const [reportFile, wall] = process.argv.slice(2);
if (!reportFile || !fs.existsSync(reportFile)) {
  console.log(`times: no report at ${reportFile ?? '(none given)'}`);
  process.exit(0);
}
let report;
try {
  report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
} catch (error) {
  console.log(`times: the report ${reportFile} cannot be read: ${error.message}`);
  process.exit(0);
}

const order = ['domain', 'server-pglite', 'server-postgres', 'web', 'e2e'];
const byPath = [
  ['/packages/domain/', 'domain'],
  ['/apps/server/', 'server (PGlite and PostgreSQL)'],
  ['/apps/web/', 'web'],
  ['/e2e/', 'e2e'],
];
const projectOf = (file) => file.project ?? byPath.find(([part]) => file.name.includes(part))?.[1] ?? 'other';
const secondsOf = (file) => (file.duration ?? Math.max(0, file.endTime - file.startTime)) / 1000;
const root = process.cwd();

const files = report.testResults.map((file) => ({
  project: projectOf(file),
  name: path.relative(root, file.name),
  seconds: secondsOf(file),
  tests: file.assertionResults.length,
  failed: file.assertionResults.filter((t) => t.status === 'failed').length,
}));
const suites = new Map();
for (const f of files) {
  const s = suites.get(f.project) ?? { seconds: 0, files: 0, tests: 0 };
  s.seconds += f.seconds;
  s.files += 1;
  s.tests += f.tests;
  suites.set(f.project, s);
}
const rank = (name) => (order.includes(name) ? order.indexOf(name) : order.length);
const fmt = (seconds) => `${seconds.toFixed(1)} s`.padStart(9);
const width = Math.max(...[...suites.keys()].map((name) => name.length));
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

console.log("Suite times (each file's tests and hooks, summed; the e2e global setup is in no file):");
for (const [name, s] of [...suites].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))) {
  console.log(
    `${fmt(s.seconds)}  ${name.padEnd(width)}  ${plural(s.files, 'file')}, ${plural(s.tests, 'test')}`,
  );
}
if (wall !== undefined) console.log(`${fmt(Number(wall))}  npm test, wall time`);
console.log('The ten slowest test files:');
for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
  const failed = f.failed > 0 ? ` (${f.failed} failed)` : '';
  console.log(`${fmt(f.seconds)}  ${f.project.padEnd(width)}  ${f.name}${failed}`);
}

// What failed, again at the end: CI keeps only the tail of a long run's output, and a failure printed
// ten minutes earlier by one of the two vitest runs is otherwise out of sight.
const colourCodes = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const firstLines = (text, n = 6) =>
  String(text ?? '')
    .replace(colourCodes, '')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, n)
    .map((line) => `      ${line.slice(0, 240)}`)
    .join('\n');
const failures = [];
for (const file of report.testResults) {
  const name = `${projectOf(file)} ${path.relative(root, file.name)}`;
  const failedTests = file.assertionResults.filter((t) => t.status === 'failed');
  for (const t of failedTests)
    failures.push(`  ${name} > ${t.fullName}\n${firstLines(t.failureMessages?.join('\n'))}`);
  // A file that failed outside its tests (a beforeAll, an import, a timeout of a hook).
  if (failedTests.length === 0 && file.status === 'failed') {
    failures.push(`  ${name} (outside its tests)\n${firstLines(file.message)}`);
  }
}
if (failures.length > 0) {
  console.log(`What failed (${failures.length}):`);
  for (const line of failures) console.log(line);
} else if (report.success === false) {
  console.log(
    'No test failed, yet the run is no success: an error outside the test files (a global setup, an ' +
      'unhandled rejection, a run that wrote no report); its lines are above, marked "e2e │" if the browser run.',
  );
}
