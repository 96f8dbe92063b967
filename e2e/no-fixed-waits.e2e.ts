/**
 * No browser test waits for a fixed time. A sleep is either too short on a loaded machine
 * (flaky) or too long everywhere (slow); wait for the state instead: a response, a role or text, the
 * page at rest (`atRest`, `settled` in support.ts: no request in flight, nothing busy, no animation
 * running, fonts loaded). This file fails when a file of e2e/ sleeps: `page.waitForTimeout`, or a
 * promise around `setTimeout`, except the one poll of global-setup.ts that waits for a server to
 * answer /api/health (it polls a state, between tries).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = import.meta.dirname;
const files = readdirSync(dir).filter((name) => name.endsWith('.ts') && name !== 'no-fixed-waits.e2e.ts');
/** Promise sleeps allowed, by file: global-setup's poll of /api/health. */
const allowedSleeps: Record<string, number> = { 'global-setup.ts': 1 };

function sleepsIn(source: string): { waitForTimeout: string[]; promiseSleeps: string[] } {
  const lines = source.split('\n');
  const where = (pattern: RegExp) =>
    lines.flatMap((line, i) => (pattern.test(line) ? [`line ${i + 1}: ${line.trim()}`] : []));
  return {
    waitForTimeout: where(/\bwaitForTimeout\s*\(/),
    promiseSleeps: where(/new Promise\S*\s*\(?\s*\(?\s*\w*\s*\)?\s*=>\s*setTimeout\s*\(/),
  };
}

describe('no fixed sleeps in the browser tests', () => {
  it('finds a sleep where there is one (the check itself)', () => {
    expect(sleepsIn('  await page.waitForTimeout(400);').waitForTimeout).toHaveLength(1);
    expect(sleepsIn('await new Promise((r) => setTimeout(r, 250));').promiseSleeps).toHaveLength(1);
    expect(
      sleepsIn('await new Promise<void>((resolve) => setTimeout(resolve, 10));').promiseSleeps,
    ).toHaveLength(1);
    expect(sleepsIn("await page.getByRole('dialog').waitFor();")).toEqual({
      waitForTimeout: [],
      promiseSleeps: [],
    });
  });

  it.each(files)('%s waits for states, not for time', (file) => {
    const found = sleepsIn(readFileSync(join(dir, file), 'utf8'));
    expect(found.waitForTimeout).toEqual([]);
    expect(found.promiseSleeps.length).toBeLessThanOrEqual(allowedSleeps[file] ?? 0);
  });
});
