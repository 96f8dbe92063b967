import { createHash } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, vouchers } from '../db/schema/index.ts';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { stableJson, sweepIdempotencyKeys, withoutSecrets } from './idempotency.ts';

// apps/server/README.md, "Money POSTs and the Idempotency-Key": money-moving POSTs take an Idempotency-Key; a
// retry with the same key and body answers the first result and does nothing twice; the same key with another
// body is a 422.

let t: TestApp;
let admin: string;
let adminId: number;
let mainId: number;
let otherAdmin: string;
let cash: number;
let capital: number;

const entry = (amount: number, narration = 'Capital brought in') => ({
  entry_date: '2026-10-01',
  voucher_type: 'Receipt',
  narration,
  details: [
    { account_id: cash, debit_amount: amount, credit_amount: 0 },
    { account_id: capital, debit_amount: 0, credit_amount: amount },
  ],
});

const post = (payload: object, key?: string, token = admin) =>
  t.app.inject({
    method: 'POST',
    url: '/api/daybook-entries',
    headers: {
      ...bearer(token),
      'x-company-id': String(mainId),
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload,
  });

const voucherCount = async () =>
  Number(
    (await t.database.db.select({ n: count() }).from(vouchers).where(eq(vouchers.companyId, mainId)))[0]?.n,
  );

beforeAll(async () => {
  t = await createTestApp();
});
// Each test posts into a new company of its own, with two admins of it (keys are per user).
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  const first = await adminFor(t, mainId);
  admin = first.token;
  adminId = first.userId;
  otherAdmin = (await adminFor(t, mainId)).token;
  const options = (
    await t.app.inject({
      method: 'GET',
      url: '/api/accounts',
      headers: { ...bearer(admin), 'x-company-id': String(mainId) },
    })
  ).json() as { account_id: number; account_code: string }[];
  cash = options.find((o) => o.account_code === '1000')!.account_id;
  capital = options.find((o) => o.account_code === '3000')!.account_id;
});
afterAll(async () => t.close());

describe('Idempotency-Key on POST /api/daybook-entries', () => {
  it('answers a retry with the first result and posts one voucher', async () => {
    const before = await voucherCount();
    const first = await post(entry(5000), 'entry-0001');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post(entry(5000), 'entry-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await voucherCount()).toBe(before + 1);
  });

  it('takes the same body with its keys in another order as the same request', async () => {
    const body = entry(700);
    const first = await post(body, 'entry-0002');
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    const retry = await post(reordered, 'entry-0002');
    expect(retry.statusCode).toBe(201);
    expect(retry.json().voucher_number).toBe(first.json().voucher_number);
  });

  it('refuses the same key with another body with a 422, and posts nothing', async () => {
    expect((await post(entry(100), 'entry-0003')).statusCode).toBe(201);
    const before = await voucherCount();
    const other = await post(entry(200), 'entry-0003');
    expect(other.statusCode).toBe(422);
    expect(other.json().detail[0]).toMatchObject({
      loc: ['header', 'idempotency-key'],
      msg: 'Already used for a different request.',
    });
    expect(await voucherCount()).toBe(before);
  });

  it('frees the key of a refused request, so the corrected retry posts', async () => {
    const unbalanced = { ...entry(100), details: [entry(100).details[0], { ...entry(90).details[1] }] };
    const refused = await post(unbalanced, 'entry-0004');
    expect(refused.statusCode).toBe(422);
    const rows = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'entry-0004'));
    expect(rows).toEqual([]);
    // The same key may now carry the corrected entry.
    expect((await post(entry(100), 'entry-0004')).statusCode).toBe(201);
  });

  it('answers 409 while the first request with the key has no answer yet', async () => {
    const body = entry(300);
    await t.database.db.insert(idempotencyKeys).values({
      companyId: mainId,
      userId: adminId,
      key: 'entry-0005',
      route: 'POST /api/daybook-entries',
      requestHash: createHash('sha256').update(stableJson(body)).digest('hex'),
    });
    const before = await voucherCount();
    const retry = await post(body, 'entry-0005');
    expect(retry.statusCode).toBe(409);
    expect(retry.json().detail).toBe(
      'This request is still being processed, or was cut off. Check the list before trying again.',
    );
    expect(await voucherCount()).toBe(before);
  });

  it('keeps keys apart per user, and posts without a key as before', async () => {
    const mine = await post(entry(10), 'shared-key');
    const theirs = await post(entry(10), 'shared-key', otherAdmin);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().voucher_number).not.toBe(mine.json().voucher_number);
    const before = await voucherCount();
    expect((await post(entry(10))).statusCode).toBe(201);
    expect((await post(entry(10))).statusCode).toBe(201);
    expect(await voucherCount()).toBe(before + 2);
  });

  it('refuses a key that is empty or too long with a 400', async () => {
    expect((await post(entry(10), 'x'.repeat(256))).statusCode).toBe(400);
    expect((await post(entry(10), 'has space')).statusCode).toBe(400);
  });
});

describe('sweepIdempotencyKeys', () => {
  it('deletes the keys older than a day and keeps the others', async () => {
    const row = (key: string) => ({
      companyId: mainId,
      userId: adminId,
      key,
      route: 'POST /api/daybook-entries',
      requestHash: 'x',
    });
    await t.database.db.insert(idempotencyKeys).values([row('sweep-old'), row('sweep-new')]);
    await t.database.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'sweep-old'`,
    );
    expect(await sweepIdempotencyKeys(t.database.db)).toBe(1);
    const left = await t.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key)).toContain('sweep-new');
    expect(left.map((r) => r.key)).not.toContain('sweep-old');
  });
});

describe('stableJson', () => {
  it('sorts keys at every depth and drops undefined values', () => {
    expect(stableJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: undefined } })).toBe(
      '{"a":{"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });
});

describe('withoutSecrets', () => {
  it('leaves an approving admin’s password out of what the key hashes, and keeps the name', () => {
    const body = { amount: 10, approver: { username: 'admin', password: 'secret-1' } };
    expect(withoutSecrets(body)).toEqual({ amount: 10, approver: { username: 'admin' } });
    expect(stableJson(withoutSecrets(body))).not.toContain('secret-1');
    // The same request with another password tried is the same request (a retry after a wrong one).
    expect(stableJson(withoutSecrets({ ...body, approver: { username: 'admin', password: 'other' } }))).toBe(
      stableJson(withoutSecrets(body)),
    );
    expect(withoutSecrets({ amount: 10, approver: null })).toEqual({ amount: 10, approver: null });
    expect(withoutSecrets([1, 2])).toEqual([1, 2]);
  });
});
