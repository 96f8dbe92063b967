/**
 * Photographs the branch's day on a running server started with STAFF_CAN_HANDLE_PLEDGES=true
 * and a `clerk` user (clerk123), on a day not yet used: the clerk's open form, live drawer and close
 * (short, with the admin's approval fields), the closed drawer; the admin's Day Close, the day-end
 * sheet (screen and print), the cash limit on Company Details, the pledge payout and the single payment
 * over the limit; each at 1280 px in both themes.
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=... OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-drawer.ts
 */
import { chromium, type Page } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { baseUrl, password, shot, THEMES, type Theme, themedPage } from './screenshot-kit.ts';
import { type SignedIn, seedStorage, signInByApi } from './walk.ts';

const admin = await signInByApi(baseUrl, { username: 'admin', password });
const clerk = await signInByApi(baseUrl, {
  username: 'clerk',
  password: process.env.CLERK_PASSWORD ?? 'clerk123',
});
const browser = await chromium.launch(await launchOptions());

async function open(session: SignedIn, theme: Theme, path: string, heading: string): Promise<Page> {
  const page = await themedPage(browser, theme);
  await seedStorage(page, session, theme);
  await page.goto(`${baseUrl}/#${path}`);
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
  return page;
}

try {
  const masters = await seedPledgeMasters(baseUrl, admin, { rateEffectiveDate: indianDay(10) });
  for (const theme of THEMES) {
    const page = await open(clerk, theme, '/cash-drawer', 'Cash Drawer');
    await page.getByLabel('₹500 notes').fill('60');
    await page.getByLabel('₹100 notes').fill('25');
    await page.getByLabel('Coins (₹)').fill('140');
    await shot(page, `drawer-open-form-${theme}`);
    await page.close();
  }
  await pledgeApi(baseUrl, clerk).post('/cash-drawer/open', {
    denominations: { '500': 60, '100': 25, coins: 140 },
    remarks: 'Float from the safe',
  });
  const pledge = await pledgeApi(baseUrl, clerk).post<{ pledge_id: number }>('/pledges/with-items', {
    customer_id: masters.customerId,
    scheme_id: masters.schemeId,
    pledge_date: indianDay(),
    total_loan_amount: 25000,
    document_charges: 100,
    cash_limit_confirmed: true,
    items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
  });
  await pledgeApi(baseUrl, clerk).post('/pledge-payments/', {
    pledge_id: pledge.pledge_id,
    payment_date: indianDay(),
    payment_type: 'partial_principal',
    amount: 2000,
    payment_method: 'cash',
  });
  for (const theme of THEMES) {
    const page = await open(clerk, theme, '/cash-drawer', 'Cash Drawer');
    await page.getByRole('heading', { name: 'Live drawer' }).waitFor();
    const grid = page.getByRole('table', { name: 'Counted at the close' });
    await grid.getByLabel('₹500 notes').fill('17');
    await grid.getByLabel('₹100 notes').fill('4');
    await page.getByLabel('Approving admin username').fill('admin');
    await shot(page, `drawer-live-close-${theme}`);
    await page.close();
  }
  const current = await pledgeApi(baseUrl, clerk).get<{ drawer: { expected: number } }>(
    `/cash-drawer/current?date=${indianDay()}`,
  );
  const counted = current.drawer.expected - 250;
  await pledgeApi(baseUrl, clerk).post('/cash-drawer/close', {
    denominations: { '500': Math.floor(counted / 500), coins: counted % 500 },
    remarks: 'Short by 250, counted twice',
    approver: { username: 'admin', password },
  });
  for (const theme of THEMES) {
    const page = await open(clerk, theme, '/cash-drawer', 'Cash Drawer');
    await page.getByRole('heading', { name: 'Drawer closed' }).waitFor();
    await shot(page, `drawer-closed-${theme}`);
    await page.close();

    const day = await open(admin, theme, '/day-close', 'Day Close');
    await day.getByTestId('day-drawers').waitFor();
    await shot(day, `day-close-${theme}`);
    await day.getByRole('button', { name: 'Close day' }).click();
    await day.getByRole('dialog').waitFor();
    await shot(day, `day-close-confirm-${theme}`);
    await day.close();

    const sheet = await open(admin, theme, `/day-end/${indianDay()}`, 'Day-end Sheet');
    await sheet.getByTestId('day-end-sheet').waitFor();
    await shot(sheet, `day-end-sheet-${theme}`);
    if (theme === 'light') {
      await sheet.emulateMedia({ media: 'print' });
      await shot(sheet, 'day-end-sheet-print');
      await sheet.pdf({
        path: `${process.env.OUT_DIR ?? 'e2e/artifacts/screens'}/day-end-sheet.pdf`,
        format: 'A4',
      });
    }
    await sheet.close();

    const company = await open(admin, theme, '/company-details', 'Company Details');
    await company.getByRole('heading', { name: 'Cash limit' }).waitFor();
    await shot(company, `cash-settings-${theme}`);
    await company.close();

    const form = await open(admin, theme, `/pledge/edit/${pledge.pledge_id}`, 'Edit Pledge');
    await form.getByLabel('Payout Method').waitFor();
    await form.getByTestId('cash-limit-confirm').waitFor();
    await form.getByLabel('Payout Method').scrollIntoViewIfNeeded();
    await shot(form, `pledge-payout-warn-${theme}`, { fullPage: false });
    await form.close();
  }
} finally {
  await browser.close();
}
