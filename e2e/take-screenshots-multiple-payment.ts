/**
 * Photographs the two multiple pledge payment screens of a running server at 1280 px, in both themes:
 * Multiple Pledge Single Payment with three pledges shared by Auto Allocate, Multiple Pledge Payment with
 * three pledges selected (one with a discount) and its result modal. It makes its own masters, customers and pledges through the API:
 *
 *   BASE_URL=http://127.0.0.1:8000 ADMIN_PASSWORD=... OUT_DIR=/tmp/shots node --import tsx e2e/take-screenshots-multiple-payment.ts
 */
import { chromium } from 'playwright-core';
import { launchOptions } from './browser.ts';
import { indianDay, pledgeApi, seedPledgeMasters, sessionOfPage, uniqueSuffix } from './pledge-masters.ts';
import { baseUrl, enterAsAdmin, shot, THEMES, themedPage } from './screenshot-kit.ts';

const browser = await chromium.launch(await launchOptions());
try {
  for (const theme of THEMES) {
    const page = await themedPage(browser, theme);
    await enterAsAdmin(page);
    const session = await sessionOfPage(page);
    const api = pledgeApi(baseUrl, session);
    // One customer per screen, each with three pledges of 70, 65 and 60 days.
    const customers = [];
    for (const screen of ['single', 'several']) {
      const masters = await seedPledgeMasters(baseUrl, session, {
        rateEffectiveDate: indianDay(120),
        customer: { customer_name: `Lakshmi ${screen} ${uniqueSuffix()}` },
      });
      for (let i = 0; i < 3; i++) {
        await api.post('/pledges/with-items', {
          customer_id: masters.customerId,
          scheme_id: masters.schemeId,
          pledge_date: indianDay(70 - i * 5),
          total_loan_amount: 20000 + i * 7500,
          document_charges: 100,
          items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
        });
      }
      customers.push(masters);
    }
    const pick = async (name: string) => {
      await page.getByRole('combobox', { name: 'Search Customer' }).fill(name);
      await page.getByRole('option', { name: new RegExp(name) }).click();
    };

    await page.goto(`${baseUrl}/#/pledge/multiple-payment`);
    await page.getByRole('heading', { name: 'Multiple Pledge Single Payment', level: 1 }).waitFor();
    await pick(customers[0]!.customerName);
    const boxes = page.getByRole('checkbox', { name: /^Select / });
    await boxes.nth(2).waitFor();
    for (const box of await boxes.all()) await box.check();
    await page.getByLabel('Total Payment Amount').fill('12000');
    await page.getByRole('button', { name: 'Auto Allocate' }).click();
    await page.getByLabel('Payment Method').selectOption('cash');
    await shot(page, `multiple-pledge-single-payment-${theme}`);

    await page.goto(`${baseUrl}/#/pledge/multiple-payment-new`);
    await page.getByRole('heading', { name: 'Multiple Pledge Payment', exact: true, level: 1 }).waitFor();
    await pick(customers[1]!.customerName);
    await page
      .getByRole('checkbox', { name: /^Select / })
      .nth(2)
      .waitFor();
    await page.getByRole('button', { name: 'Select All' }).click();
    const first = page.getByRole('textbox', { name: /^Discount, / }).first();
    await first.fill('25');
    await page.getByLabel(/Approve Discount/).check();
    await shot(page, `multiple-pledge-payment-${theme}`);
    await page.getByRole('button', { name: /^Submit Payment - / }).click();
    await page.getByRole('dialog', { name: 'Payment Successfully Processed' }).waitFor();
    await shot(page, `multiple-pledge-payment-result-${theme}`, { fullPage: false });
    await page.close();
  }
} finally {
  await browser.close();
}
