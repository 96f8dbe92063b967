import type { Actor } from '../../test/fixtures.ts';
import type { TestApp } from '../../test/test-app.ts';

/**
 * Sets a branch's compliance settings through the API (as the admin's Compliance screen does), on top of
 * the defaults: no regime, no licence date, no ceiling, the ₹20,000 cash limit in warn mode, approval
 * of every discount and penalty.
 */
export async function setCompliance(
  t: TestApp,
  admin: Actor,
  settings: Record<string, unknown>,
): Promise<void> {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/companies/${admin.companyId}/compliance`,
    headers: admin.headers(),
    payload: {
      regime: 'none',
      licence_number: null,
      licence_expiry: null,
      interest_ceiling: null,
      cash_limit: 20000,
      cash_limit_mode: 'warn',
      approval_threshold: 0,
      ...settings,
    },
  });
  if (res.statusCode !== 200) throw new Error(`compliance: ${res.statusCode} ${res.body}`);
}
