/**
 * The whole-day test (it tests the seams between features): seeded random walks through the API of a
 * branch's months (walk.ts, steps.ts), each on its own new branch, checking the books against the
 * walk's own model after every step. A failure prints its seed and step.
 *
 * A long walk: WALK_SEEDS=11,12,13 WALK_STEPS=2000 npx vitest run --project server-pglite src/walk
 * (WALK_SEEDS=random picks new seeds; with WALK_SEEDS set, each walk prints what it did).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp, testDbKind } from '../test/test-app.ts';
import { runWalk } from './walk.ts';

/**
 * The known bugs still open on main: the walk steps around each (the step kind, or the input) until
 * its fix is merged. Remove an entry when its fix lands; the walk then asserts the fixed behaviour.
 */
const KNOWN_OPEN = new Set<string>([]);

/**
 * WALK_ASSUME_FIXED=<name>,<name> (or `all`) walks as if those items were fixed: on a branch with a fix,
 * to see the walk assert the fixed behaviour before the entry is removed here.
 */
function knownOpen(): Set<string> {
  const fixed = (process.env.WALK_ASSUME_FIXED ?? '').split(',').map((s) => s.trim());
  if (fixed.includes('all')) return new Set();
  return new Set([...KNOWN_OPEN].filter((k) => !fixed.includes(k)));
}

function seedsToRun(): number[] {
  const env = process.env.WALK_SEEDS;
  if (env === 'random') return [1, 2, 3].map(() => Math.floor(Math.random() * 2 ** 31));
  if (env) return env.split(',').map((s) => Number.parseInt(s.trim(), 10));
  return testDbKind === 'pglite' ? [1, 2, 3] : [4, 5];
}

const STEPS = Number.parseInt(process.env.WALK_STEPS ?? '', 10) || (testDbKind === 'pglite' ? 100 : 120);

let t: TestApp;
beforeAll(async () => {
  // The walk's clock runs months ahead of the sign-in: its session neither expires nor idles out
  // (a long walk goes past the real clock; the database's now() is the real one on PostgreSQL).
  t = await createTestApp({ sessionHours: 24 * 366 * 50, sessionIdleMinutes: 60 * 24 * 366 * 50 });
});
afterAll(async () => {
  await t.close();
});

describe('the whole-day walk', () => {
  for (const seed of seedsToRun()) {
    test(`seed ${seed}: ${STEPS} steps of a branch's months keep the books as the model says`, {
      timeout: Math.max(120_000, STEPS * 2_000),
    }, async () => {
      const summary = await runWalk(t, { seed, steps: STEPS, knownOpen: knownOpen() });
      expect(summary.steps).toBe(STEPS);
      if (process.env.WALK_SEEDS) console.info(JSON.stringify(summary));
    });
  }
});
