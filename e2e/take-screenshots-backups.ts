/**
 * Screenshots of the backups for review, against a running server:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-backups.ts
 *
 * Writes the dashboard's Backups card (and the admins' banner when the server has something to say) in
 * light and dark at 1280 px, then in Tamil, and the card after Back up now. Prints console errors.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));
    await page.goto(`${baseUrl}/#/dashboard?show=backups`);
    const card = page.getByRole('region', { name: /Backups/ });
    await card.waitFor();
    await shot(page, `backups-${theme}`, { fullPage: false });
    if (theme === 'light') {
      await card.getByRole('button', { name: 'Back up now' }).click();
      await card.getByText(/Last good backup/).waitFor();
      await page
        .getByRole('button', { name: 'Back up now' })
        .and(page.locator(':enabled'))
        .waitFor({ timeout: 120_000 });
      await shot(page, `backups-after-${theme}`, { fullPage: false });
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
      await page.getByRole('region', { name: /காப்புப் பிரதி/ }).waitFor();
      await shot(page, `backups-tamil-${theme}`, { fullPage: false });
    }
    await page.close();
  }
} finally {
  await browser.close();
}
