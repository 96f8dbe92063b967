import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postVoucher } from './vouchers.service.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('postVoucher under concurrency', () => {
  it('gives 20 simultaneous posts 20 distinct consecutive numbers, and a failed one leaves no gap', async () => {
    const mainId = (await freshCompany(t)).id;
    const post = (i: number) =>
      t.database.db.transaction(async (tx) => {
        const posted = await postVoucher(tx, {
          companyId: mainId,
          voucherType: 'Journal',
          entryDate: '2026-10-01',
          narration: `Concurrent ${i}`,
          lines: [
            { accountCode: '1000', debitPaise: 100 + i, creditPaise: 0 },
            { accountCode: '3000', debitPaise: 0, creditPaise: 100 + i },
          ],
          source: { kind: 'manual' },
          createdBy: null,
        });
        // Every fifth caller fails after taking its number: the number must go to someone else.
        if (i % 5 === 4) throw new Error('caller failed');
        return posted.voucherNumber;
      });
    const results = await Promise.allSettled(Array.from({ length: 25 }, (_, i) => post(i)));
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(numbers).toHaveLength(20);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `JV/2026-27/${String(i + 1).padStart(4, '0')}`),
    );
  });
});
