/**
 * Screenshots of the masters of issue 4 (web part A), light and dark at 1280 px, against a running
 * server (the demo database gives the lists something to show):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/screenshots-masters-a.ts
 *
 * Writes each list, its add dialog with the validation messages, the rates dashboard, and Company
 * Details in read and edit mode. Prints every console error and failed request.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const password = process.env.ADMIN_PASSWORD ?? 'admin12345';
const outDir = process.env.OUT_DIR ?? 'e2e/artifacts/screens';
mkdirSync(outDir, { recursive: true });

async function newPage(browser: Browser, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') console.log(`[${theme}] console error: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => console.log(`[${theme}] request failed: ${req.url()}`));
  return page;
}

async function shot(page: Page, name: string, wait = 300) {
  await page.waitForTimeout(wait);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  console.log(`wrote ${name}.png`);
}

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
    title: 'Jewell Types',
    name: 'jewel-types',
    add: 'Add Jewel Type',
    ready: 'Active',
  },
  {
    path: '/admin/jewell-rates',
    title: 'Jewell Rates',
    name: 'jewel-rates',
    add: 'Add Jewel Rate',
    ready: 'Rs.',
  },
  { path: '/admin/schemes', title: 'Schemes', name: 'schemes', add: 'Add Scheme', ready: '%' },
];

const browser = await chromium.launch(launchOptions());
try {
  for (const theme of ['light', 'dark'] as const) {
    const page = await newPage(browser, theme);
    await page.goto(`${baseUrl}/`);
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).waitFor();
    await page.locator('button[aria-pressed]').first().click();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    for (const screen of screens) {
      await page.goto(`${baseUrl}/#${screen.path}`);
      await page.getByRole('heading', { name: screen.title, level: 1 }).waitFor();
      await page.getByRole('cell').filter({ hasText: screen.ready }).first().waitFor({ timeout: 10_000 });
      await shot(page, `${screen.name}-${theme}`);
      if (screen.add) {
        await page.getByRole('button', { name: screen.add }).first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Save' }).click();
        await page.waitForTimeout(300);
        await page.screenshot({ path: join(outDir, `${screen.name}-add-${theme}.png`) });
        console.log(`wrote ${screen.name}-add-${theme}.png`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }

    await page.goto(`${baseUrl}/#/gold-silver-rates`);
    await page.getByRole('table', { name: 'Detailed Rates' }).waitFor();
    // Recharts animates its lines for 1.5 s.
    await shot(page, `gold-silver-rates-${theme}`, 1800);

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
