import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One `npm test` runs every suite. The server suite runs on PGlite always and a second time on
// PostgreSQL when TEST_DATABASE_URL is set (CI sets it, see .ci/run).
const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, so a 2-core machine (CI's) ran every file
    // one after another with one core idle: the server and web files wait on a database
    // or the event loop often enough that a worker per core keeps both busy. The browser files still
    // run one at a time, after the rest (fileParallelism: false below). `--maxWorkers=<n>` overrides.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // Concurrency tests only mean something on PostgreSQL (PGlite has one connection).
          exclude: ['src/**/*.postgres.test.ts'],
          environment: 'node',
          // The files share a worker's module graph: importing the app and its routes cost
          // 2 s per file, a quarter of the server run. Safe because nothing of a test lives in a module:
          // each file opens its own database (src/test/test-app.ts), fixtures name their records uniquely,
          // and no server module keeps state between requests beyond its process's settings.
          isolate: false,
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every server test stands alone (docs/decisions.md): the tests of each file run in a random
          // order (vitest takes sequence.shuffle only for all projects at once, so a setup file turns
          // it on here). A failure prints its seed; repeat the order with --sequence.seed=<n>.
          setupFiles: ['./src/test/shuffle-tests.ts', './src/test/coded-sentences.ts'],
          // One migrated database per run, copied for each file (src/test/templates.ts).
          globalSetup: ['./src/test/global-setup-pglite.ts'],
        },
      },
      ...(pgUrl
        ? [
            {
              test: {
                name: 'server-postgres',
                root: 'apps/server',
                include: ['src/**/*.test.ts'],
                // Process and lock-file tests are about the embedded database only.
                exclude: ['src/**/*.pglite.test.ts'],
                environment: 'node',
                isolate: false,
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
                setupFiles: ['./src/test/shuffle-tests.ts', './src/test/coded-sentences.ts'],
                globalSetup: ['./src/test/global-setup-postgres.ts'],
              },
            },
          ]
        : []),
      'apps/web/vitest.config.ts',
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // expect.poll waits 1 s by default: a close checking a wrong password (a password hash) took
          // longer on a loaded CI machine. Every poll here waits for the browser and the server, so 10 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
