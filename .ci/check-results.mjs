// Fails CI when a required suite ran no test, skipped any, or failed; prints the plain closing line.
// Vitest's JSON report does not name the project, so suites are told apart by path, and the server
// suite's PostgreSQL run shows as each server test file appearing a second time.
import fs from 'node:fs';

const report = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const suites = { domain: '/packages/domain/', server: '/apps/server/', web: '/apps/web/', e2e: '/e2e/' };
const counts = Object.fromEntries(Object.keys(suites).map((s) => [s, { passed: 0, failed: 0, skipped: 0 }]));
const serverRuns = new Map();
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of report.testResults) {
  const suite = Object.keys(suites).find((s) => file.name.includes(suites[s]));
  if (suite === 'server') serverRuns.set(file.name, (serverRuns.get(file.name) ?? 0) + 1);
  for (const t of file.assertionResults) {
    const c = counts[suite] ?? { passed: 0, failed: 0, skipped: 0 };
    if (t.status === 'passed') {
      c.passed++;
      passed++;
    } else if (t.status === 'failed') {
      c.failed++;
      failed++;
    } else {
      c.skipped++;
      skipped++;
    }
  }
}

let ok = report.success === true;
for (const [suite, c] of Object.entries(counts)) {
  console.log(`${suite.padEnd(7)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
  if (c.passed === 0 || c.failed > 0 || c.skipped > 0) {
    console.error(`  the ${suite} suite failed, skipped tests, or ran none`);
    ok = false;
  }
}
// *.pglite.test.ts run only on PGlite and *.postgres.test.ts only on PostgreSQL: once each.
const onceOnly = (name) => name.endsWith('.pglite.test.ts') || name.endsWith('.postgres.test.ts');
const missingPg = [...serverRuns].filter(([name, n]) => !onceOnly(name) && n < 2);
if (process.env.TEST_DATABASE_URL === undefined) {
  console.error('  TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite did not happen');
  ok = false;
}
if (missingPg.length > 0) {
  console.error(
    `  the PostgreSQL run of the server suite is missing for: ${missingPg.map(([n]) => n).join(', ')}`,
  );
  ok = false;
} else {
  console.log(`server  ran on PGlite and PostgreSQL (${serverRuns.size} files)`);
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(ok ? 0 : 1);
