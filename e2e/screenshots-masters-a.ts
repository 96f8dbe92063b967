/**
 * Screenshots of the masters, first part (see masters-a.e2e.ts), light and dark at 1280 px, against a running
 * server (the demo database gives the lists something to show):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/screenshots-masters-a.ts
 *
 * Writes each list, its add dialog with the validation messages, the rates dashboard, and Company
 * Details in read and edit mode. Prints every console error and failed request.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const screens: { path: string; title: string; name: string; add?: string; ready: string }[] = [
  { path: '/admin/users', title: 'User Management', name: 'users', add: 'Add User', ready: '@' },
  {
    path: '/admin/gold-silver-rates',
    title: 'Rate Management',
    name: 'rate-management',
    add: 'Add Rate',
    ready: 'Rs.',
  },
  {
    path: '/admin/jewell-types',
    title: 'Jewel Types',
    name: 'jewel-types',
    add: 'Add Jewel Type',
    ready: 'Active',
  },
  {
    path: '/admin/jewell-rates',
    title: 'Jewel Rates',
    name: 'jewel-rates',
    add: 'Add Jewel Rate',
    ready: 'Rs.',
  },
  { path: '/admin/schemes', title: 'Schemes', name: 'schemes', add: 'Add Scheme', ready: '%' },
];

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page);

    for (const screen of screens) {
      await page.goto(`${baseUrl}/#${screen.path}`);
      await page.getByRole('heading', { name: screen.title, level: 1 }).waitFor();
      await page.getByRole('cell').filter({ hasText: screen.ready }).first().waitFor({ timeout: 10_000 });
      await shot(page, `${screen.name}-${theme}`);
      if (screen.add) {
        await page.getByRole('button', { name: screen.add }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await shot(page, `${screen.name}-add-${theme}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }

    await page.goto(`${baseUrl}/#/gold-silver-rates`);
    await page.getByRole('table', { name: 'Detailed Rates' }).waitFor();
    // Recharts draws its lines from script over 1.5 s: `shot` waits for the chart to stop changing.
    await page.locator('svg[data-chart]').first().waitFor();
    await shot(page, `gold-silver-rates-${theme}`);

    await page.goto(`${baseUrl}/#/company-details`);
    await page.getByRole('button', { name: 'Edit Details' }).waitFor();
    await shot(page, `company-details-${theme}`);
    await page.getByRole('button', { name: 'Edit Details' }).click();
    await shot(page, `company-details-edit-${theme}`);
    await page.context().close();
  }
} finally {
  await browser.close();
}
