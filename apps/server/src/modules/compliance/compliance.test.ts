import {
  addDays,
  businessToday,
  complianceSettingsViewSchema,
  RBI_DEFAULT_RULES_JSON,
} from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = () => businessToday('Asia/Kolkata');

const settings = (overrides: Record<string, unknown> = {}) => ({
  regime: 'tn_pawnbroker',
  licence_number: 'TN/MDU/PB/123',
  licence_expiry: addDays(today(), 200),
  interest_ceiling: 2,
  cash_limit: 20000,
  cash_limit_mode: 'warn',
  approval_threshold: 0,
  ...overrides,
});

async function world() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const clerk = await userFor(t, company.id);
  const url = `/api/companies/${company.id}/compliance`;
  const put = (payload: object, headers = admin.headers()) =>
    t.app.inject({ method: 'PUT', url, headers, payload });
  const get = async (headers = admin.headers()) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return complianceSettingsViewSchema.parse(res.json());
  };
  return { company, admin, clerk, url, put, get };
}

describe('GET /api/companies/:id/compliance', () => {
  it('starts with no regime, the company’s licence number and no expiry date, no ceiling, the ₹20,000 cash limit, approval of every discount and the Directions’ numbers', async () => {
    const w = await world();
    const company = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${w.company.id}`,
      headers: w.admin.headers(),
    });
    expect(await w.get()).toEqual({
      regime: 'none',
      // The licence number Company Details keeps.
      licence_number: company.json().licence_no,
      licence_expiry: null,
      licence_state: 'none',
      licence_days_left: null,
      licence_message: null,
      interest_ceiling: null,
      cash_limit: 20000,
      cash_limit_mode: 'warn',
      approval_threshold: 0,
      rbi_rules: RBI_DEFAULT_RULES_JSON,
      // No regime: no PAN or Form 60 asked (kyc-status.ts defaultPanRule); incomplete KYC warned.
      pan_applies: false,
      pan_threshold: 50000,
      pan_default: { applies: false, threshold: 50000 },
      kyc_incomplete_mode: 'warn',
    });
    expect(RBI_DEFAULT_RULES_JSON.ltv_tiers).toEqual([
      { up_to: 250000, percent: 85 },
      { up_to: 500000, percent: 80 },
      { up_to: null, percent: 75 },
    ]);
  });

  it('is readable by the branch’s clerk (the banner), not by another branch’s', async () => {
    const w = await world();
    expect((await w.get(w.clerk.headers())).regime).toBe('none');
    const other = await freshCompany(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${other.id}/compliance`,
      headers: w.clerk.headers(),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/companies/:id/compliance', () => {
  it('keeps every setting, and records the change in the audit trail', async () => {
    const w = await world();
    const rules = {
      ...RBI_DEFAULT_RULES_JSON,
      ltv_tiers: [
        { up_to: 300000, percent: 85 },
        { up_to: null, percent: 75 },
      ],
      gold_ornaments_max_g: 800,
    };
    const res = await w.put(
      settings({ regime: 'rbi', cash_limit_mode: 'block', approval_threshold: 500, rbi_rules: rules }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = await w.get();
    expect(view).toMatchObject({
      regime: 'rbi',
      licence_number: 'TN/MDU/PB/123',
      licence_state: 'valid',
      licence_days_left: 200,
      interest_ceiling: 2,
      cash_limit_mode: 'block',
      approval_threshold: 500,
      rbi_rules: rules,
    });
    // The licence number is the company's own (Company Details shows it too).
    const company = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${w.company.id}`,
      headers: w.admin.headers(),
    });
    expect(company.json().licence_no).toBe('TN/MDU/PB/123');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=compliance&entity_id=${w.company.id}`,
      headers: w.admin.headers(),
    });
    const [event] = audit.json();
    expect(event).toMatchObject({
      action: 'settings',
      username: w.admin.username,
      before: { regime: 'none', interest_ceiling: null },
      after: { regime: 'rbi', interest_ceiling: 2, approval_threshold: 500 },
    });
  });

  it('shows a banner from 30 days before the licence expires, and says it expired the day after', async () => {
    const w = await world();
    await w.put(settings({ licence_expiry: addDays(today(), 30) }));
    const soon = await w.get();
    expect(soon.licence_state).toBe('expiring');
    expect(soon.licence_message).toContain('(in 30 days)');
    await w.put(settings({ licence_expiry: addDays(today(), -1) }));
    const gone = await w.get();
    expect(gone.licence_state).toBe('expired');
    expect(gone.licence_message).toMatch(
      /^The licence TN\/MDU\/PB\/123 expired on .* No new pledge can be made until it is renewed\.$/,
    );
  });

  it('refuses tiers out of order, an open tier before the last, and settings out of range, naming the field', async () => {
    const w = await world();
    const bad = await w.put(
      settings({
        interest_ceiling: 0,
        cash_limit: 0,
        rbi_rules: {
          ...RBI_DEFAULT_RULES_JSON,
          ltv_tiers: [
            { up_to: 500000, percent: 85 },
            { up_to: 250000, percent: 80 },
            { up_to: 600000, percent: 75 },
          ],
          bullet_max_months: 0,
        },
      }),
    );
    expect(bad.statusCode).toBe(422);
    const locs = (bad.json().detail as { loc: (string | number)[] }[]).map((d) => d.loc.join('.'));
    expect(locs).toEqual(
      expect.arrayContaining([
        'body.interest_ceiling',
        'body.cash_limit',
        'body.rbi_rules.ltv_tiers.1.up_to',
        'body.rbi_rules.ltv_tiers.2.up_to',
        'body.rbi_rules.bullet_max_months',
      ]),
    );
    const regime = await w.put(settings({ regime: 'rbi-ish' }));
    expect(regime.statusCode).toBe(422);
    expect((await w.get()).regime).toBe('none');
  });

  it('is for admins only', async () => {
    const w = await world();
    expect((await w.put(settings(), w.clerk.headers())).statusCode).toBe(403);
  });
});
