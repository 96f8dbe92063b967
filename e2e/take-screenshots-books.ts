/**
 * Screenshots of the books screens for review, against a running server (the demo data shows
 * them best):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-books.ts
 *
 * Writes Accounts Masters, Daybook Entries with its entry modal, Trial Balance, Account Ledger and Day
 * Book in light and dark at 1280 px, and the trial balance's print view. Prints console errors.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    // With several branches (the demo has two), none is chosen yet: take the Chennai one (or Main Branch).
    await enterAsAdmin(page, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));

    await page.goto(`${baseUrl}/#/admin/accounts`);
    await page.getByRole('button', { name: 'Edit Cash in Hand' }).waitFor();
    await shot(page, `accounts-${theme}`);
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    await shot(page, `accounts-modal-${theme}`, { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/#/admin/daybook`);
    await page
      .getByRole('button', { name: /^Edit (JV|CNT|RCT|PMT)/ })
      .first()
      .waitFor();
    await shot(page, `daybook-${theme}`);
    await page.getByRole('button', { name: 'Add Entry' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Daybook Entry' });
    await dialog.getByLabel('Narration', { exact: true }).fill('Office stationery and tea');
    await dialog.getByLabel('Account, row 1').selectOption({ index: 3 });
    await dialog.getByLabel('Debit, row 1').fill('1250');
    await dialog.getByLabel('Account, row 2').selectOption({ index: 1 });
    await dialog.getByLabel('Credit, row 2').fill('1000');
    await dialog.getByLabel('Credit, row 2').press('Enter');
    await shot(page, `daybook-modal-unbalanced-${theme}`, { fullPage: false });
    await dialog.getByLabel('Account, row 3').selectOption({ index: 2 });
    await dialog.getByLabel('Credit, row 3').fill('250');
    await shot(page, `daybook-modal-balanced-${theme}`, { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/#/admin/reports/trial-balance`);
    await page.getByRole('table', { name: 'Trial balance' }).waitFor();
    await shot(page, `trial-balance-${theme}`);
    if (theme === 'light') {
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'trial-balance-print');
      await page.emulateMedia({ media: 'screen' });
    }

    await page.goto(`${baseUrl}/#/admin/reports/ledger`);
    await page.getByRole('option', { name: '1000 — Cash in Hand' }).waitFor({ state: 'attached' });
    await page.getByLabel('Account', { exact: true }).selectOption({ label: '1000 — Cash in Hand' });
    await page.getByRole('table', { name: 'Account ledger' }).waitFor();
    await shot(page, `ledger-${theme}`);

    await page.goto(`${baseUrl}/#/admin/reports/day-book`);
    // A hash change does not reload the page: wait for this report, or 'From' is still the ledger's.
    await page.getByRole('heading', { name: 'Day Book', level: 1 }).waitFor();
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('From', { exact: true }).fill(weekAgo);
    await page
      .getByText(/to \d\d\/\d\d\/\d{4}$/)
      .first()
      .waitFor();
    await page.getByRole('table', { name: 'Vouchers' }).waitFor();
    await shot(page, `day-book-${theme}`);
    if (theme === 'light') {
      await page.emulateMedia({ media: 'print' });
      await shot(page, 'day-book-print');
      await page.emulateMedia({ media: 'screen' });
    }
    await page.context().close();
  }
} finally {
  await browser.close();
}
