import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { insertCompany } from '../companies/companies.repository.ts';
import { takeNumbers } from './numbering.repository.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function freshCompany(): Promise<number> {
  const company = await t.database.db.transaction((tx) =>
    insertCompany(tx, {
      company_name: `Numbering ${randomUUID().slice(0, 8)}`,
      address: '1 Car Street',
      city: 'Salem',
      state: 'Tamil Nadu',
      phone: '0427 2000000',
      licence_no: 'TN-SLM-2026-001',
      status: true,
    }),
  );
  return company.id;
}

describe('takeNumbers under concurrency', () => {
  it('gives simultaneous takers of two companies and two periods distinct numbers with no gaps', async () => {
    const companies = [await freshCompany(), await freshCompany()];
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
