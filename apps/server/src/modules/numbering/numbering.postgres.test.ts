import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { takeNumbers } from './numbering.repository.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A company of its own for each test, so no test counts on another's numbers or rows. */
const freshCompanyId = async () => (await freshCompany(t)).id;

describe('takeNumbers under concurrency', () => {
  it('gives simultaneous takers of two companies and two periods distinct numbers with no gaps', async () => {
    const companies = [await freshCompanyId(), await freshCompanyId()];
    const periods = ['2026-27', '2027-28'];
    const calls = Array.from({ length: 40 }, (_, i) => ({
      companyId: companies[i % 2]!,
      period: periods[Math.floor(i / 2) % 2]!,
      n: 1 + (i % 3),
      fails: i % 7 === 6,
    }));
    const results = await Promise.allSettled(
      calls.map((c) =>
        t.database.db.transaction(async (tx) => {
          const numbers = await takeNumbers(tx, c.companyId, 'receipt', c.period, c.n);
          // Hold the counter a moment so the others really queue behind this transaction.
          await new Promise((resolve) => setTimeout(resolve, 5));
          if (c.fails) throw new Error('caller failed');
          return numbers;
        }),
      ),
    );
    for (const companyId of companies) {
      for (const period of periods) {
        const taken = calls.flatMap((c, i) => {
          const r = results[i]!;
          return c.companyId === companyId && c.period === period && r.status === 'fulfilled' ? r.value : [];
        });
        const wanted = calls
          .filter((c) => c.companyId === companyId && c.period === period && !c.fails)
          .reduce((sum, c) => sum + c.n, 0);
        expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: wanted }, (_, i) => i + 1));
      }
    }
  });
});
