/**
 * Screenshots of the customers and banks screens, light and dark at 1280 px,
 * against a running server with data (the demo database has Tamil customers and two banks):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots \
 *     node --import tsx e2e/take-screenshots-masters-b.ts
 *
 * The first customer of the list gets a drawn ID proof image (so the detail modal shows one); nothing
 * else is changed. Prints every console error and failed request.
 */
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

/** A small drawn "ID card" as PNG bytes, made by the browser's canvas. */
async function idCardPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 200;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f5efe0';
    g.fillRect(0, 0, 320, 200);
    g.fillStyle = '#d49b22';
    g.fillRect(0, 0, 320, 36);
    g.fillStyle = '#1b254b';
    g.font = 'bold 18px sans-serif';
    g.fillText('ID CARD', 12, 25);
    g.fillStyle = '#9ea2ff';
    g.fillRect(16, 56, 80, 100);
    g.fillStyle = '#1b254b';
    g.font = '14px sans-serif';
    g.fillText('XXXX XXXX 1234', 112, 80);
    g.fillText('DOB 01/01/1980', 112, 106);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    // The first company of the list (the demo's Madurai branch, or Main Branch on a fresh database).
    await enterAsAdmin(page);

    await page.goto(`${baseUrl}/#/admin/customers`);
    await page.getByText(/^Showing \d+(–\d+)? of \d+$/).waitFor();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await shot(page, `customers-${theme}`, { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });

    const firstRow = page.getByRole('row').nth(1);
    if (theme === 'light') {
      await firstRow.getByRole('button', { name: /^Edit / }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Customer' });
      await edit.getByLabel('ID Proof (optional)').setInputFiles({
        name: 'id-card.png',
        mimeType: 'image/png',
        buffer: await idCardPng(page),
      });
      await edit.getByRole('img', { name: 'Preview of the chosen ID proof' }).waitFor();
      await shot(page, `customer-edit-${theme}`, { fullPage: false });
      await edit.getByRole('button', { name: 'Update Customer' }).click();
      await edit.waitFor({ state: 'detached' });
    }
    await firstRow.getByRole('button', { name: /^View / }).click();
    const view = page.getByRole('dialog', { name: 'Customer Details' });
    await view.getByRole('img').first().waitFor();
    await shot(page, `customer-detail-${theme}`, { fullPage: false });
    await view.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('button', { name: 'Add Customer' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add Customer' });
    await add.getByRole('button', { name: 'Save Customer' }).click();
    await add.getByText('Customer name is required').waitFor();
    await shot(page, `customer-add-errors-${theme}`, { fullPage: false });
    await add.getByRole('button', { name: 'Cancel' }).click();

    // The search is debounced: the shot waits for the request it ends in.
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/customers/' &&
        new URL(response.url()).searchParams.get('search') === 'முரு',
    );
    await page.getByLabel('Search customers').fill('முரு');
    await searched;
    await shot(page, `customers-search-${theme}`, { fullPage: false });
    await page.getByLabel('Search customers').fill('zzzz-nobody');
    await page.getByText('No customers found for "zzzz-nobody".').waitFor();
    await shot(page, `customers-empty-${theme}`, { fullPage: false });

    await page.goto(`${baseUrl}/#/admin/banks`);
    await page.getByRole('switch').first().waitFor();
    await shot(page, `banks-${theme}`, { fullPage: false });
    await page.getByRole('button', { name: 'Add Bank' }).first().click();
    const bank = page.getByRole('dialog', { name: 'Add Bank' });
    await bank.getByRole('button', { name: 'Create Bank' }).click();
    await bank.getByText('Bank name is required').waitFor();
    await shot(page, `bank-add-errors-${theme}`, { fullPage: false });
    await bank.getByRole('button', { name: 'Cancel' }).click();
    await page.context().close();
  }
} finally {
  await browser.close();
}
