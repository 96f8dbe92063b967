/**
 * The Renew / Top-up screen with the kept-weight check and the saved preview, at 1280 px in the light theme, against a
 * running server whose cash limit does not stop a cash payout of Rs. 50,000:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=... OUT_DIR=/tmp/shots \
 *     node --import tsx e2e/take-screenshots-renewal.ts
 *
 * Makes a pledge of 10 g through the API, then writes renewal-stale.png (a loan just typed: the panel
 * dims the earlier figures, Save waits), renewal-current.png (the figures of the loan typed, Save on)
 * and renewal-heavier.png (the article weighed 12 g: the row's note and the approval fieldset with the
 * missing reason). Saves no renewal. Prints every console error and failed request.
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { indianDay, pledgeApi, seedPledgeMasters, uniqueSuffix } from './pledge-masters.ts';
import { baseUrl, password, shot, themedPage } from './screenshot-kit.ts';
import { seedStorage, signInByApi } from './walk.ts';

const session = await signInByApi(baseUrl, { username: 'admin', password });
const suffix = uniqueSuffix();
const masters = await seedPledgeMasters(baseUrl, session, {
  rateEffectiveDate: indianDay(60),
  designs: [`Kasu Mala ${suffix}`],
  customer: { customer_name: `Meenakshi ${suffix}` },
});
const old = await pledgeApi(baseUrl, session).post<{ pledge_id: number }>('/pledges/with-items', {
  customer_id: masters.customerId,
  scheme_id: masters.schemeId,
  pledge_date: indianDay(45),
  total_loan_amount: 40000,
  cash_limit_confirmed: true,
  document_charges: 100,
  items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
});

const browser = await chromium.launch(await launchOptions());
try {
  const page = await themedPage(browser, 'light');
  await seedStorage(page, session, 'light');
  await page.goto(`${baseUrl}/#/pledge/renew/${old.pledge_id}`);
  const statement = page.getByTestId('renewal-cash-statement');
  await statement.waitFor();
  const save = page.getByRole('button', { name: 'Save Renewal' });
  const saveEnabled = async () =>
    page.waitForFunction((button) => !(button as HTMLButtonElement).disabled, await save.elementHandle());
  // The preview of the figures just typed is held back until the stale figures are photographed.
  let letPreviewGo = () => {};
  const held = new Promise<void>((resolve) => {
    letPreviewGo = resolve;
  });
  await page.route(
    '**/api/pledges/*/renew/preview',
    async (route) => {
      await held;
      await route.continue();
    },
    { times: 1 },
  );
  await page.getByLabel('New Loan Amount').fill('45000');
  await page.locator('[data-stale]').waitFor();
  await shot(page, 'renewal-stale', { allowBusy: true });
  letPreviewGo();
  await saveEnabled();
  await shot(page, 'renewal-current');

  await page.getByLabel(`Gross weight of Kasu Mala ${suffix}`).fill('12');
  await page.getByLabel(`Net weight of Kasu Mala ${suffix}`).fill('12');
  await page.getByLabel('New Loan Amount').fill('50000');
  await page.getByRole('group', { name: 'Weight increase: admin approval' }).waitFor();
  await saveEnabled();
  await save.click();
  await page.getByText('Enter the reason for the weight increase').waitFor();
  // A full-page shot of a scrolled page draws the sticky header mid-way: from the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'renewal-heavier');
} finally {
  await browser.close();
}
