import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index.ts';
import { adminFor, FIXTURE_PASSWORD, freshCompany, uniqueName, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, login, seedCompanyWithUser, type TestApp } from '../../test/test-app.ts';
import { hashToken } from './sessions.repository.ts';
import { accountAddressKey, THROTTLE } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleMinutes: 30 });
});
afterAll(async () => t.close());

const loginAs = (username: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });

/** A new admin and a new clerk (role `user`) of a new company; both sign in with FIXTURE_PASSWORD. */
async function staff() {
  const companyId = (await freshCompany(t)).id;
  return { admin: await adminFor(t, companyId), clerk: await userFor(t, companyId) };
}

describe('POST /api/auth/login', () => {
  it('returns a bearer token and the user with permissions', async () => {
    const { admin } = await staff();
    const res = await loginAs(admin.username, FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('bearer');
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user).toMatchObject({
      username: admin.username,
      role: 'admin',
      email: `${admin.username}@example.com`,
      company_id: admin.companyId,
    });
    expect(body.user.permissions).toContain('companies.manage');
    expect(new Date(body.user.created_at).toString()).not.toBe('Invalid Date');
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('stores only the hash of the token', async () => {
    const { admin } = await staff();
    const token = (await loginAs(admin.username, FIXTURE_PASSWORD)).json().access_token as string;
    const rows = await t.database.db
      .select()
      .from(sessions)
      .where(sql`${sessions.tokenHash} = ${hashToken(token)}`);
    expect(rows).toHaveLength(1);
    const raw = await t.database.db.select().from(sessions).where(sql`${sessions.tokenHash} = ${token}`);
    expect(raw).toHaveLength(0);
  });

  it('matches the username case-insensitively', async () => {
    const { admin } = await staff();
    const res = await loginAs(admin.username.toUpperCase(), FIXTURE_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(admin.username);
  });

  it('gives a user no admin permissions', async () => {
    const { clerk } = await staff();
    const res = await loginAs(clerk.username, FIXTURE_PASSWORD);
    expect(res.json().user.permissions).toEqual([]);
  });

  it('answers a wrong password and an unknown user the same way', async () => {
    const { admin } = await staff();
    const wrong = await loginAs(admin.username, 'nope', '10.0.1.1');
    const unknown = await loginAs('nobody', 'nope', '10.0.1.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().detail).toBe('Invalid username or password');
  });
});

describe('HEAD /api/auth/login', () => {
  it('answers 200 for the diagnostics screen', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/auth/login' });
    expect(res.statusCode).toBe(200);
  });
});

describe('sign-in throttling', () => {
  // Each test throttles its own account, from addresses no other test uses.
  let subnet = 0;
  const address = (host: number) => `10.1.${subnet}.${host}`;

  /** A new account that has just failed five times at one address, and that address. */
  async function lockedAccount(): Promise<{ victim: string; at: string }> {
    subnet += 1;
    const victim = uniqueName('victim');
    await seedCompanyWithUser(t, { company: 'Salem Branch', username: victim, password: 'right-pass' });
    const at = address(1);
    for (let i = 0; i < THROTTLE.accountAtAddress.freeFailures; i++) {
      expect((await loginAs(victim, 'bad', at)).statusCode).toBe(401);
    }
    return { victim, at };
  }

  it('makes an account wait at an address after five failures there, even with the right password, and says how long', async () => {
    const { victim, at } = await lockedAccount();
    const locked = await loginAs(victim, 'right-pass', at);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds\.$/);
    const wait = Number(locked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(THROTTLE.accountAtAddress.firstLockMs / 1000);
  });

  it('does not slow down other accounts', async () => {
    const { clerk } = await staff();
    await lockedAccount();
    expect((await loginAs(clerk.username, FIXTURE_PASSWORD, address(1))).statusCode).toBe(200);
  });

  it('lets the account in again once the wait has passed', async () => {
    const { victim, at } = await lockedAccount();
    expect((await loginAs(victim, 'right-pass', at)).statusCode).toBe(429);
    await t.database.db.execute(
      sql`update login_throttle set locked_until = now() - interval '1 second' where key = ${accountAddressKey(victim, at)}`,
    );
    expect((await loginAs(victim, 'right-pass', at)).statusCode).toBe(200);
  });

  it('blocks an address that tries many accounts', async () => {
    const { clerk } = await staff();
    for (let i = 0; i < THROTTLE.address.freeFailures; i++) {
      await loginAs(`guess${i}`, 'bad', '10.9.9.9');
    }
    const res = await loginAs(clerk.username, FIXTURE_PASSWORD, '10.9.9.9');
    expect(res.statusCode).toBe(429);
    expect((await loginAs(clerk.username, FIXTURE_PASSWORD, '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('GET /api/users/me', () => {
  it('answers the signed-in user', async () => {
    const { clerk } = await staff();
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(clerk.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      username: clerk.username,
      role: 'user',
      company_id: clerk.companyId,
      permissions: [],
    });
  });

  it('refuses a missing or unknown token with 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().detail).toBe('Not authenticated. Please sign in.');
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer('x'.repeat(43)) });
    expect(bad.statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const { token } = (await staff()).clerk;
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 minute' where token_hash = ${hashToken(token)}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses a session idle for longer than the idle timeout', async () => {
    const { token } = (await staff()).clerk;
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '31 minutes' where token_hash = ${hashToken(token)}`,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toMatch(/inactivity/);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the token', async () => {
    const { token } = (await staff()).clerk;
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });
});

describe('STAFF_CAN_HANDLE_PLEDGES', () => {
  it('grants users the pledge permissions when on', async () => {
    const staff = await createTestApp({ staffCanHandlePledges: true });
    try {
      await seedCompanyWithUser(staff, { username: 'counter', password: 'counter-pass' });
      const token = await login(staff.app, 'counter', 'counter-pass');
      const me = await staff.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
      expect(me.json().permissions).toEqual(['pledges.handle', 'customers.read', 'customers.create']);
    } finally {
      await staff.close();
    }
  });
});
