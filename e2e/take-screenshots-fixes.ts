/**
 * The README's dashboard picture and the forms changed by the validation fixes, at 1280 px in the light
 * theme, against a running demo server (`npm run demo`):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots \
 *     node --import tsx e2e/take-screenshots-fixes.ts
 *
 * Writes dashboard.png (copy it to docs/images/ for the README), then the daybook grid with a wrong
 * amount, the customer form's format messages and duplicate question, the rate form's messages, and
 * the API Test's question before using an address that failed. Saves nothing: every dialog is
 * cancelled. Prints every console error and failed request.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light');
  await enterAsAdmin(page);
  await page.getByRole('heading', { name: 'Weekly Revenue' }).waitFor();
  // Tall enough for the whole dashboard, so the fixed sidebar runs down the full shot.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await page.locator('svg[data-chart]').first().waitFor();
  await shot(page, 'dashboard');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.goto(`${baseUrl}/#/admin/daybook`);
  await page.getByRole('button', { name: 'Add Entry' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add Daybook Entry' });
  await dialog.getByLabel('Account, row 1').locator('option').nth(1).waitFor({ state: 'attached' });
  await dialog.getByLabel('Debit, row 1').fill('123.456');
  await dialog.getByLabel('Credit, row 2').fill('1e3');
  await shot(page, 'fix-daybook-amounts', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${baseUrl}/#/admin/customers`);
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Customer Name').fill('Ravi Kumar');
  await dialog.getByLabel('Guardian Name').fill('Murugesan');
  await dialog.getByLabel('Mobile Number').fill('12345');
  await dialog.getByLabel('Alternate Mobile (optional)').fill('abcd');
  await dialog.getByLabel('Door No').fill('14');
  await dialog.getByLabel('Street').fill('Car Street');
  await dialog.getByLabel('Location').fill('Mylapore');
  await dialog.getByLabel('District').fill('Chennai');
  await dialog.getByLabel('Pincode').fill('6000');
  await dialog.getByRole('button', { name: 'Save Customer' }).click();
  await dialog.getByText('Enter a 6-digit pincode.').waitFor();
  await shot(page, 'fix-customer-formats', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The first customer of the list again, as a clerk might type them twice.
  const first = page.locator('tbody tr').first();
  await first.waitFor();
  await page.getByRole('button', { name: 'Add Customer' }).first().click();
  const [name, mobile] = await page.evaluate(async () => {
    const token = window.localStorage.getItem('access_token') ?? '';
    const company = JSON.parse(window.localStorage.getItem('selected_company') ?? '{}') as { id?: number };
    const res = await fetch('/api/customers/?limit=1', {
      headers: { authorization: `Bearer ${token}`, 'x-company-id': String(company.id ?? '') },
    });
    const [c] = (await res.json()) as { customer_name: string; mobile_number: string }[];
    return [c?.customer_name ?? '', c?.mobile_number ?? ''];
  });
  dialog = page.getByRole('dialog', { name: 'Add Customer' });
  await dialog.getByLabel('Customer Name').fill(name);
  await dialog.getByLabel('Guardian Name').fill('Murugesan');
  await dialog.getByLabel('Mobile Number').fill(mobile);
  await dialog.getByLabel('Door No').fill('14');
  await dialog.getByLabel('Street').fill('Car Street');
  await dialog.getByLabel('Location').fill('Mylapore');
  await dialog.getByLabel('District').fill('Chennai');
  await dialog.getByLabel('Pincode').fill('600004');
  await dialog.getByRole('button', { name: 'Save Customer' }).click();
  const ask = page.getByRole('dialog', { name: 'Possible Duplicate Customer' });
  await ask.waitFor();
  await shot(page, 'fix-customer-duplicate', { fullPage: false });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${baseUrl}/#/admin/gold-silver-rates`);
  await page.getByRole('button', { name: 'Add Rate' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add Rate' });
  await dialog.getByLabel('Gold Rate per gram (24K, Rs.)').fill('-5');
  await dialog.getByLabel('Silver Rate per gram (Rs.)').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('Gold rate must be more than zero').waitFor();
  await shot(page, 'fix-rate-messages', { fullPage: false });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.goto(`${baseUrl}/#/api-test`);
  const address = page.getByLabel('API address');
  await address.fill('http://127.0.0.1:9/api');
  await page.getByRole('button', { name: 'Use This API' }).click();
  const failed = page.getByRole('dialog', { name: 'Use an Address That Failed?' });
  await failed.waitFor();
  await shot(page, 'fix-api-test-failed', { fullPage: false });
  await failed.getByRole('button', { name: 'Cancel' }).click();
  await page.close();
} finally {
  await browser.close();
}
