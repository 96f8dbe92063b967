import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE, throttleClock } from '../modules/auth/throttle.ts';
import { ADMIN_PASSWORD, createTestApp, seedCompanyWithUser, type TestApp } from '../test/test-app.ts';

// The bug these tests keep fixed: a stranger sending one wrong password each time the lock ended (21 requests
// in 17 minutes) kept the real admin, signing in from another address, locked out the whole time; and the
// throttle was read before the password check and written after it, so parallel guesses passed the budget.
// Time passing is the locks moved into the past: no real waiting; the slowing is seen through throttleClock
// instead of slept.

let t: TestApp;
const slept: number[] = [];
const realSleep = throttleClock.sleep;

beforeAll(async () => {
  t = await createTestApp();
  throttleClock.sleep = async (ms) => {
    slept.push(ms);
  };
});
afterEach(() => {
  slept.length = 0;
});
afterAll(async () => {
  throttleClock.sleep = realSleep;
  await t.close();
});

const signIn = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });

/** The time until every lock ends passes. */
const locksEnd = () =>
  t.database.db.execute(
    sql`update login_throttle set locked_until = now() - interval '1 second' where locked_until is not null`,
  );

describe('sign-in throttling against a stranger', () => {
  it('never locks the owner out from another address, however the stranger times the guesses', async () => {
    await seedCompanyWithUser(t, { company: 'Erode Branch', username: 'owner', password: 'owner-pass-1' });
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const guess = await signIn('owner', `wrong-${i}`, '10.7.0.1');
      expect([401, 429]).toContain(guess.statusCode);
      answers.push((await signIn('owner', 'owner-pass-1', '10.7.0.2')).statusCode);
      await locksEnd();
    }
    expect(answers).toEqual(Array(21).fill(200));
  });

  it('locks the stranger at their address, and slows the account across addresses without refusing it', async () => {
    await seedCompanyWithUser(t, { company: 'Karur Branch', username: 'target', password: 'target-pass-1' });
    const from = (i: number) => `10.8.${i}.1`;
    // Five failures at one address lock that address out of this account, even with the right password.
    for (let i = 0; i < THROTTLE.accountAtAddress.freeFailures; i++) {
      expect((await signIn('target', 'bad', from(0))).statusCode).toBe(401);
    }
    expect((await signIn('target', 'target-pass-1', from(0))).statusCode).toBe(429);
    // Failures from many addresses slow the account down, but the owner still gets in.
    for (let i = 1; i <= THROTTLE.account.freeFailures + 3; i++) await signIn('target', 'bad', from(i));
    expect(slept.length).toBeGreaterThan(0);
    expect(Math.max(...slept)).toBeLessThanOrEqual(THROTTLE.account.maxSlowMs);
    slept.length = 0;
    expect((await signIn('target', 'target-pass-1', from(99))).statusCode).toBe(200);
    expect(slept.length).toBe(1);
    // A success starts the account's count again.
    expect((await signIn('target', 'target-pass-1', from(98))).statusCode).toBe(200);
    expect(slept.length).toBe(1);
  });
});

describe('sign-in throttling under parallel guesses', () => {
  it('checks exactly the budget of 60 simultaneous guesses from one address', async () => {
    await seedCompanyWithUser(t, {
      company: 'Hosur Branch',
      username: 'parallel',
      password: 'parallel-pass',
    });
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn('parallel', `guess-${i}`, '10.9.1.1')),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    const refused = answers.filter((a) => a.statusCode === 429).length;
    expect(checked).toBe(THROTTLE.accountAtAddress.freeFailures);
    expect(refused).toBe(60 - THROTTLE.accountAtAddress.freeFailures);
  });

  it('checks at most 20 of 60 simultaneous guesses at many accounts from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signIn(`nobody-${i}`, 'guess', '10.9.2.1')),
    );
    expect(answers.filter((a) => a.statusCode === 401).length).toBe(THROTTLE.address.freeFailures);
  });
});

it('still signs the first admin in with the right password', async () => {
  expect((await signIn('admin', ADMIN_PASSWORD, '10.9.3.1')).statusCode).toBe(200);
});
