/**
 * The operational reports on the real server (PGlite): a pledge made 400 days ago (12-month scheme, so
 * overdue) with an interest payment today shows in the Overdue List, the Daily Collection of today and
 * the Loans Paid Out of its day; each register's CSV is downloaded and read, and the print view loads
 * the whole range and prints. The pages are checked with axe on real data.
 */
import { readFile } from 'node:fs/promises';
import { formatIndianDate } from '@pledge-desk/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { atRest, useBrowser } from './support.ts';
import { describeViolations, type SignedIn, seedStorage, seriousViolations, signInByApi } from './walk.ts';

describe('operational registers', () => {
  // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
  let session: SignedIn;
  let pledge: { pledge_id: number; pledge_no: string };
  let receipt: { receipt_no: string };
  const pledgeDay = indianDay(400);
  const today = indianDay(0);

  beforeAll(async () => {
    session = await signInByApi(browser.baseUrl, adminCredentials);
    const masters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(420),
    });
    const api = pledgeApi(browser.baseUrl, session);
    pledge = await api.post('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: pledgeDay,
      total_loan_amount: 15000,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
    });
    const balance = await api.get<{ remaining_interest: number }>(
      `/pledges/${pledge.pledge_id}/balance?as_of=${today}`,
    );
    receipt = await api.post('/pledge-payments/', {
      pledge_id: pledge.pledge_id,
      payment_date: today,
      payment_type: 'interest',
      amount: balance.remaining_interest,
      payment_method: 'cash',
    });
  }, 120_000);

  async function openSignedIn(hash: string): Promise<Page> {
    const page = browser.page();
    await seedStorage(page, session, 'light');
    // The print dialog would block a headless page: count the calls instead.
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await page.goto(`${browser.baseUrl}/#${hash}`);
    return page;
  }

  async function downloadCsv(page: Page): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const path = await download.path();
    return { name: download.suggestedFilename(), text: await readFile(path!, 'utf8') };
  }

  it('lists the overdue pledge, downloads the list as CSV and prints the whole list', async () => {
    const page = await openSignedIn(`/registers/overdue?as_of=${today}`);
    await page.getByRole('heading', { name: 'Overdue List', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Overdue pledges' });
    await table.getByText(pledge.pledge_no, { exact: true }).waitFor();
    expect(await table.getByRole('columnheader', { name: /Days Overdue\s*தாமத நாட்கள்/ }).count()).toBe(1);
    await atRest(page);
    const found = describeViolations('overdue list', await seriousViolations(page));

    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`overdue-${today}.csv`);
    // Each heading in English with the Tamil under it, as on the screen.
    expect(csv.text.startsWith('\uFEFF"Pledge No.\nஅடகு எண்","Pledge Date\nஅடகு தேதி","Customer\n')).toBe(
      true,
    );
    expect(csv.text).toContain(`${pledge.pledge_no},${formatIndianDate(pledgeDay)},`);

    await page.getByRole('link', { name: 'Print' }).click();
    await page.getByRole('link', { name: 'Back to Overdue List' }).waitFor();
    await page
      .getByRole('table', { name: 'Overdue pledges' })
      .getByText(pledge.pledge_no, { exact: true })
      .waitFor();
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { prints: number }).prints)).toBe(1);
    // The pointer left on Print would leave it in its hover colour, mid-transition when axe reads it.
    await page.mouse.move(0, 0);
    await atRest(page);
    found.push(...describeViolations('overdue print view', await seriousViolations(page)));
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it('shows today’s receipt in the Daily Collection and the loan in the Loans Paid Out of its day', async () => {
    const page = await openSignedIn(`/registers/collections?from=${today}&to=${today}`);
    await page.getByRole('heading', { name: 'Daily Collection', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'By payment type' }).waitFor();
    const csv = await downloadCsv(page);
    expect(csv.name).toBe(`collections-${today}-${today}.csv`);
    expect(csv.text).toContain(`${formatIndianDate(today)},${receipt.receipt_no},`);
    await atRest(page);
    const found = describeViolations('daily collection', await seriousViolations(page));

    const paidOut = await openSignedIn(`/registers/disbursements?from=${pledgeDay}&to=${pledgeDay}`);
    await paidOut.getByRole('heading', { name: 'Loans Paid Out', level: 1 }).waitFor();
    await paidOut
      .getByRole('table', { name: 'Loans paid out' })
      .getByText(pledge.pledge_no, { exact: true })
      .waitFor();
    const paidCsv = await downloadCsv(paidOut);
    expect(paidCsv.text).toContain(`${formatIndianDate(pledgeDay)},${pledge.pledge_no},`);
    await paidOut.getByRole('link', { name: 'Print' }).click();
    await paidOut.getByRole('table', { name: 'By scheme' }).waitFor();
    await atRest(paidOut);
    found.push(...describeViolations('loans paid out print view', await seriousViolations(paidOut)));
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });
});
