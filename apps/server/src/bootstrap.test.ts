import { count } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from './bootstrap.ts';
import { type OpenDb, openDb } from './db/open-db.ts';
import { companies } from './db/schema/index.ts';
import { verifyPassword } from './modules/auth/passwords.ts';
import { findUserByUsername } from './modules/users/users.repository.ts';
import { freshDatabase } from './test/test-app.ts';

let opened: { database: OpenDb; drop(): Promise<void> } | undefined;
afterEach(async () => {
  await opened?.database.close();
  await opened?.drop();
  opened = undefined;
});

async function open() {
  const fresh = await freshDatabase();
  opened = { database: await openDb(fresh.database), drop: fresh.drop };
  return opened.database.db;
}

describe('first start', () => {
  it('creates Main Branch and admin once, with a generated password it reports', async () => {
    const db = await open();
    const first = await bootstrapDatabase(db, undefined);
    expect(first.created).toBe(true);
    expect(first.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
    const admin = await findUserByUsername(db, 'admin');
    expect(admin?.role).toBe('admin');
    expect(await verifyPassword(admin!.passwordHash, first.generatedAdminPassword!)).toBe(true);

    const second = await bootstrapDatabase(db, undefined);
    expect(second).toEqual({ created: false, generatedAdminPassword: null });
    const rows = await db.select({ n: count() }).from(companies);
    expect(rows[0]?.n).toBe(1);
  });

  it('takes ADMIN_PASSWORD when given and reports nothing', async () => {
    const db = await open();
    const result = await bootstrapDatabase(db, 'chosen-pass-1');
    expect(result.generatedAdminPassword).toBeNull();
    const admin = await findUserByUsername(db, 'admin');
    expect(await verifyPassword(admin!.passwordHash, 'chosen-pass-1')).toBe(true);
  });
});
