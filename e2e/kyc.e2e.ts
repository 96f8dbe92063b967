/**
 * A customer's KYC in the browser against the real server (issue 33): the clerk registers a customer,
 * opens the KYC panel, adds an Aadhaar by its whole number (the server keeps and answers the last four
 * digits), takes the photograph with the counter's camera (Chromium's test camera) and names a nominee;
 * the list then says the KYC is complete, and the incomplete-KYC register lists only the customer who
 * still lacks something. The database is shared with the other e2e files: every name here is unique.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { pledgeApi, sessionOfPage } from './pledge-masters.ts';
import { closeToast, rowWith, signIn, useBrowser } from './support.ts';

const browser = useBrowser();
const suffix = `k${Date.now().toString(36).slice(-5)}`;

/** An Aadhaar number that passes the Verhoeff check (4991 1866 5246: the UIDAI's published sample). */
const AADHAAR = '4991 1866 5246';

async function enter(page: Page): Promise<void> {
  await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
  await page.getByRole('button', { name: /Main Branch/ }).click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

/** Registers a customer through the API as the signed-in admin; answers the customer's code. */
async function registerCustomer(page: Page, name: string): Promise<{ id: number; acc_code: string }> {
  const api = pledgeApi(browser.baseUrl, await sessionOfPage(page));
  return api.post('/customers/?confirm_duplicate=true', {
    customer_name: name,
    guardian_name: 'Raman',
    mobile_number: `95${Date.now().toString().slice(-8)}`,
    door_no: '7',
    street: 'East Car Street',
    location: 'Madurai',
    district: 'Madurai',
    pincode: '625001',
    status: true,
  });
}

describe('KYC in the browser', () => {
  it('documents, camera photograph and nominee make the KYC complete; the register lists who still lacks it', async () => {
    const page = browser.page();
    await enter(page);
    const complete = await registerCustomer(page, `Kavitha ${suffix}`);
    const lacking = await registerCustomer(page, `Lacking ${suffix}`);

    await page.goto(`${browser.baseUrl}/#/customers`);
    await page.getByLabel('Search customers').fill(`Kavitha ${suffix}`);
    const row = rowWith(page, `Kavitha ${suffix}`);
    await row.getByText('KYC: ID document, photo missing').waitFor();
    await row.getByRole('button', { name: `KYC of Kavitha ${suffix} ${complete.acc_code}` }).click();
    const panel = page.getByRole('dialog', { name: `KYC of Kavitha ${suffix} (${complete.acc_code})` });
    await panel.getByRole('status').waitFor();

    // The Aadhaar by its whole number: the server answers it masked.
    await panel.getByLabel('Kind').selectOption({ label: 'Aadhaar' });
    await panel.getByLabel('Number').fill(AADHAAR);
    await panel.getByRole('button', { name: 'Add document' }).click();
    await closeToast(page, 'The ID document is added.');
    await panel.getByRole('listitem', { name: 'Aadhaar XXXX XXXX 5246' }).waitFor();

    // The photograph from Chromium's test camera (--use-fake-device-for-media-stream).
    await panel.getByRole('button', { name: 'Take photo', exact: true }).click();
    const camera = page.getByRole('dialog', { name: 'Take a photo' });
    await expect
      .poll(() => camera.getByLabel('What the camera sees').evaluate((v: HTMLVideoElement) => v.videoWidth))
      .toBeGreaterThan(0);
    await camera.getByRole('button', { name: 'Take photo' }).click();
    await camera.getByRole('button', { name: 'Use this photo' }).click();
    await camera.waitFor({ state: 'detached' });
    await panel.getByRole('img', { name: `Photograph of Kavitha ${suffix}` }).waitFor();

    await panel.getByLabel('Nominee name').fill('Meenakshi');
    await panel.getByLabel('Relation').fill('Mother');
    await panel.getByRole('button', { name: 'Save nominee' }).click();
    await closeToast(page, 'The nominee is saved.');
    await expect.poll(() => panel.getByRole('status').textContent()).toContain('KYC complete');

    // What the server keeps and answers: the last four digits only.
    const api = pledgeApi(browser.baseUrl, await sessionOfPage(page));
    const kyc = await api.get<{ documents: { number: string }[]; nominee: { name: string } | null }>(
      `/customers/${complete.id}/kyc`,
    );
    expect(kyc.documents.map((d) => d.number)).toEqual(['XXXX XXXX 5246']);
    expect(JSON.stringify(kyc)).not.toContain('49911866');
    expect(kyc.nominee?.name).toBe('Meenakshi');

    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await row.getByText('KYC complete').waitFor();

    // The register lists the customer who still lacks the pieces, not the complete one.
    await page.goto(`${browser.baseUrl}/#/registers/kyc-incomplete`);
    await page.getByLabel('Search by name, mobile or code').fill(suffix);
    await rowWith(page, `Lacking ${suffix}`).waitFor();
    await expect.poll(() => page.getByText(`Kavitha ${suffix}`).count()).toBe(0);
    expect(lacking.acc_code).toMatch(/^C\d{6}$/);
  });
});
