/**
 * Compliance in the browser: an expired licence stops Create Pledge with its sentence (the shell's red
 * banner, the form's own alert, Save off, and the server's 409 with the same sentence), and a clerk's
 * discount waits for an admin's name and password typed on the clerk's Single Payment screen (a wrong
 * password refused under its field, the right one saves, and the receipt names the admin).
 *
 * The licence test runs on the shared server and puts Main Branch's settings back in a `finally` (every
 * other suite makes pledges there). The approval test needs STAFF_CAN_HANDLE_PLEDGES, which the shared
 * server does not set: it runs on a server and database of its own, with the `clerk`.
 *
 * Screenshots of both screens at 1280 px go to `e2e/artifacts/` (or SHOTS_DIR when set).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, clerkCredentials } from './credentials.ts';
import { startOwnServer } from './global-setup.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { closeToast, useBrowser } from './support.ts';
import { describeViolations, seedStorage, seriousViolations, signInByApi } from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
const shots = process.env.SHOTS_DIR ?? join(import.meta.dirname, 'artifacts');

interface ComplianceView {
  regime: string;
  licence_number: string | null;
  licence_expiry: string | null;
  licence_state: string;
  licence_message: string | null;
  interest_ceiling: number | null;
  cash_limit: number;
  cash_limit_mode: string;
  approval_threshold: number;
  rbi_rules: unknown;
}

/** The PUT body that writes `view` back as it was, with `patch` over it. */
function complianceInput(view: ComplianceView, patch: Partial<ComplianceView> = {}) {
  const v = { ...view, ...patch };
  return {
    regime: v.regime,
    licence_number: v.licence_number,
    licence_expiry: v.licence_expiry,
    interest_ceiling: v.interest_ceiling,
    cash_limit: v.cash_limit,
    cash_limit_mode: v.cash_limit_mode,
    approval_threshold: v.approval_threshold,
    rbi_rules: v.rbi_rules,
  };
}

/**
 * axe on the page in the light theme and again in the dark one (the `dark` class on <html>, what the
 * theme toggle sets), keeping what was typed. Colour transitions are switched off first: axe would
 * otherwise measure the sidebar halfway between the themes.
 */
async function bothThemes(page: Page, where: string, within?: string): Promise<string[]> {
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const found = describeViolations(`${where}, light`, await seriousViolations(page, within));
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  found.push(...describeViolations(`${where}, dark`, await seriousViolations(page, within)));
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  return found;
}

