/**
 * Screenshots of the create and edit pledge screens at 1280 px in both themes, on
 * the demo server: `PORT=8101 npm run demo`, then
 * `BASE_URL=http://127.0.0.1:8101 ADMIN_PASSWORD=demo-admin npx tsx e2e/take-screenshots-pledge-form.ts`.
 * It creates a pledge on the demo data (a customer, the first scheme with a rate, two items).
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page);
    await page.goto(`${baseUrl}/#/pledge/create`);
    await page.getByRole('heading', { level: 1, name: 'Create Pledge' }).waitFor();
    await shot(page, `pledge-create-empty-${theme}`);

    await page.getByLabel('Customer ID').fill('C000001');
    await page.getByLabel('Customer ID').press('Tab');
    await page.getByTestId('customer-card').waitFor();
    const scheme = page.getByLabel('Scheme', { exact: true });
    const options = await scheme.locator('option').allTextContents();
    await scheme.selectOption({ label: options.find((o) => /gold/i.test(o)) ?? options[1]! });
    await page.getByRole('button', { name: 'Add Item' }).waitFor();
    await page
      .getByTestId('rate-line')
      .getByText(/Rate|No rate/)
      .waitFor();
    const add = page.getByRole('button', { name: 'Add Item' });
    if (await add.isEnabled()) {
      await add.click();
      const design = page.getByRole('combobox', { name: 'Design, row 1' });
      await design.pressSequentially('ri');
      await page.getByRole('listbox').getByRole('option').first().click();
      await design.press('Enter');
      await page.keyboard.type('Good');
      await page.keyboard.press('Enter');
      await page.keyboard.type('10.5');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      const design2 = page.getByRole('combobox', { name: 'Design, row 2' });
      await design2.pressSequentially('ch');
      await page.getByRole('listbox').getByRole('option').first().click();
      await page.getByLabel('Gross weight in grams, row 2').fill('8.5');
      await page.getByLabel('Net weight in grams, row 2').fill('8.25');
      await page.getByLabel('Final Loan Amount').fill('48000');
    }
    await shot(page, `pledge-create-filled-${theme}`);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/pledges/with-items'));
    await page.getByRole('button', { name: 'Save Pledge' }).click();
    const saved = (await (await answer).json()) as { pledge_id?: number };
    await page
      .getByRole('dialog')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
    await shot(page, `pledge-create-saved-${theme}`, { fullPage: false });
    const number = await page
      .getByTestId('saved-pledge-no')
      .textContent()
      .catch(() => null);
    console.log(`saved pledge ${number}`);
    if (saved.pledge_id) {
      await page.goto(`${baseUrl}/#/pledge/edit/${saved.pledge_id}`);
      await page.getByTestId('edit-pledge-no').waitFor();
      await shot(page, `pledge-edit-${theme}`);
    }
    await page.context().close();
  }
} finally {
  await browser.close();
}
