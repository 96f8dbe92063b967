import { addDays, auditListSchema, businessToday } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, adminFor, FIXTURE_PASSWORD, freshCompany, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';

// The bug these tests keep fixed: the audit trail named records by database ids ('pledge 301',
// 'receipt 603') and its record filter found nothing for the pledge number shown everywhere else (GL95);
// a receipt showed `created_by 2`, `approved_by 1`, and `approve_discount: false` on a discount an
// admin approved.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => t.close());

const today = () => businessToday('Asia/Kolkata');

async function trail(admin: Actor, query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: admin.headers() });
  expect(res.statusCode, res.body).toBe(200);
  return { events: auditListSchema.parse(res.json()), total: Number(res.headers['x-total-count']) };
}

/** A branch with a pledge of 40 days, and a clerk's interest payment with a ₹10 discount an admin approved. */
async function branch() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const clerk = await userFor(t, company.id);
  const pledge = await bigPledge(t, addDays(today(), -40), { companyId: company.id, actor: admin });
  const balance = await t.app.inject({
    method: 'GET',
    url: `/api/pledges/${pledge.pledge_id}/balance`,
    headers: admin.headers(),
  });
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/pledge-payments/',
    headers: clerk.headers(),
    payload: {
      pledge_id: pledge.pledge_id,
      payment_date: today(),
      payment_type: 'interest',
      amount: balance.json().remaining_interest,
      payment_method: 'cash',
      discount_amount: 10,
      approver: { username: admin.username, password: FIXTURE_PASSWORD },
    },
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return { admin, clerk, pledge, receipt: paid.json() as { receipt_id: number; receipt_no: string } };
}

describe('GET /api/audit names records and users as staff know them', () => {
  it('finds a pledge by its number, and names it by that number', async () => {
    const b = await branch();
    const { events } = await trail(b.admin, `record=${encodeURIComponent(b.pledge.pledge_no.toLowerCase())}`);
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((e) => e.entity === 'pledge' && e.entity_id === String(b.pledge.pledge_id))).toBe(
      true,
    );
    expect(events.map((e) => e.record)).toEqual(events.map(() => b.pledge.pledge_no));
  });

  it('finds a receipt by its number; its detail names the clerk and the approver and says the discount was approved', async () => {
    const b = await branch();
    const { events } = await trail(b.admin, `record=${encodeURIComponent(b.receipt.receipt_no)}`);
    expect(events).toHaveLength(1);
    const [created] = events;
    expect(created).toMatchObject({ action: 'create', entity: 'receipt', record: b.receipt.receipt_no });
    expect(created?.after).toMatchObject({
      created_by: b.clerk.userId,
      approved_by: b.admin.userId,
      approve_discount: true,
      total_discount: 10,
    });
    expect(created?.user_names).toEqual({
      [String(b.clerk.userId)]: b.clerk.username,
      [String(b.admin.userId)]: b.admin.username,
    });
  });

  it('finds a customer by code; a number nobody has finds nothing; a record id still finds its record', async () => {
    const b = await branch();
    const customer = (
      await t.app.inject({
        method: 'GET',
        url: `/api/customers/${b.pledge.customer_id}`,
        headers: b.admin.headers(),
      })
    ).json() as { acc_code: string };
    const byCode = await trail(b.admin, `record=${encodeURIComponent(customer.acc_code)}`);
    expect(byCode.events.length).toBeGreaterThan(0);
    expect(byCode.events.every((e) => e.entity === 'customer' && e.record === customer.acc_code)).toBe(true);

    expect(await trail(b.admin, 'record=ZZ404')).toEqual({ events: [], total: 0 });
    const byId = await trail(b.admin, `entity=receipt&record=${b.receipt.receipt_id}`);
    expect(byId.events.map((e) => e.record)).toEqual([b.receipt.receipt_no]);
  });
});
