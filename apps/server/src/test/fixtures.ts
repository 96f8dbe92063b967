/**
 * Per-test data, so every server test stands alone (docs/decisions.md, "Server tests stand alone"):
 * one app per file (starting one runs the migrations), but each test makes its own company and its
 * own uniquely named users, and asserts only about those.
 */
import { sql } from 'drizzle-orm';
import { bootstrapDatabase } from '../bootstrap.ts';
import { ensureSystemAccounts } from '../modules/accounts/system-accounts.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { type CompanyRow, insertCompany } from '../modules/companies/companies.repository.ts';
import { insertUser } from '../modules/users/users.repository.ts';
import { ADMIN_PASSWORD, bearer, login, type TestApp } from './test-app.ts';

/** The password of every user the fixtures make. */
export const FIXTURE_PASSWORD = 'fixture-pass-1';

let counter = 0;
/** A name no other test of this process uses: `prefix` and a running number (and the process id). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}`;
}

// Hashing costs tens of milliseconds (argon2id); every fixture user shares the one password.
let passwordHash: Promise<string> | undefined;
const fixtureHash = () => {
  passwordHash ??= hashPassword(FIXTURE_PASSWORD);
  return passwordHash;
};

/**
 * A new company (branch) with the system accounts of DOMAIN-RULES §6, made in one transaction as
 * POST /api/companies makes it. Its name is unique unless `input.company_name` is given.
 */
export async function freshCompany(
  t: TestApp,
  input: Partial<Parameters<typeof insertCompany>[1]> = {},
): Promise<CompanyRow> {
  return t.database.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      company_name: uniqueName('Branch'),
      address: '12 West Masi Street',
      city: 'Madurai',
      state: 'Tamil Nadu',
      phone: '0452 2345678',
      licence_no: 'TN-MDU-2026-002',
      status: true,
      ...input,
    });
    await ensureSystemAccounts(tx, company.id);
    return company;
  });
}

/** A signed-in user, with the headers that send its token and name its company. */
export interface Actor {
  userId: number;
  username: string;
  companyId: number;
  token: string;
  /** Bearer token and X-Company-Id of `companyId` (or of another company given here). */
  headers(companyId?: number): Record<string, string>;
}

/** A new, signed-in user of `companyId` with a unique name (role `user` unless told). */
export async function userFor(
  t: TestApp,
  companyId: number,
  options: { role?: 'admin' | 'user'; username?: string } = {},
): Promise<Actor> {
  const role = options.role ?? 'user';
  const username = options.username ?? uniqueName(role === 'admin' ? 'admin' : 'clerk');
  const user = await insertUser(t.database.db, {
    companyId,
    username,
    email: `${username}@example.com`,
    role,
    passwordHash: await fixtureHash(),
  });
  const token = await login(t.app, username, FIXTURE_PASSWORD);
  return {
    userId: user.id,
    username,
    companyId,
    token,
    headers: (id = companyId) => ({ ...bearer(token), 'x-company-id': String(id) }),
  };
}

/** A new, signed-in admin whose own company is `companyId`. */
export function adminFor(t: TestApp, companyId: number): Promise<Actor> {
  return userFor(t, companyId, { role: 'admin' });
}

/**
 * Empties the database back to what a first start makes (Main Branch, its system accounts and
 * `admin` with ADMIN_PASSWORD), for tests about rules that span every company, such as "the last
 * admin". Every company and all it owns goes (cascade), and the sign-in throttle; the legacy store
 * and the app settings (the file-link secret the running app holds) stay.
 */
export async function emptyDatabase(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`truncate companies, login_throttle cascade`);
  await bootstrapDatabase(t.database.db, ADMIN_PASSWORD);
}
