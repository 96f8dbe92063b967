/**
 * The printed registers and the day-end sheet for review, against a running server (the demo data
 * shows them best):
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=demo-admin OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-registers.ts
 *
 * Writes, for the Chennai branch (COMPANY), the pledge book print of the last 45 days (or FROM to TO), the vault register
 * print of today (A4) and the sale book print of the last year (A4, then A5), each as a screenshot in
 * print media and as the PDF Chromium prints (its sheets, page numbers and paper size); and the
 * day-end sheet of the latest day of the last 60 with cash but no drawer (DAY to choose one).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, businessToday } from '@pledge-desk/domain';
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { baseUrl, enterAsAdmin, outDir, shot, themedPage } from './screenshot-kit.ts';

async function printed(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ media: 'print' });
  await shot(page, name);
  // page.pdf prints with the emulated media: print, as the browser's print dialog does.
  writeFileSync(
    join(outDir, `${name}.pdf`),
    await page.pdf({ preferCSSPageSize: true, printBackground: true }),
  );
  console.log(`wrote ${name}.pdf`);
  await page.emulateMedia({ media: 'screen' });
}

/** GET /api<path> with the page's session (its token and company in local storage). */
function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const token = window.localStorage.getItem('access_token');
    const company = JSON.parse(window.localStorage.getItem('selected_company') ?? '{}') as { id?: number };
    const res = await fetch(`/api${p}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Company-Id': String(company.id ?? '') },
    });
    return (await res.json()) as T;
  }, path) as Promise<T>;
}

const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light', 1400);
  await enterAsAdmin(page, new RegExp(process.env.COMPANY ?? 'Chennai|Main Branch'));
  const today = businessToday();

  const from = process.env.FROM ?? addDays(today, -45);
  await page.goto(`${baseUrl}/#/registers/pledge-book/print?from=${from}&to=${process.env.TO ?? today}`);
  await page
    .getByRole('region', { name: /^Page \d+$/ })
    .first()
    .waitFor();
  await printed(page, 'paper-pledge-book');

  await page.goto(`${baseUrl}/#/registers/vault/print?as_of=${today}`);
  await page.getByText(/Checked by/).waitFor();
  await printed(page, 'paper-vault');

  await page.goto(`${baseUrl}/#/registers/sale-book/print?from=${addDays(today, -365)}&to=${today}`);
  await page.getByTestId('sale-book-totals').waitFor();
  await printed(page, 'paper-sale-book-a4');
  await page.getByRole('radio', { name: 'A5' }).check();
  await printed(page, 'paper-sale-book-a5');
  await page.getByRole('radio', { name: 'A4' }).check();

  let day = process.env.DAY;
  for (let back = 0; !day && back < 60; back += 1) {
    const d = addDays(today, -back);
    const detail = await api<{ drawers: unknown[]; day_cash?: { receipts: number; payouts: number } }>(
      page,
      `/days/${d}`,
    );
    if (
      detail.drawers.length === 0 &&
      detail.day_cash &&
      detail.day_cash.receipts + detail.day_cash.payouts > 0
    )
      day = d;
  }
  if (day) {
    console.log(`day-end sheet of ${day}`);
    await page.goto(`${baseUrl}/#/day-end/${day}`);
    await page.getByTestId('day-end-sheet').waitFor();
    await page.getByTestId('day-receipts').waitFor();
    await printed(page, 'paper-day-end-no-drawer');
  } else console.log('no day without a drawer and with cash in the last 60 days');
  await page.context().close();
} finally {
  await browser.close();
}
