/**
 * Payment History on the real server (PGlite): three payments taken through the API on one pledge
 * (interest, partial principal, full close, on three days) are found in the Payment History by date
 * and type, one is viewed and its receipt printed (the second print is a DUPLICATE), a payment that is
 * not the pledge's latest offers no Reverse, the latest is reversed and shows 'Reversed', and one
 * overtaken while its Reverse dialog is open is refused with the server's sentence. The list, the View modal, the receipt and the Reverse dialog are
 * checked with axe on real data.
 */
import { formatIndianDate } from '@pledge-desk/domain';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { textsUnderStamp } from './paper-checks.ts';
import { indianDay, pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { atRest, rowWith, useBrowser } from './support.ts';
import { describeViolations, type SignedIn, seedStorage, seriousViolations, signInByApi } from './walk.ts';

interface Saved {
  payment_id: number;
  receipt_id: number;
  receipt_no: string;
  amount: number;
}

describe('payment history', () => {
  // axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
  const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
  let session: SignedIn;
  let pledge: { pledge_id: number; pledge_no: string };
  let interest: Saved;
  let partial: Saved;
  let full: Saved;
  const days = {
    pledge: indianDay(60),
    interest: indianDay(10),
    partial: indianDay(5),
    full: indianDay(0),
  };

  beforeAll(async () => {
    session = await signInByApi(browser.baseUrl, adminCredentials);
    const masters = await seedPledgeMasters(browser.baseUrl, session, { rateEffectiveDate: indianDay(90) });
    const api = pledgeApi(browser.baseUrl, session);
    pledge = await api.post('/pledges/with-items', {
      customer_id: masters.customerId,
      scheme_id: masters.schemeId,
      pledge_date: days.pledge,
      total_loan_amount: 30000,
      // Over the cash limit (₹20,000, warn): the clerk confirmed.
      cash_limit_confirmed: true,
      document_charges: 100,
      items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
    });
    const balanceOn = (day: string) =>
      api.get<{ remaining_interest: number; total_outstanding: number }>(
        `/pledges/${pledge.pledge_id}/balance?as_of=${day}`,
      );
    const pay = (body: Record<string, unknown>) =>
      api.post<Saved>('/pledge-payments/', {
        pledge_id: pledge.pledge_id,
        payment_method: 'cash',
        // Over the cash limit (₹20,000, warn): the clerk confirmed.
        cash_limit_confirmed: true,
        ...body,
      });
    interest = await pay({
      payment_date: days.interest,
      payment_type: 'interest',
      amount: (await balanceOn(days.interest)).remaining_interest,
    });
    partial = await pay({
      payment_date: days.partial,
      payment_type: 'partial_principal',
      amount: 10000,
      payment_method: 'online',
      bank_reference: 'UTR-E2E-1',
      remarks: 'Part of the loan back',
    });
    full = await pay({
      payment_date: days.full,
      payment_type: 'full_payment',
      amount: (await balanceOn(days.full)).total_outstanding,
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

  it('finds the payments by date and type, views one and prints its receipt; the reprint is a DUPLICATE', async () => {
    const page = await openSignedIn('/pledge/payment-list');
    await page.getByRole('heading', { name: 'Payment History', level: 1 }).waitFor();
    await page.getByText(/^Showing /).waitFor();

    // The partial payment's day and type, on this pledge (the shared server holds other suites' payments).
    await page.getByLabel('From Date').fill(days.partial);
    await page.getByLabel('To Date').fill(days.partial);
    await page.getByLabel('Payment Type').selectOption({ label: 'Partial' });
    await page.getByLabel('Pledge ID').fill(pledge.pledge_no);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–1 of 1').waitFor();
    const row = rowWith(page, partial.receipt_no);
    await row.getByText('Partial').waitFor();
    expect(await row.getByText('Online Payment').count()).toBe(1);
    expect(await row.getByText('Rs. 10,000.00').count()).toBe(1);
    expect(await row.getByText(formatIndianDate(days.partial)).count()).toBe(1);

    // The whole pledge over the three days: newest first.
    await page.getByLabel('From Date').fill(days.interest);
    await page.getByLabel('To Date').fill(days.full);
    await page.getByLabel('Payment Type').selectOption({ label: 'All Types' });
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Showing 1–3 of 3').waitFor();
    const receipts = await page.locator('tbody tr td:first-child > span:first-child').allTextContents();
    expect(receipts).toEqual([full.receipt_no, partial.receipt_no, interest.receipt_no]);
    // The address holds the search: a reload brings the same list back.
    await page.reload();
    await page.getByText('Showing 1–3 of 3').waitFor();
    expect(await page.getByLabel('Pledge ID').inputValue()).toBe(pledge.pledge_no);
    await atRest(page);
    const found = describeViolations('payment history', await seriousViolations(page));

    await page
      .getByRole('button', { name: `View payment ${partial.receipt_no} of ${pledge.pledge_no}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Payment ${partial.receipt_no}` });
    await dialog.getByText('UTR-E2E-1').waitFor();
    await dialog.getByText('Part of the loan back').waitFor();
    await dialog.getByText('admin', { exact: true }).waitFor();
    expect(await dialog.getByText('Rs. 10,000.00').count()).toBeGreaterThan(0);
    await atRest(page);
    found.push(...describeViolations('View modal', await seriousViolations(page, '[role="dialog"]')));

    await dialog.getByRole('link', { name: 'Print Receipt' }).click();
    const receipt = page.getByRole('article', { name: 'Payment receipt' });
    await receipt.getByText(partial.receipt_no).waitFor();
    await receipt.getByText('Rupees Ten Thousand Only').waitFor();
    expect(page.url()).toContain(`#/pledge/receipt/${partial.receipt_id}`);
    await page.waitForFunction(() => {
      const button = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent?.trim() === 'Print',
      );
      return button !== undefined && !button.disabled;
    });
    await atRest(page);
    found.push(...describeViolations('receipt', await seriousViolations(page)));
    expect(await page.getByTestId('duplicate-mark').count()).toBe(0);

    await page.getByRole('button', { name: 'Print' }).click();
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    expect(await page.getByTestId('duplicate-mark').count()).toBe(0);
    await page.getByRole('button', { name: 'Print' }).click();
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 2);
    await page.getByTestId('duplicate-mark').waitFor();
    // The reprint's stamp lies over no text of the receipt, its title least of all.
    await page.emulateMedia({ media: 'print' });
    expect(await textsUnderStamp(page, 'article.payment-receipt')).toEqual([]);
    await page.emulateMedia({ media: 'screen' });

    // Content Only keeps the values and hides the labels; it is a reprint too.
    await page.getByRole('link', { name: 'Content Only' }).click();
    await page
      .getByRole('article', { name: 'Payment receipt, content only' })
      .getByText(partial.receipt_no)
      .waitFor();
    await page.getByTestId('duplicate-mark').waitFor();
    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it('offers Reverse on the latest payment only, reverses it, and shows the refusal of one overtaken meanwhile', async () => {
    const page = await openSignedIn(`/pledge/payment-list?pledge=${encodeURIComponent(pledge.pledge_no)}`);
    await page.getByText('Showing 1–3 of 3').waitFor();

    // The interest and partial payments came before the full close on this pledge,
    // so the server says they cannot be reversed and no Reverse is offered on them.
    await rowWith(page, full.receipt_no)
      .getByRole('button', { name: /^Reverse/ })
      .waitFor();
    for (const earlier of [interest, partial]) {
      expect(
        await rowWith(page, earlier.receipt_no)
          .getByRole('button', { name: /^Reverse/ })
          .count(),
      ).toBe(0);
    }

    await page
      .getByRole('button', { name: `Reverse payment ${full.receipt_no} of ${pledge.pledge_no}` })
      .click();
    let dialog = page.getByRole('dialog', { name: 'Reverse Payment' });
    await dialog.getByLabel('Reason for reversal').fill('Customer paid by mistake; pledge stays open');
    await atRest(page);
    const found = describeViolations('Reverse dialog', await seriousViolations(page, '[role="dialog"]'));
    await dialog.getByRole('button', { name: 'Reverse Payment' }).click();
    await dialog.getByRole('button', { name: 'Yes, Reverse' }).click();
    await page.getByText(`Receipt ${full.receipt_no} was reversed`).waitFor();
    const row = rowWith(page, full.receipt_no);
    await row.getByText('Reversed').waitFor();
    expect(await row.getByRole('button', { name: /^Reverse/ }).count()).toBe(0);

    // The View modal says who reversed it and why; the receipt is marked REVERSED.
    await row.getByRole('button', { name: /^View payment/ }).click();
    const view = page.getByRole('dialog', { name: `Payment ${full.receipt_no}` });
    await view
      .getByRole('region', { name: 'Reversal' })
      .getByText('Customer paid by mistake; pledge stays open')
      .waitFor();
    await view.getByRole('link', { name: 'Print Receipt' }).click();
    await page.getByTestId('reversed-mark').waitFor();

    // The pledge is open again: its balance is what the full close had paid.
    const balance = await pledgeApi(browser.baseUrl, session).get<{
      is_payable: boolean;
      total_outstanding: number;
    }>(`/pledges/${pledge.pledge_id}/balance`);
    expect(balance.is_payable).toBe(true);
    expect(balance.total_outstanding).toBe(full.amount);

    // The partial payment is the latest now and offers Reverse; another counter closes the pledge
    // while the dialog is open, and the dialog shows the server's sentence naming that receipt.
    const list = await openSignedIn(`/pledge/payment-list?pledge=${encodeURIComponent(pledge.pledge_no)}`);
    await rowWith(list, partial.receipt_no)
      .getByRole('button', { name: /^Reverse/ })
      .click();
    dialog = list.getByRole('dialog', { name: 'Reverse Payment' });
    await dialog.getByRole('button', { name: 'Reverse Payment' }).click();
    await dialog.getByText('Please give the reason for the reversal').waitFor();
    await dialog.getByLabel('Reason for reversal').fill('Entered twice');
    await dialog.getByRole('button', { name: 'Reverse Payment' }).click();
    const closedAgain = await pledgeApi(browser.baseUrl, session).post<Saved>('/pledge-payments/', {
      pledge_id: pledge.pledge_id,
      payment_method: 'cash',
      cash_limit_confirmed: true,
      payment_date: days.full,
      payment_type: 'full_payment',
      amount: balance.total_outstanding,
    });
    await dialog.getByRole('button', { name: 'Yes, Reverse' }).click();
    await dialog
      .getByRole('alert')
      .getByText(`Only the latest payment of a pledge can be reversed: receipt ${closedAgain.receipt_no}`, {
        exact: false,
      })
      .waitFor();
    await dialog.getByRole('button', { name: 'Back' }).waitFor();
    expect(found).toEqual([]);
    expect(browser.problems().filter((p) => !p.includes('409'))).toEqual([]);
  });
});
