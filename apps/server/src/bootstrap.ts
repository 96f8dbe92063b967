import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from './db/open-db.ts';
import { companies } from './db/schema/index.ts';
import { ensureSystemAccounts } from './modules/accounts/system-accounts.ts';
import { hashPassword } from './modules/auth/passwords.ts';
import { insertCompany } from './modules/companies/companies.repository.ts';
import { insertUser } from './modules/users/users.repository.ts';

export interface BootstrapResult {
  /** Set only when this start created the first admin without ADMIN_PASSWORD: print it once. */
  generatedAdminPassword: string | null;
  created: boolean;
}

/**
 * First start on an empty database: a company "Main Branch" and an `admin` user (README.md, "Run it"),
 * in one transaction so a crash never leaves a company without its admin.
 */
export async function bootstrapDatabase(db: Db, adminPassword: string | undefined): Promise<BootstrapResult> {
  const existing = await db.select({ id: companies.id }).from(companies).limit(1);
  if (existing.length > 0) return { generatedAdminPassword: null, created: false };
  const password = adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Two processes starting together on one PostgreSQL must not both create the first company.
    await tx.execute(sql`select pg_advisory_xact_lock(7406201)`);
    const again = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (again.length > 0) return false;
    const company = await insertCompany(tx, {
      company_name: 'Main Branch',
      address: '',
      city: '',
      state: 'Tamil Nadu',
      phone: '',
      licence_no: '',
      status: true,
    });
    await ensureSystemAccounts(tx, company.id);
    await insertUser(tx, {
      companyId: company.id,
      username: 'admin',
      email: 'admin@example.com',
      role: 'admin',
      passwordHash,
    });
    return true;
  });
  return { generatedAdminPassword: created && !adminPassword ? password : null, created };
}
