import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, vouchers } from '../db/schema/index.ts';
import { stableJson } from '../plugins/idempotency.ts';
import { type Actor, adminFor, freshCompany } from '../test/fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// The bug these tests keep fixed: a request with an Idempotency-Key that failed with 500 kept its key
// reserved (the retry got 409, a corrected body 422, though nothing was saved), and the key of a request cut
// off by a killed process stayed reserved for 24 hours.

let t: TestApp;
let admin: Actor;
let companyId: number;
let cash: number;
let capital: number;

const entry = (amount: number, narration: string) => ({
  entry_date: '2026-10-01',
  voucher_type: 'Receipt',
  narration,
  details: [
    { account_id: cash, debit_amount: amount, credit_amount: 0 },
    { account_id: capital, debit_amount: 0, credit_amount: amount },
  ],
});

const post = (payload: object, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/daybook-entries',
    headers: { ...admin.headers(), 'idempotency-key': key },
    payload,
  });

const voucherCount = async () =>
  Number(
    (await t.database.db.select({ n: count() }).from(vouchers).where(eq(vouchers.companyId, companyId)))[0]
      ?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  // A rule only the database knows, so that a save fails inside its transaction with a 500.
  await t.database.db.execute(
    sql.raw(`alter table vouchers add constraint test_no_boom check (narration <> 'boom')`),
  );
});
// Each test posts into a new company of its own, as its own admin (keys are per user).
beforeEach(async () => {
  companyId = (await freshCompany(t)).id;
  admin = await adminFor(t, companyId);
  const options = (
    await t.app.inject({ method: 'GET', url: '/api/accounts', headers: admin.headers() })
  ).json() as { account_id: number; account_code: string }[];
  cash = options.find((o) => o.account_code === '1000')!.account_id;
  capital = options.find((o) => o.account_code === '3000')!.account_id;
});
afterAll(async () => t.close());

describe('Idempotency-Key of a request that did not commit', () => {
  it('is free again after a 500: the retry and a corrected body both post, once', async () => {
    const before = await voucherCount();
    const failed = await post(entry(700, 'boom'), 'failing-key-1');
    expect(failed.statusCode).toBe(500);
    expect(await voucherCount()).toBe(before);

    const corrected = await post(entry(700, 'Capital brought in'), 'failing-key-1');
    expect(corrected.statusCode, corrected.body).toBe(201);
    const replay = await post(entry(700, 'Capital brought in'), 'failing-key-1');
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await voucherCount()).toBe(before + 1);
  });

  it('is taken over by a retry once the lease of a request cut off has passed', async () => {
    const body = entry(800, 'Cut off');
    // A request that reserved its key and was killed before committing: its row, lease passed.
    await t.database.db.insert(idempotencyKeys).values({
      companyId,
      userId: admin.userId,
      key: 'cut-off-key',
      route: 'POST /api/daybook-entries',
      requestHash: createHash('sha256').update(stableJson(body)).digest('hex'),
      leaseUntil: new Date(Date.now() - 1000),
    });
    const before = await voucherCount();

    const retry = await post(body, 'cut-off-key');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await voucherCount()).toBe(before + 1);
    // And the answer is kept again for the next retry.
    const again = await post(body, 'cut-off-key');
    expect(again.headers['idempotent-replayed']).toBe('true');
  });

  it('still answers 409 while the lease of a running request lasts', async () => {
    const body = entry(900, 'Running');
    expect((await post(body, 'running-key')).statusCode).toBe(201);
    await t.database.db.execute(
      sql`update idempotency_keys set status_code = null, response_body = null where key = 'running-key'`,
    );
    const before = await voucherCount();
    expect((await post(body, 'running-key')).statusCode).toBe(409);
    expect(await voucherCount()).toBe(before);
  });
});

// The other side of freeing keys: a request whose voucher committed must never be done again, even
// when its answer was lost. The mark that says so is written in the voucher's own transaction.
describe('Idempotency-Key of a request whose work committed', () => {
  const keyOf = async (key: string) =>
    (
      await t.database.db
        .select({ statusCode: idempotencyKeys.statusCode, committedAt: idempotencyKeys.committedAt })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key))
    )[0];

  it('is marked committed with the voucher, and not after a rollback', async () => {
    expect((await post(entry(1000, 'Committed'), 'commit-mark-key')).statusCode).toBe(201);
    expect((await keyOf('commit-mark-key'))?.committedAt).toBeInstanceOf(Date);
    expect((await post(entry(1000, 'boom'), 'rolled-back-key')).statusCode).toBe(500);
    expect(await keyOf('rolled-back-key')).toBeUndefined();
  });

  it('is never taken over when the answer was lost after the commit: the retry is a 409 and posts nothing', async () => {
    const body = entry(1100, 'Answer lost');
    expect((await post(body, 'lost-answer-key')).statusCode).toBe(201);
    // The process was killed between the commit and keeping the answer, and the lease has passed.
    await t.database.db.execute(
      sql`update idempotency_keys set status_code = null, response_body = null, lease_until = now() - interval '1 minute' where key = 'lost-answer-key'`,
    );
    const before = await voucherCount();
    const retry = await post(body, 'lost-answer-key');
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toMatchObject({
      detail: 'This request was saved, but its answer was lost. Check the list; do not enter it again.',
      code: 'IDEMPOTENCY_SAVED',
    });
    expect(await voucherCount()).toBe(before);
  });
});
