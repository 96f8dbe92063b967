/**
 * Screenshots of the customer's photograph and nominee where the papers show them, against a running
 * demo server:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots PLEDGE=302 SLIP=148 \
 *     node --import tsx e2e/take-screenshots-kyc-papers.ts
 *
 * The Full Print pawn ticket of pledge PLEDGE and the release slip of pledge SLIP, as printed, and the
 * pledge list's detail of PLEDGE.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, shot, themedPage } from './screenshot-kit.ts';

const pledge = process.env.PLEDGE ?? '302';
const slip = process.env.SLIP ?? '148';
const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light', 1280);
  await enterAsAdmin(page, /Chennai|Main Branch/);
  await page.goto(`${baseUrl}/#/pledge/print/${pledge}`);
  await page
    .getByText(/GL\d+|SL\d+|GP\d+/)
    .first()
    .waitFor();
  await page.waitForLoadState('networkidle');
  await shot(page, 'kyc-ticket-screen');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'kyc-ticket-print');
  await page.emulateMedia({ media: 'screen' });
  await page.goto(`${baseUrl}/#/pledge/release-slip/${slip}`);
  await page.waitForLoadState('networkidle');
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'kyc-release-slip-print');
} finally {
  await browser.close();
}
