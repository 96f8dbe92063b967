/**
 * Screenshots of the KYC screens for review, against a running demo server:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-kyc-panel.ts
 *
 * The customers list with its KYC column and a customer's KYC panel, the incomplete-KYC register and
 * its print, the compliance form's KYC card and the new pledge form with a customer chosen, in light
 * and dark at 1280 px, and in Tamil.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const [theme, tamil] of [...THEMES.map((t) => [t, false] as const), ['light', true] as const]) {
    const suffix = `${theme}${tamil ? '-ta' : ''}`;
    const page = await themedPage(browser, theme, 1280);
    await enterAsAdmin(page, /Chennai|Main Branch/);
    if (tamil) {
      await page.evaluate(() => window.localStorage.setItem('language', 'ta'));
      await page.reload();
    }
    await page.goto(`${baseUrl}/#/customers`);
    await page.getByText('C000300').waitFor();
    await shot(page, `kyc-customers-${suffix}`, { fullPage: false });
    await page.getByRole('button', { name: 'KYC' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `kyc-panel-${suffix}`);
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/#/registers/kyc-incomplete`);
    await page.getByText(/^C0/).first().waitFor();
    await shot(page, `kyc-register-${suffix}`, { fullPage: false });
    await page.goto(`${baseUrl}/#/registers/kyc-incomplete/print`);
    await page.getByText(/^C0/).first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await shot(page, `kyc-register-print-${suffix}`, { fullPage: false });
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${baseUrl}/#/compliance`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `kyc-compliance-${suffix}`);
    await page.close();
  }
} finally {
  await browser.close();
}