describe('an expired licence', () => {
  it('an expired licence blocks Create Pledge with its message', async () => {
    const baseUrl = browser.baseUrl;
    const admin = await signInByApi(baseUrl, adminCredentials);
    const api = pledgeApi(baseUrl, admin);
    const path = `/companies/${admin.company.id}/compliance`;
    const before = await api.get<ComplianceView>(path);
    const masters = await seedPledgeMasters(baseUrl, admin, {
      rateEffectiveDate: indianDay(10),
      customer: { customer_name: `Kamala ${uniqueSuffix()}` },
    });
    try {
      const expired = await api.put<ComplianceView>(
        path,
        complianceInput(before, { licence_expiry: indianDay(1) }),
      );
      expect(expired.licence_state).toBe('expired');
      const message = expired.licence_message!;
      expect(message).toMatch(/expired on .*No new pledge can be made until it is renewed\.$/);

      const page = browser.page();
      await seedStorage(page, admin, 'light');
      await page.goto(`${baseUrl}/#/pledge/create`);
      await page.getByRole('heading', { name: 'Create Pledge', level: 1 }).waitFor();
      const banner = page.getByTestId('licence-banner');
      await banner.waitFor();
      expect(await banner.getAttribute('data-state')).toBe('expired');
      expect(await banner.textContent()).toContain(message);
      const blocked = page.getByTestId('licence-blocked');
      await blocked.waitFor();
      expect(await blocked.textContent()).toBe(message);
      const save = page.getByRole('button', { name: 'Save Pledge' });
      expect(await save.isDisabled()).toBe(true);
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: join(shots, 'create-pledge-licence-expired.png') });
      const found = await bothThemes(page, 'Create Pledge, licence expired');

      // The server refuses the pledge itself, with the same sentence.
      const refused = await fetch(`${baseUrl}/api/pledges/with-items`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${admin.token}`,
          'X-Company-Id': String(admin.company.id),
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          customer_id: masters.customerId,
          scheme_id: masters.schemeId,
          pledge_date: indianDay(),
          total_loan_amount: 10000,
          document_charges: 0,
          items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
        }),
      });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ detail: message, code: 'LICENCE_EXPIRED' });

      expect(found).toEqual([]);
      expect(browser.problems()).toEqual([]);
    } finally {
      // Every other suite makes pledges on this branch.
      await api.put(path, complianceInput(before));
    }
    const after = await api.get<ComplianceView>(path);
    expect(after.licence_state).toBe(before.licence_state);
    expect(after.licence_expiry).toBe(before.licence_expiry);
  });
});

describe('approvals', () => {
  let server: { baseUrl: string; stop: () => Promise<void> } | undefined;

  beforeAll(async () => {
    server = await startOwnServer('approvals', adminCredentials.password, {
      env: { STAFF_CAN_HANDLE_PLEDGES: 'true' },
      withClerk: true,
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("a clerk's discount waits for an admin's password", async () => {
    const baseUrl = server!.baseUrl;
    const admin = await signInByApi(baseUrl, adminCredentials);
    const clerk = await signInByApi(baseUrl, clerkCredentials);
    expect(clerk.user.role).toBe('user');
    expect(clerk.user.permissions).toContain('pledges.handle');
    // The figures of payment-single.e2e.ts: 40,000 at 1.5 % taken 45 days ago leaves 300 of interest.
    const masters = await seedPledgeMasters(baseUrl, admin, {
      rateEffectiveDate: indianDay(60),
      customer: { customer_name: 'Saraswathi Ammal' },
    });
    const adminApi = pledgeApi(baseUrl, admin);
    const pledge = await adminApi.post<{ pledge_id: number; pledge_no: string }>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(45),
      total_loan_amount: 40000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });
    const compliance = await adminApi.get<ComplianceView>(`/companies/${admin.company.id}/compliance`);
    expect(compliance.approval_threshold).toBe(0);

    const page = browser.page();
    await seedStorage(page, clerk, 'light');
    await page.goto(`${baseUrl}/#/pledge/payment?pledge_id=${pledge.pledge_id}`);
    await page.getByRole('heading', { name: 'Single Pledge Payment', level: 1 }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit Payment' });
    await submit.waitFor();
    await expect.poll(() => page.getByTestId('balance-remaining-interest').textContent()).toBe('Rs. 300.00');
    await page.getByLabel('Payment Type').selectOption('interest');
    await page.getByLabel('Amount', { exact: true }).fill('300');
    const approval = page.getByRole('group', { name: 'Admin approval' });
    expect(await approval.count()).toBe(0);
    await page.getByLabel('Discount Amount').fill('50');
    await approval.waitFor();
    expect(await approval.textContent()).toContain(
      "A discount needs an admin's approval: an admin enters their username and password",
    );
    expect(await page.getByTestId('cash-received').textContent()).toBe('Rs. 250.00');

    // A wrong password: refused under its field, and emptied.
    const username = page.getByLabel('Admin username');
    const password = page.getByLabel('Admin password');
    await username.fill(adminCredentials.username);
    await password.fill('not-the-password');
    mkdirSync(shots, { recursive: true });
    await approval.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'single-payment-admin-approval.png') });
    const found = await bothThemes(page, 'approval section');
    await submit.click();
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    const refusal = page.locator(`[id="${await password.getAttribute('aria-describedby')}"]`);
    expect(await refusal.textContent()).toBe('The approver’s username or password is wrong.');
    expect(await password.inputValue()).toBe('');
    expect(await username.inputValue()).toBe(adminCredentials.username);
    await closeToast(page, 'Please fix the validation errors');
    await page.screenshot({ path: join(shots, 'single-payment-approval-refused.png') });
    found.push(...(await bothThemes(page, 'approval refused')));
    const receiptsBefore = await adminApi.get<unknown[]>(`/pledges/${pledge.pledge_id}/payments`);
    expect(receiptsBefore).toHaveLength(0);

    // The admin's password: saved, the approval step gone with the reset form.
    await password.fill(adminCredentials.password);
    await submit.click();
    await closeToast(page, 'Payment saved successfully');
    expect(await approval.count()).toBe(0);
    const payments = await adminApi.get<{ receipt_id: number; discount_amount: number }[]>(
      `/pledges/${pledge.pledge_id}/payments`,
    );
    expect(payments).toHaveLength(1);
    expect(payments[0]!.discount_amount).toBe(50);
    const receiptId = payments[0]!.receipt_id;
    const receipt = await adminApi.get<{ approved_by_username: string | null }>(`/receipts/${receiptId}`);
    expect(receipt.approved_by_username).toBe(adminCredentials.username);

    // The receipt names the admin who approved.
    await page.getByRole('link', { name: 'Print Receipt' }).click();
    await page.getByRole('heading', { name: 'Payment Receipt', level: 1 }).waitFor();
    const approvedBy = page.getByTestId('approved-by');
    await approvedBy.waitFor();
    expect(await approvedBy.textContent()).toContain(`Approved by ${adminCredentials.username}`);
    await page.screenshot({ path: join(shots, 'receipt-approved-by.png') });

    expect(found).toEqual([]);
    // The one failed call is the refused password, on purpose.
    expect(browser.problems()).toEqual([
      'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
    ]);
  });
});
