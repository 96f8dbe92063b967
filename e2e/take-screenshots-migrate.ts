/**
 * Screenshots of the Migrate, Network Diagnostics and API Test screens, light and dark at
 * 1280 px, against a running server whose legacy store holds the sample file:
 *
 *   BASE_URL=http://127.0.0.1:8123 ADMIN_PASSWORD=admin12345 OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-migrate.ts
 *
 * Prints every console error and failed request.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page, /Main Branch/);

    await page.goto(`${baseUrl}/#/migrate`);
    await page.getByRole('table', { name: 'Customers of the older system' }).waitFor();
    await shot(page, `migrate-${theme}`, { fullPage: false });
    await page
      .getByRole('button', { name: /^View customer/ })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await shot(page, `migrate-view-${theme}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByLabel('Search term').fill('zzzz-nobody');
    await page.getByLabel('Search term').press('Enter');
    await page.getByText('No customers found for "zzzz-nobody".').waitFor();
    await shot(page, `migrate-empty-${theme}`, { fullPage: false });
    // A migrated row (the first run migrates 1011; the dark run finds it migrated already).
    await page.getByLabel('Search term').fill('SELVI KANDASAMY');
    await page.getByLabel('Search term').press('Enter');
    await page.getByRole('button', { name: 'View customer 1011' }).waitFor();
    const migrate = page.getByRole('button', { name: 'Migrate customer 1011' });
    if (await migrate.isVisible()) {
      await migrate.click();
      await page.getByText('is now customer').waitFor();
    }
    await shot(page, `migrate-migrated-${theme}`, { fullPage: false });

    await page.goto(`${baseUrl}/#/network-diagnostics`);
    await page.getByTestId('backend-status').filter({ hasText: 'Online' }).waitFor();
    await page.getByRole('button', { name: 'Test Authenticated Endpoint' }).click();
    await page.getByText(/Signed in as admin/).waitFor();
    await shot(page, `network-diagnostics-${theme}`);

    await page.goto(`${baseUrl}/#/api-test`);
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByRole('table', { name: 'Connection test results' }).waitFor();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    await page.getByRole('table', { name: 'Connection test results' }).getByRole('row').nth(2).waitFor();
    await shot(page, `api-test-${theme}`);
    await page.context().close();
  }
} finally {
  await browser.close();
}
