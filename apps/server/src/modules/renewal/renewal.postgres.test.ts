import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { accountBalance } from '../../test/books.ts';
import { jewelRateFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

describe('renewals racing each other', () => {
  it('two clients renewing the same pledge at once: exactly one succeeds, the other gets 409', async () => {
    const p = await bigPledge(t, '2026-01-01');
    await jewelRateFor(t, p.actor, p.jewelTypeId!, '2026-02-01', { rate_per_gram: 7000 });
    const body = (loan: number) => ({
      renewal_date: '2026-02-10',
      items: { keep: [{ pledge_item_id: p.items[0]!.pledge_item_id }] },
      total_loan_amount: loan,
      cash_limit_confirmed: true,
    });
    const answers = await Promise.all(
      [120000, 110000].map((loan) =>
        t.app.inject({
          method: 'POST',
          url: `/api/pledges/${p.pledge_id}/renew`,
          headers: p.actor.headers(),
          payload: body(loan),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409)!;
    expect(refused.json().code).toBe('PLEDGE_CLOSED');
    const [row] = rowsOf<{ renewals: number; pledges: number; receipts: number }>(
      await t.database.db.execute(sql`
        select (select count(*)::int from pledge_renewals where company_id = ${p.companyId}) as renewals,
               (select count(*)::int from pledges where company_id = ${p.companyId}) as pledges,
               (select count(*)::int from payment_receipts where company_id = ${p.companyId}) as receipts`),
    );
    expect(row).toEqual({ renewals: 1, pledges: 2, receipts: 1 });
    expect(await accountBalance(t, p.companyId, '1195')).toBe(0);
    await expectBooksClean(t);
  });

  it('five simultaneous retries of one Idempotency-Key make one renewal', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/pledges/${p.pledge_id}/renew`,
          headers: { ...p.actor.headers(), 'idempotency-key': `renew-race-${p.pledge_id}` },
          payload: {
            renewal_date: '2026-02-10',
            items: { keep: [{ pledge_item_id: p.items[0]!.pledge_item_id }] },
            total_loan_amount: 100000,
            cash_limit_confirmed: true,
          },
        }),
      ),
    );
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().renewal_id));
    expect(ids.size).toBe(1);
    const [row] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from pledge_renewals where company_id = ${p.companyId}`,
      ),
    );
    expect(row!.n).toBe(1);
  });
});
