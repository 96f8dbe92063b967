/**
 * Screenshots of the main screens for review and for the README, against a running server:
 *
 *   BASE_URL=http://127.0.0.1:8123 ADMIN_PASSWORD=admin12345 OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots.ts
 *
 * Writes sign-in (light, dark), company selection, dashboard (light and dark at 1280 px, 800 px with the
 * sidebar open) and profile. Prints every console error and failed request, so a CSP violation shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';

const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8000';
const password = process.env.ADMIN_PASSWORD ?? 'admin12345';
const outDir = process.env.OUT_DIR ?? 'e2e/artifacts/screens';
mkdirSync(outDir, { recursive: true });

async function newPage(browser: Browser, width: number, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning')
      console.log(`[${width}/${theme}] console ${msg.type()}: ${msg.text()}`);
  });
  page.on('requestfailed', (req) => console.log(`[${width}/${theme}] request failed: ${req.url()}`));
  return page;
}

async function signIn(page: Page) {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Username').fill('admin');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function shot(page: Page, name: string) {
  // Recharts animates its lines for 1.5 s.
  await page.waitForTimeout(1800);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
  console.log(`wrote ${name}.png`);
}

const browser = await chromium.launch(launchOptions());
try {
  for (const theme of ['light', 'dark'] as const) {
    const page = await newPage(browser, 1280, theme);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await shot(page, `sign-in-${theme}`);
    await signIn(page);
    await page.getByRole('heading', { name: 'Select a Company' }).waitFor();
    await page.getByRole('button', { name: 'Continue with Selected Company' }).waitFor();
    await page.getByRole('button', { name: /Main Branch/ }).click();
    await shot(page, `company-selection-${theme}`);
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Weekly Revenue' }).waitFor();
    // Tall enough for the whole dashboard, so the fixed sidebar runs down the full shot.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await shot(page, `dashboard-1280-${theme}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/#/profile`);
    await page.getByText('Member Since').waitFor();
    await shot(page, `profile-${theme}`);
    if (theme === 'light') {
      await page.goto(`${baseUrl}/#/pledge/list`);
      await page.getByText('arrives in a later release').waitFor();
      await shot(page, 'later-release');
    }
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto(`${baseUrl}/#/dashboard`);
    await page.getByRole('heading', { name: 'Weekly Revenue' }).waitFor();
    await page.waitForTimeout(1800);
    await page.screenshot({ path: join(outDir, `dashboard-800-${theme}.png`) });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(outDir, `dashboard-800-${theme}-sidebar.png`) });
    console.log(`wrote dashboard-800-${theme}-sidebar.png`);
    await page.context().close();
  }
} finally {
  await browser.close();
}
