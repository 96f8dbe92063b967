/**
 * Screenshots of the main screens for review and for the README, against a running server:
 *
 *   BASE_URL=http://127.0.0.1:8123 ADMIN_PASSWORD=admin12345 OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots.ts
 *
 * Writes sign-in (light, dark), company selection, dashboard (light and dark at 1280 px, 800 px with the
 * sidebar open) and profile. Prints every console error and failed request, so a CSP violation shows.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, shot, signInAsAdmin, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await shot(page, `sign-in-${theme}`);
    await signInAsAdmin(page);
    await page.getByRole('heading', { name: 'Select a Company' }).waitFor();
    await page.getByRole('button', { name: /Main Branch/ }).click();
    await shot(page, `company-selection-${theme}`);
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Weekly Revenue' }).waitFor();
    // `shot` waits for Recharts' lines, drawn from script over 1.5 s, once the charts are there.
    await page.locator('svg[data-chart]').first().waitFor();
    // Tall enough for the whole dashboard, so the fixed sidebar runs down the full shot.
    await page.setViewportSize({ width: 1280, height: 1100 });
    await shot(page, `dashboard-1280-${theme}`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${baseUrl}/#/profile`);
    await page.getByText('Member Since').waitFor();
    await shot(page, `profile-${theme}`);
    await page.setViewportSize({ width: 800, height: 1000 });
    await page.goto(`${baseUrl}/#/dashboard`);
    await page.locator('svg[data-chart]').first().waitFor();
    await shot(page, `dashboard-800-${theme}`, { fullPage: false });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot(page, `dashboard-800-${theme}-sidebar`, { fullPage: false });
    await page.context().close();
  }
} finally {
  await browser.close();
}
