/**
 * Photographs the Payment History (both themes), its View modal and Reverse dialog, and the payment
 * receipt (Full Print and Content Only, on screen and on print media, with a PDF of each) of a running
 * server that holds payments, for review:
 *
 *   BASE_URL=http://127.0.0.1:8102 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots \
 *     PAYMENT_ID=3 RECEIPT_ID=2 node --import tsx e2e/take-screenshots-payment-history.ts
 *
 * PAYMENT_ID is the payment the View modal shows (else the newest), RECEIPT_ID the receipt printed
 * (else that payment's); COMPANY picks the branch by name (else the first).
 */
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, outDir, shot, THEMES, themedPage } from './screenshot-kit.ts';

const company = process.env.COMPANY ? new RegExp(process.env.COMPANY) : undefined;

const browser = await chromium.launch(await launchOptions());
try {
  let paymentId = process.env.PAYMENT_ID ?? '';
  let receiptId = process.env.RECEIPT_ID ?? '';
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page, company);
    await page.goto(`${baseUrl}/#/pledge/payment-list`);
    await page.getByRole('heading', { name: 'Payment History', level: 1 }).waitFor();
    await page.getByText(/^Showing \d/).waitFor();
    await shot(page, `payment-history-${theme}`);

    if (!paymentId) {
      await page
        .getByRole('button', { name: /^View payment/ })
        .first()
        .click();
      paymentId = new URL(page.url().replace('#/', '')).searchParams.get('view') ?? '';
    } else {
      await page.goto(`${baseUrl}/#/pledge/payment-list?view=${paymentId}`);
    }
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Additional Information').waitFor();
    await page.waitForLoadState('networkidle');
    await shot(page, `payment-view-${theme}`, { fullPage: false });
    if (!receiptId) {
      const href = await dialog.getByRole('link', { name: 'Print Receipt' }).getAttribute('href');
      receiptId = href?.split('/').pop() ?? '';
    }
    await page.keyboard.press('Escape');

    const reverse = page.getByRole('button', { name: /^Reverse payment/ }).first();
    if ((await reverse.count()) > 0) {
      await reverse.click();
      await page
        .getByRole('dialog', { name: 'Reverse Payment' })
        .getByRole('button', { name: 'Reverse Payment' })
        .click();
      await shot(page, `payment-reverse-${theme}`, { fullPage: false });
      await page.keyboard.press('Escape');
    }
    await page.close();
  }

  const page = await themedPage(browser, 'light');
  await enterAsAdmin(page, company);
  for (const kind of ['full', 'content'] as const) {
    for (const paper of ['A5', 'A4'] as const) {
      await page.goto(`${baseUrl}/#/pledge/receipt/${receiptId}?kind=${kind}`);
      await page.getByRole('article').waitFor();
      await page.getByRole('radio', { name: paper }).check();
      await page.waitForLoadState('networkidle');
      await shot(page, `payment-receipt-${kind}-${paper}-screen`);
      await page.emulateMedia({ media: 'print' });
      await shot(page, `payment-receipt-${kind}-${paper}-print`);
      await page.pdf({
        path: join(outDir, `payment-receipt-${kind}-${paper}.pdf`),
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
