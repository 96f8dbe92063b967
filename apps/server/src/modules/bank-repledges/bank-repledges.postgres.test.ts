import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { bankFor, expectBorrowingsMatch, moveToBank, returnFromBank } from './bank-repledges-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

async function repledgesOf(companyId: number) {
  const [row] = rowsOf<{ open: number; all: number }>(
    await t.database.db.execute(sql`
      select count(*) filter (where returned_on is null)::int as open, count(*)::int as all
        from bank_repledges where company_id = ${companyId}`),
  );
  return row;
}

describe('re-pledges racing each other', () => {
  it('10 simultaneous moves of one pledge: exactly one goes to the bank, the others 409', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const bank = await bankFor(t, p.actor);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        moveToBank(t, p.actor.headers(), p.pledge_id, {
          bank_id: bank.id,
          amount_borrowed: 10000 + i,
          bank_reference: `RACE/${i}`,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await repledgesOf(p.companyId)).toEqual({ open: 1, all: 1 });
    const won = answers.find((a) => a.statusCode === 201)!.json() as { amount_borrowed: number };
    await expectBorrowingsMatch(t, p.companyId, won.amount_borrowed);

    const back = await Promise.all(
      Array.from({ length: 5 }, () =>
        returnFromBank(t, p.actor.headers(), p.pledge_id, { bank_interest: 10 }),
      ),
    );
    expect(back.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await repledgesOf(p.companyId)).toEqual({ open: 0, all: 1 });
    await expectBorrowingsMatch(t, p.companyId, 0);
  });

  it('a payment and a move at once: the pledge lock orders them, and a paid-off pledge does not go', async () => {
    const p = await bigPledge(t, '2026-01-01');
    const bank = await bankFor(t, p.actor);
    const [pay, move] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/pledge-payments/',
        headers: p.actor.headers(),
        payload: {
          pledge_id: p.pledge_id,
          payment_date: '2026-02-10',
          payment_type: 'full_payment',
          amount: 100750,
          payment_method: 'cash',
          cash_limit_confirmed: true,
        },
      }),
      moveToBank(t, p.actor.headers(), p.pledge_id, {
        bank_id: bank.id,
        amount_borrowed: 10000,
        bank_reference: 'RACE/P',
        pledged_on: '2026-02-10',
      }),
    ]);
    // One of the two, never both.
    expect([pay.statusCode, move.statusCode].sort()).toEqual([201, 409]);
    const { open } = (await repledgesOf(p.companyId))!;
    await expectBorrowingsMatch(t, p.companyId, open === 1 ? 10000 : 0);
    if (open === 1)
      expect((await returnFromBank(t, p.actor.headers(), p.pledge_id, {})).statusCode).toBe(201);
  });
});
