import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, adminFor, FIXTURE_PASSWORD, freshCompany, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { THROTTLE } from './throttle.ts';

// An admin's name and password typed on a clerk's screen to approve (a drawer's
// difference, a discount or a penalty) are throttled like a sign-in, but counted apart from sign-ins:
// five wrong approver passwords at a counter lock further approvals there, never the admin's own
// sign-in at that counter, and wrong sign-ins do not spend the approvals' budget.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => t.close());

let counter = 0;
/** A counter of its own (the throttle counts by address), so tests never share a budget. */
const nextAddress = () => `10.27.18.${++counter}`;

const login = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username, password },
    remoteAddress: ip,
  });

/** The clerk closes their ₹5,000 drawer ₹150 short, approved by `approver` with `password`. */
const closeShort = (clerk: Actor, approver: string, password: string, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/cash-drawer/close',
    headers: clerk.headers(),
    remoteAddress: ip,
    payload: { denominations: { '500': 9, '100': 3, coins: 50 }, approver: { username: approver, password } },
  });

async function counterWithDrawer() {
  const companyId = (await freshCompany(t)).id;
  const admin = await adminFor(t, companyId);
  const clerk = await userFor(t, companyId);
  const opened = await t.app.inject({
    method: 'POST',
    url: '/api/cash-drawer/open',
    headers: clerk.headers(),
    payload: { denominations: { '500': 10 } },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return { admin, clerk };
}

describe('approver passwords and the sign-in throttle', () => {
  it('five wrong approver passwords lock further approvals at that counter, never the admin’s sign-in there', async () => {
    const { admin, clerk } = await counterWithDrawer();
    const ip = nextAddress();
    for (let i = 0; i < THROTTLE.accountAtAddress.freeFailures; i++) {
      const wrong = await closeShort(clerk, admin.username, `wrong-${i}`, ip);
      expect(wrong.statusCode, wrong.body).toBe(422);
    }
    // The approvals' own budget is spent: the next one waits, even with the right password.
    const locked = await closeShort(clerk, admin.username, FIXTURE_PASSWORD, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toMatch(/^Too many wrong approver passwords\. Try again in \d+ seconds\.$/);
    // The admin signs in at that very counter.
    const signIn = await login(admin.username, FIXTURE_PASSWORD, ip);
    expect(signIn.statusCode, signIn.body).toBe(200);
  });

  it('five wrong sign-ins of the admin at a counter do not stop their approval there', async () => {
    const { admin, clerk } = await counterWithDrawer();
    const ip = nextAddress();
    for (let i = 0; i < THROTTLE.accountAtAddress.freeFailures; i++) {
      expect((await login(admin.username, `wrong-${i}`, ip)).statusCode).toBe(401);
    }
    expect((await login(admin.username, FIXTURE_PASSWORD, ip)).statusCode).toBe(429);
    const approved = await closeShort(clerk, admin.username, FIXTURE_PASSWORD, ip);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ difference: -150, approved_by: { id: admin.userId } });
  });
});
