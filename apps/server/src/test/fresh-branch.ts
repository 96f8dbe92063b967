import { ensureSystemAccounts } from '../modules/accounts/system-accounts.ts';
import { bearer, seedCompanyWithUser, type TestApp } from './test-app.ts';

let made = 0;

/**
 * A new branch of its own for one test (with the system accounts and a `user` clerk), so the test
 * depends on no other; `headers` are the admin's for that branch.
 */
export async function freshBranch(
  t: TestApp,
  adminToken: string,
  label = 'Branch',
): Promise<{ companyId: number; clerk: string; headers: Record<string, string> }> {
  made += 1;
  const tag = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${made}-${process.pid}`;
  const { companyId } = await seedCompanyWithUser(t, {
    company: `${label} ${made}`,
    username: `clerk-${tag}`,
    password: 'clerk-pass',
  });
  await ensureSystemAccounts(t.database.db, companyId);
  return {
    companyId,
    clerk: `clerk-${tag}`,
    headers: { ...bearer(adminToken), 'x-company-id': String(companyId) },
  };
}
