import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, bearer, createTestApp, login, type TestApp } from '../../test/test-app.ts';

/**
 * "The last admin cannot be deleted or demoted" under concurrency (docs/domain-rules.md §7.3). Only PostgreSQL
 * runs requests on several connections at once, so this file is left out of the PGlite project.
 *
 * A separate connection first locks the admin rows; both requests then queue behind it and are let
 * go together. Counting admins without a lock, both would see two admins and both would succeed
 * (their row updates queue behind the same lock and then go through), leaving no admin at all.
 */

interface Setup {
  t: TestApp;
  blocker: pg.Client;
  tokens: { admin: string; deputy: string };
  ids: { admin: number; deputy: number };
}

async function twoAdmins(): Promise<Setup> {
  const t = await createTestApp();
  const admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  const adminId = (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(admin) })).json()
    .id;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/users/',
    headers: bearer(admin),
    payload: { username: 'deputy', email: 'deputy@example.com', role: 'admin', password: 'deputy-pass' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const deputy = await login(t.app, 'deputy', 'deputy-pass');
  const config = t.config.database;
  if (config.kind !== 'postgres') throw new Error('this file runs on PostgreSQL only');
  const blocker = new pg.Client({ connectionString: config.url });
  await blocker.connect();
  return { t, blocker, tokens: { admin, deputy }, ids: { admin: adminId, deputy: created.json().id } };
}

/** Starts a request now (inject's answer is lazy: it runs when first awaited). */
function send(t: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  return t.app.inject(options).then((res) => res);
}

async function holdAdminRows(blocker: pg.Client): Promise<void> {
  await blocker.query('begin');
  await blocker.query("select id from users where role = 'admin' for update");
}

/** Waits until `n` other sessions of this database are waiting for a lock. */
async function untilWaiting(blocker: pg.Client, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    // Inside a transaction the activity view is a snapshot taken once; ask for a fresh one.
    await blocker.query('select pg_stat_clear_snapshot()');
    const { rows } = await blocker.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and state = 'active' and wait_event_type = 'Lock'`,
    );
    if ((rows[0]?.waiting ?? 0) >= n) return;
    if (Date.now() > deadline) {
      throw new Error(`only ${rows[0]?.waiting} requests waited for the lock`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function adminCount(blocker: pg.Client): Promise<number> {
  const { rows } = await blocker.query<{ n: number }>(
    "select count(*)::int as n from users where role = 'admin'",
  );
  return rows[0]?.n ?? -1;
}

describe('PUT /api/users/{id} at the same moment', () => {
  it('lets exactly one of two admins demoting each other through', async () => {
    const { t, blocker, tokens, ids } = await twoAdmins();
    try {
      await holdAdminRows(blocker);
      const demoteDeputy = send(t, {
        method: 'PUT',
        url: `/api/users/${ids.deputy}`,
        headers: bearer(tokens.admin),
        payload: { username: 'deputy', email: 'deputy@example.com', role: 'user' },
      });
      const demoteAdmin = send(t, {
        method: 'PUT',
        url: `/api/users/${ids.admin}`,
        headers: bearer(tokens.deputy),
        payload: { username: 'admin', email: 'admin@example.com', role: 'user' },
      });
      await untilWaiting(blocker, 2);
      await blocker.query('commit');
      const answers = await Promise.all([demoteDeputy, demoteAdmin]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().detail).toBe(
        'The last admin cannot be made a user.',
      );
      expect(await adminCount(blocker)).toBe(1);
    } finally {
      await blocker.end();
      await t.close();
    }
  });
});

describe('DELETE /api/users/{id} at the same moment', () => {
  it('lets exactly one of two admins deleting each other through', async () => {
    const { t, blocker, tokens, ids } = await twoAdmins();
    try {
      await holdAdminRows(blocker);
      const deleteDeputy = send(t, {
        method: 'DELETE',
        url: `/api/users/${ids.deputy}`,
        headers: bearer(tokens.admin),
      });
      const deleteAdmin = send(t, {
        method: 'DELETE',
        url: `/api/users/${ids.admin}`,
        headers: bearer(tokens.deputy),
      });
      await untilWaiting(blocker, 2);
      await blocker.query('commit');
      const answers = await Promise.all([deleteDeputy, deleteAdmin]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json().detail).toBe(
        'The last admin cannot be deleted.',
      );
      expect(await adminCount(blocker)).toBe(1);
    } finally {
      await blocker.end();
      await t.close();
    }
  });
});
