/**
 * Screenshots of the screens whose words the glossary settled, in Tamil at 1280 px, for review, against
 * a running server with the demo data:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-words.ts
 *
 * Signs in as admin, switches the interface to Tamil on this browser, and writes the dashboard, the
 * pledge list, the notices, the auction lots, surpluses and sale book, the pledge book, the users,
 * the trial balance, the ledger of account 1000, the day book and the daybook entries.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, themedPage } from './screenshot-kit.ts';

const screens: [name: string, path: string][] = [
  ['ta-dashboard', 'dashboard'],
  ['ta-pledge-list', 'pledge/list'],
  ['ta-notices', 'pledge/notices'],
  ['ta-auction-lots', 'auctions'],
  ['ta-auction-surpluses', 'auctions/surpluses'],
  ['ta-sale-book', 'registers/sale-book'],
  ['ta-pledge-book', 'registers/pledge-book'],
  ['ta-overdue', 'registers/overdue'],
  ['ta-users', 'admin/users'],
  ['ta-trial-balance', 'admin/reports/trial-balance'],
  ['ta-day-book', 'admin/reports/day-book'],
  ['ta-daybook', 'admin/daybook'],
];

const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light');
  await enterAsAdmin(page, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));
  await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
  for (const [name, path] of screens) {
    await page.goto(`${baseUrl}/#/${path}`);
    await page.reload();
    await page.locator('main').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, name, { fullPage: false });
  }
  await page.goto(`${baseUrl}/#/admin/reports/ledger`);
  const account = page.getByLabel('கணக்கு', { exact: true });
  await account.locator('option').nth(1).waitFor({ state: 'attached' });
  await account.selectOption({ index: 1 });
  await page.waitForLoadState('networkidle');
  await shot(page, 'ta-ledger', { fullPage: false });
} finally {
  await browser.close();
}
