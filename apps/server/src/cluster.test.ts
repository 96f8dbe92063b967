import { describe, expect, it } from 'vitest';
import { replacementDelayMs } from './cluster.ts';

// The processes themselves are tried in cluster.postgres.test.ts; this is the back-off's arithmetic.
describe('replacing a worker that died', () => {
  const now = 1_000_000;

  it('waits a second after one crash, twice as long for each more within a minute, at most 30 s', () => {
    expect(replacementDelayMs([now], now)).toBe(1_000);
    expect(replacementDelayMs([now - 2_000, now], now)).toBe(2_000);
    expect(replacementDelayMs([now - 3_000, now - 2_000, now], now)).toBe(4_000);
    const many = Array.from({ length: 12 }, (_, i) => now - i * 1_000);
    expect(replacementDelayMs(many, now)).toBe(30_000);
  });

  it('forgets crashes older than a minute', () => {
    expect(replacementDelayMs([now - 120_000, now - 61_000, now], now)).toBe(1_000);
    expect(replacementDelayMs([], now)).toBe(1_000);
  });
});
