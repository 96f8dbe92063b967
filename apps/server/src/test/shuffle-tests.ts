/**
 * Runs the tests of every server test file in a random order (docs/decisions.md, "The test system
 * and CI"). Vitest 4 takes `sequence.shuffle` only from the root config, for every project at once,
 * and the browser tests keep their order; so the server projects turn it on here, in a setup file,
 * which runs before each test file is collected. `--sequence.seed=<n>` repeats an order; a failing
 * test prints the seed of its run.
 */
import { beforeEach, TestRunner } from 'vitest';

interface WorkerState {
  config: { sequence: { seed?: number } };
}
const worker = (globalThis as { __vitest_worker__?: WorkerState }).__vitest_worker__;
if (!worker) throw new Error('shuffle-tests.ts runs as a vitest setup file');
worker.config.sequence.seed ??= Date.now();
const seed = worker.config.sequence.seed;

const fileSuite = TestRunner.getCurrentSuite();
// Top-level tests follow the file task; describe blocks inherit the options of the file's suite.
if (fileSuite.file) fileSuite.file.shuffle = true;
fileSuite.options = { ...fileSuite.options, shuffle: true };

beforeEach(({ onTestFailed }) => {
  onTestFailed(() => {
    console.error(`Tests ran shuffled: repeat this order with --sequence.seed=${seed}`);
  });
});
