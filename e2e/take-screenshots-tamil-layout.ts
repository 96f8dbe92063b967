/**
 * Photographs the Tamil screens whose long words were cut (the pledge list, Awaiting Release,
 * Customers, Single Payment with its payment type, a date field) at 1280, 1440 and 768 px, for review:
 *
 *   BASE_URL=http://127.0.0.1:8134 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-tamil-layout.ts
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, themedPage } from './screenshot-kit.ts';

const screens = [
  ['pledges', '#/pledges'],
  ['awaiting-release', '#/pledge/awaiting-release'],
  ['customers', '#/customers'],
  ['single-payment', '#/pledge/payment'],
] as const;

const browser = await chromium.launch(await launchOptions());
try {
  for (const width of [1280, 1440, 768]) {
    const page = await themedPage(browser, 'light', width);
    await enterAsAdmin(page, /Chennai/);
    await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
    for (const [name, hash] of screens) {
      await page.goto(`${baseUrl}/${hash}`);
      await page.reload();
      await page.locator('h1').waitFor();
      await page.waitForLoadState('networkidle');
      const widths = await page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        tables: Array.from(document.querySelectorAll('table')).map(
          (t) => `${t.scrollWidth}/${t.parentElement?.clientWidth}`,
        ),
      }));
      console.log(name, width, JSON.stringify(widths));
      await shot(page, `tamil-${name}-${width}`, { fullPage: false });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
