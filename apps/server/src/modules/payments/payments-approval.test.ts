import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { adminFor, FIXTURE_PASSWORD, freshCompany, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { setCompliance } from '../compliance/compliance-test-helpers.ts';
import { bigPledge, expectBooksClean } from './payments-test-helpers.ts';

// Approvals of discounts and penalties: above the branch's threshold (₹0 by default)
// an admin approves; a clerk's screen sends an admin's name and password, a second person, and the
// receipt keeps who approved.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday('Asia/Kolkata');

async function counter() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const clerk = await userFor(t, company.id);
  const pledge = await bigPledge(t, addDays(today(), -40), { companyId: company.id, actor: admin });
  const balance = await t.app.inject({
    method: 'GET',
    url: `/api/pledges/${pledge.pledge_id}/balance`,
    headers: admin.headers(),
  });
  const interest = balance.json().remaining_interest as number;
  return { company, admin, clerk, pledge, interest };
}
type Counter = Awaited<ReturnType<typeof counter>>;

function pay(c: Counter, headers: Record<string, string>, extra: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/pledge-payments/',
    headers,
    payload: {
      pledge_id: c.pledge.pledge_id,
      payment_date: today(),
      payment_type: 'interest',
      amount: c.interest,
      payment_method: 'cash',
      ...extra,
    },
  });
}

async function approverOf(companyId: number, receiptId: number) {
  const [row] = rowsOf<{ approved_by: number | null }>(
    await t.database.db.execute(
      sql`select approved_by from payment_receipts where company_id = ${companyId} and id = ${receiptId}`,
    ),
  );
  return row?.approved_by ?? null;
}

describe('a discount on a clerk’s payment', () => {
  it('waits for an admin’s name and password, refuses a wrong one, and keeps who approved', async () => {
    const c = await counter();
    const none = await pay(c, c.clerk.headers(), { discount_amount: 10 });
    expect(none.statusCode).toBe(422);
    expect(none.json().detail).toMatchObject([
      {
        loc: ['body', 'approver'],
        msg: "A discount needs an admin's approval: an admin enters their username and password",
        type: 'approval_required',
      },
    ]);
    const wrong = await pay(c, c.clerk.headers(), {
      discount_amount: 10,
      approver: { username: c.admin.username, password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().detail[0].loc).toMatchObject(['body', 'approver', 'password']);
    // The failed approval is kept, as a failed sign-in is, without the password tried.
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/audit?action=approval_failed',
      headers: c.admin.headers(),
    });
    expect(failed.json()).toEqual([
      expect.objectContaining({
        entity: 'approval',
        username: c.clerk.username,
        after: { approver_username: c.admin.username, refused: 'wrong name or password' },
      }),
    ]);
    expect(JSON.stringify(failed.json())).not.toContain('not-it');
    // Another clerk's password is no approval either.
    const otherClerk = await userFor(t, c.company.id);
    const byClerk = await pay(c, c.clerk.headers(), {
      discount_amount: 10,
      approver: { username: otherClerk.username, password: FIXTURE_PASSWORD },
    });
    expect(byClerk.statusCode).toBe(422);

    const approved = await pay(c, c.clerk.headers(), {
      discount_amount: 10,
      approver: { username: c.admin.username, password: FIXTURE_PASSWORD },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const receiptId = approved.json().receipt_id as number;
    expect(await approverOf(c.company.id, receiptId)).toBe(c.admin.userId);
    const receipt = await t.app.inject({
      method: 'GET',
      url: `/api/receipts/${receiptId}`,
      headers: c.admin.headers(),
    });
    expect(receipt.json().approved_by_username).toBe(c.admin.username);
    // The trail's receipt names the approver, and the clerk who took it.
    const trail = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=receipt&entity_id=${receiptId}`,
      headers: c.admin.headers(),
    });
    expect(trail.json()[0]).toMatchObject({
      action: 'create',
      username: c.clerk.username,
      after: { approved_by: c.admin.userId, total_discount: 10 },
    });
  });

  it('needs no approval at or under the branch’s threshold, and one above it', async () => {
    const c = await counter();
    await setCompliance(t, c.admin, { approval_threshold: 5 });
    const within = await pay(c, c.clerk.headers(), { amount: 10, discount_amount: 5 });
    expect(within.statusCode, within.body).toBe(201);
    expect(await approverOf(c.company.id, within.json().receipt_id)).toBeNull();
    const above = await pay(c, c.clerk.headers(), { amount: 10, discount_amount: 5.01 });
    expect(above.statusCode).toBe(422);
    expect(above.json().detail[0].msg).toBe(
      "A discount above ₹5.00 needs an admin's approval: an admin enters their username and password",
    );
  });

  it('is approved by the admin who takes the payment', async () => {
    const c = await counter();
    const res = await pay(c, c.admin.headers(), { discount_amount: 10 });
    expect(res.statusCode, res.body).toBe(201);
    expect(await approverOf(c.company.id, res.json().receipt_id)).toBe(c.admin.userId);
  });

  it('asks the same of a penalty, and of a multiple payment, ticks or not', async () => {
    const c = await counter();
    const penalty = await pay(c, c.clerk.headers(), { penalty_amount: 50 });
    expect(penalty.statusCode).toBe(422);
    expect(penalty.json().detail[0].msg).toMatch(/^A penalty needs an admin's approval/);
    const body = {
      customer_id: c.pledge.customer_id,
      total_payment_amount: c.interest,
      payment_method: 'cash',
      payment_date: today(),
      pledge_payments: [
        {
          pledge_id: c.pledge.pledge_id,
          payment_amount: c.interest,
          interest_amount: c.interest,
          principal_amount: 0,
          discount_amount: 20,
        },
      ],
      total_discount_amount: 20,
      discount_reason: 'Old customer',
      approve_discount: true,
    };
    const url = `/api/customers/${c.pledge.customer_id}/multiple-pledge-payment`;
    const ticked = await t.app.inject({ method: 'POST', url, headers: c.clerk.headers(), payload: body });
    expect(ticked.statusCode).toBe(422);
    expect(ticked.json().detail[0].loc).toMatchObject(['body', 'approver']);
    const approved = await t.app.inject({
      method: 'POST',
      url,
      headers: c.clerk.headers(),
      payload: { ...body, approver: { username: c.admin.username, password: FIXTURE_PASSWORD } },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    expect(await approverOf(c.company.id, approved.json().receipt_id)).toBe(c.admin.userId);
  });
});
