/**
 * Photographs the pledge list, its detail modal, the header search and both pawn tickets (screen and
 * print media, with a PDF of each) of a running server that holds pledges, for review:
 *
 *   BASE_URL=http://127.0.0.1:8102 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-pledge-list.ts
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, outDir, shot, THEMES, themedPage } from './screenshot-kit.ts';

/** The pledge the detail and the tickets show (PLEDGE_ID, else 2). */
const pledgeId = process.env.PLEDGE_ID ?? '2';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page, /Chennai/);
    await page.goto(`${baseUrl}/#/pledges`);
    await page.getByRole('heading', { name: 'Pledge Management', level: 1 }).waitFor();
    await page.getByText(/^Showing 1–/).waitFor();
    await shot(page, `pledge-list-${theme}`);

    // The detail of one pledge, opened by its link (the one with item photos in the review's data).
    await page.goto(`${baseUrl}/#/pledges?view=${pledgeId}`);
    await page.getByRole('dialog').getByText('Customer Information').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `pledge-detail-${theme}`, { fullPage: false });
    await page.keyboard.press('Escape');

    const search = page.getByRole('combobox', { name: 'Search pledges and customers' });
    await search.fill('G');
    await page.getByRole('option').first().waitFor();
    await page.keyboard.press('ArrowDown');
    await shot(page, `pledge-header-search-${theme}`, { fullPage: false });
    await page.close();
  }

  const page = await themedPage(browser, 'light');
  await enterAsAdmin(page, /Chennai/);
  for (const kind of ['full', 'content'] as const) {
    for (const paper of ['A5', 'A4'] as const) {
      await page.goto(`${baseUrl}/#/pledge/print/${pledgeId}?kind=${kind}`);
      await page.getByRole('article').waitFor();
      await page.getByRole('radio', { name: paper }).check();
      await page.waitForLoadState('networkidle');
      await shot(page, `pawn-ticket-${kind}-${paper}-screen`);
      await page.emulateMedia({ media: 'print' });
      await shot(page, `pawn-ticket-${kind}-${paper}-print`);
      await page.pdf({
        path: join(outDir, `pawn-ticket-${kind}-${paper}.pdf`),
        preferCSSPageSize: true,
        printBackground: false,
      });
      await page.emulateMedia({ media: 'screen' });
    }
  }
  await page.close();
} finally {
  await browser.close();
}
