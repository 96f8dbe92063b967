import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type OpenDb, openDb } from '../../db/open-db.ts';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, login, type TestApp } from '../../test/test-app.ts';
import { hashToken } from './sessions.repository.ts';

// The session lookups kept in memory (session-cache.ts) on both databases: two apps on one database
// (on PostgreSQL each with its own pool and listener, as two server processes have), their caches kept
// for a minute, so that only the forgetting can end a session in time. A sign-out, a password or role
// change and a deletion made through one app refuse the old token on the very next request to either.
let t: TestApp;
let second: { app: FastifyInstance; database: OpenDb };
const KEEP_MS = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  // The first app again, its cache kept a minute; and a second app on the same database.
  await t.app.close();
  t.app = await buildApp(t.config, {
    logger: false,
    database: t.database,
    auditStrict: true,
    sessionCacheMs: KEEP_MS,
  });
  await t.app.ready();
  // PGlite is one process's (lock-file.ts): the second app shares its handle; PostgreSQL: its own.
  const database = t.config.database.kind === 'postgres' ? await openDb(t.config.database) : t.database;
  const app = await buildApp(t.config, {
    logger: false,
    database,
    auditStrict: true,
    worker: true,
    sessionCacheMs: KEEP_MS,
  });
  await app.ready();
  second = { app, database };
});
afterAll(async () => {
  await second.app.close();
  if (second.database !== t.database) await second.database.close();
  await t.close();
});

const me = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });

/** A clerk and an admin of a new company, the clerk's token answered (and so kept) by both apps. */
async function warmClerk() {
  const companyId = (await freshCompany(t)).id;
  const admin = await adminFor(t, companyId);
  const clerk = await userFor(t, companyId);
  for (const app of [t.app, second.app]) {
    expect((await me(app, clerk.token)).statusCode).toBe(200);
  }
  return { admin, clerk };
}

const refused = async (token: string) => {
  for (const app of [second.app, t.app]) {
    const res = await me(app, token);
    expect(res.statusCode, res.body).toBe(401);
  }
};

describe('the session lookups kept in memory', () => {
  it('are kept: a revocation written straight to the database, which no one announces, is not seen at once', async () => {
    const { clerk } = await warmClerk();
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${hashToken(clerk.token)}`,
    );
    expect((await me(second.app, clerk.token)).statusCode).toBe(200);
    // Its sign-out still ends it everywhere.
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(clerk.token) });
    expect(out.statusCode, out.body).toBe(204);
    await refused(clerk.token);
  });

  it('end at a sign-out on the other app, on the very next request', async () => {
    const { clerk } = await warmClerk();
    const out = await second.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(clerk.token),
    });
    expect(out.statusCode, out.body).toBe(204);
    await refused(clerk.token);
  });

  it('end at a password change and at a role change made through either app', async () => {
    const { admin, clerk } = await warmClerk();
    const put = (app: FastifyInstance, body: object) =>
      app.inject({
        method: 'PUT',
        url: `/api/users/${clerk.userId}`,
        headers: admin.headers(),
        payload: {
          username: clerk.username,
          email: `${clerk.username}@example.com`,
          role: 'user',
          company_id: clerk.companyId,
          ...body,
        },
      });
    const changed = await put(t.app, { password: 'a-new-password-1' });
    expect(changed.statusCode, changed.body).toBe(200);
    await refused(clerk.token);

    const again = await login(second.app, clerk.username, 'a-new-password-1');
    for (const app of [t.app, second.app]) expect((await me(app, again)).statusCode).toBe(200);
    const promoted = await put(second.app, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    await refused(again);
  });

  it('end when the user is deleted', async () => {
    const { admin, clerk } = await warmClerk();
    const gone = await second.app.inject({
      method: 'DELETE',
      url: `/api/users/${clerk.userId}`,
      headers: admin.headers(),
    });
    expect(gone.statusCode, gone.body).toBe(204);
    await refused(clerk.token);
  });

  it('keep a user signed in across both apps otherwise', async () => {
    const { clerk } = await warmClerk();
    for (let i = 0; i < 3; i++) {
      for (const app of [t.app, second.app]) expect((await me(app, clerk.token)).statusCode).toBe(200);
    }
  });
});
