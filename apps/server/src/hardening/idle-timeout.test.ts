import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany } from '../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';

// The bug these tests keep fixed: last_seen_at was written only when over 60 s old and the idle check read
// the old value, so with SESSION_IDLE_MINUTES=1 no session lasted past 60 s however busy its user was. Time
// passing is the session's last use moved back in the database: no real waiting.

let t: TestApp;

beforeAll(async () => {
  // Time passes here in the database only, which a session kept in memory cannot see (in real time a
  // kept session is answered for at most SESSION_CACHE_MS, and only while its clock is fresh): no cache.
  t = await createTestApp({ sessionIdleMinutes: 1 }, { sessionCacheMs: 0 });
});
afterAll(async () => t.close());

const passSeconds = (token: string, seconds: number) =>
  t.database.db.execute(
    sql`update sessions set last_seen_at = last_seen_at - make_interval(secs => ${seconds})
        where token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`,
  );

/** Seconds since the session's recorded last use. */
async function staleSeconds(token: string): Promise<number> {
  const res = (await t.database.db.execute(
    sql`select extract(epoch from now() - last_seen_at)::float8 as s from sessions
        where token_hash = encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`,
  )) as unknown as { rows: { s: number }[] };
  return Number(res.rows[0]?.s);
}

/** A new session of a new admin of a new company. */
const signIn = async () => (await adminFor(t, (await freshCompany(t)).id)).token;

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

describe('the idle timeout', () => {
  it('keeps a session used every 30 seconds alive for five minutes under SESSION_IDLE_MINUTES=1', async () => {
    const token = await signIn();
    for (let i = 0; i < 10; i++) {
      await passSeconds(token, 30);
      const res = await me(token);
      expect(res.statusCode, `after ${(i + 1) * 30} s: ${res.body}`).toBe(200);
    }
  });

  it('ends a session unused for just over the idle minutes, counted from its last use', async () => {
    const token = await signIn();
    await passSeconds(token, 50);
    expect((await me(token)).statusCode).toBe(200);
    await passSeconds(token, 61);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_IDLE');
  });

  it('writes the idle clock once for a burst of requests, never leaving it more than five seconds behind', async () => {
    const token = await signIn();
    await passSeconds(token, 3);
    expect((await me(token)).statusCode).toBe(200);
    // Used 3 s after its last recorded use: not written again.
    expect(await staleSeconds(token)).toBeGreaterThanOrEqual(3);
    await passSeconds(token, 3);
    expect((await me(token)).statusCode).toBe(200);
    // 6 s behind: written, the clock is now.
    expect(await staleSeconds(token)).toBeLessThan(2);
  });
});
