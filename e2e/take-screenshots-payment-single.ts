/**
 * Photographs the Single Pledge Payment screen on a running server, for review: it makes masters and a
 * pledge 45 days old through the API (seedPledgeMasters), opens the screen on it, types an interest
 * payment, saves it, then a partial principal, and shoots each state at 1280 px in both themes.
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=... OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-payment-single.ts
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { baseUrl, password, shot, THEMES, themedPage } from './screenshot-kit.ts';
import { seedStorage, signInByApi } from './walk.ts';

const session = await signInByApi(baseUrl, { username: 'admin', password });
const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const masters = await seedPledgeMasters(baseUrl, session, { rateEffectiveDate: indianDay(90) });
    const pledge = await pledgeApi(baseUrl, session).post<{ pledge_id: number }>('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: indianDay(75),
      total_loan_amount: 40000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10, net_weight: 10 }],
    });
    const page = await themedPage(browser, theme);
    await seedStorage(page, session, theme);
    await page.goto(`${baseUrl}/#/pledge/payment?pledge_id=${pledge.pledge_id}`);
    await page
      .getByTestId('balance-as-of')
      .getByText(/^As of/)
      .waitFor();
    await shot(page, `payment-single-selected-${theme}`);

    await page.getByLabel('Payment Type').selectOption('interest');
    await page.getByLabel('Amount', { exact: true }).fill('900');
    await page.getByLabel('Penalty Amount').fill('50');
    await page.getByLabel('Payment Method').selectOption('bank');
    await page.getByRole('button', { name: 'Submit Payment' }).click();
    await page.getByText('Bank reference is required for non-cash payments').waitFor();
    await shot(page, `payment-single-messages-${theme}`);

    await page.getByLabel('Bank Reference').fill('UTR0042');
    await page.getByRole('button', { name: 'Submit Payment' }).click();
    await page.getByTestId('saved-payment').waitFor();
    await page.getByTestId('history-row').first().waitFor();
    await shot(page, `payment-single-saved-${theme}`);

    await page.getByLabel('Payment Type').selectOption('full_payment');
    await page.waitForLoadState('networkidle');
    await shot(page, `payment-single-full-close-${theme}`);
    await page.close();
  }
} finally {
  await browser.close();
}
