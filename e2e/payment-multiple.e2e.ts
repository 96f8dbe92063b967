/**
 * Multiple pledge payment in the browser on the real server (PGlite): three pledges of one customer
 * paid on Multiple Pledge Payment with a discount that needs its approval, the result modal and its
 * receipt link; and one Multiple Pledge Single Payment shared out by Auto Allocate.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type RouteEntry, routeTable } from '../apps/web/src/app/route-table.ts';
import { adminCredentials } from './credentials.ts';
import {
  indianDay,
  type PledgeMasters,
  pledgeApi,
  seedPledgeMasters,
  sessionOfPage,
  uniqueSuffix,
} from './pledge-masters.ts';
import { signIn, useBrowser } from './support.ts';
import { describeViolations, seriousViolations } from './walk.ts';

interface Pending {
  total_outstanding: number;
  pledges: {
    pledge_id: number;
    pledge_no: string;
    remaining_interest: number;
    remaining_principal: number;
  }[];
}

const rupees = (amount: number) =>
  `Rs. ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount)}`;

describe('multiple pledge payment', () => {
  // bypassCSP only to inject axe-core, as the pledge form suite does.
  const browser = useBrowser(undefined, 'baseUrl', { bypassCSP: true });
  const axeProblems: string[] = [];
  const checkAxe = async (page: Page, where: string, within?: string) =>
    axeProblems.push(...describeViolations(where, await seriousViolations(page, within)));

  async function signInAsAdmin(page: Page) {
    await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }

  /** A customer of her own with `count` pledges made 70 days ago, so interest is due on each. */
  async function customerWithPledges(page: Page, count: number) {
    const session = await sessionOfPage(page);
    const suffix = uniqueSuffix();
    const masters: PledgeMasters = await seedPledgeMasters(browser.baseUrl, session, {
      rateEffectiveDate: indianDay(120),
      customer: { customer_name: `Valli ${suffix}` },
    });
    const api = pledgeApi(browser.baseUrl, session);
    const numbers: string[] = [];
    for (let i = 0; i < count; i++) {
      const saved = await api.post<{ pledge_no: string }>('/pledges/with-items', {
        customer_id: masters.customerId,
        scheme_id: masters.schemeId,
        pledge_date: indianDay(70 - i),
        total_loan_amount: 20000 + i * 5000,
        // Over the cash limit (₹20,000, warn): the clerk confirmed.
        cash_limit_confirmed: true,
        document_charges: 100,
        items: [{ jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10 }],
      });
      numbers.push(saved.pledge_no);
    }
    return { masters, api, numbers };
  }

  async function pickCustomer(page: Page, name: string) {
    await page.getByRole('combobox', { name: 'Search Customer' }).fill(name);
    await page.getByRole('option', { name: new RegExp(name) }).click();
  }

  it('pays three pledges on Multiple Pledge Payment with an approved discount, shows the result and opens the receipt', async () => {
    const page = browser.page();
    await signInAsAdmin(page);
    const { masters, api, numbers } = await customerWithPledges(page, 3);
    const pending = await api.get<Pending>(`/customers/${masters.customerId}/pending-pledges`);
    expect(pending.pledges.map((p) => p.pledge_no)).toEqual(numbers);

    await page.goto(`${browser.baseUrl}/#/pledge/multiple-payment-new`);
    await page.getByRole('heading', { level: 1, name: 'Multiple Pledge Payment', exact: true }).waitFor();
    await pickCustomer(page, masters.customerName);
    await page.getByTestId('customer-card').getByText(masters.customerCode).waitFor();
    for (const no of numbers) await page.getByTestId(`row-${no}`).waitFor();
    await page.getByTestId('customer-summary').getByText(rupees(pending.total_outstanding)).waitFor();

    await page.getByRole('button', { name: 'Select All' }).click();
    const [first] = numbers as [string];
    await page.getByLabel(`Discount, ${first}`).fill('25');
    await page.getByLabel(`Discount reason, ${first}`).fill('Prompt closure');
    await page.getByLabel('Discount Reason', { exact: true }).fill('Three pledges closed together');
    const net = pending.total_outstanding - 25;
    const submit = page.getByRole('button', { name: `Submit Payment - ${rupees(net)}` });
    await submit.click();
    await page.getByText('Please approve the discount').waitFor();
    await checkAxe(page, 'Multiple Pledge Payment with three pledges and a discount');

    await page.getByLabel(/Approve Discount/).check();
    const answered = page.waitForResponse(
      (r) => r.url().includes('/multiple-pledge-payment') && r.request().method() === 'POST',
    );
    await submit.click();
    const answer = await answered;
    expect(answer.status()).toBe(201);
    const result = (await answer.json()) as { receipt_id: number; receipt_no: string };

    const modal = page.getByRole('dialog', { name: 'Payment Successfully Processed' });
    await modal.waitFor();
    await page.getByText(`Payment successful! Receipt: ${result.receipt_no}`).waitFor();
    const facts = modal.getByTestId('result-facts');
    await facts.getByText(result.receipt_no).waitFor();
    await facts.getByText(rupees(pending.total_outstanding), { exact: true }).waitFor();
    await facts.getByText(rupees(net), { exact: true }).waitFor();
    expect(await modal.getByText('Completed').count()).toBe(3);
    expect(await modal.getByTestId('accounting-entries').locator('li').count()).toBeGreaterThan(1);
    await checkAxe(page, 'Multiple Pledge Payment result modal', '[role="dialog"]');

    // Every pledge is closed: the server has nothing pending for her any more.
    const after = await api.get<Pending>(`/customers/${masters.customerId}/pending-pledges`);
    expect(after.pledges).toEqual([]);

    const link = modal.getByRole('link', { name: 'Print Receipt' });
    expect(await link.getAttribute('href')).toBe(`#/pledge/receipt/${result.receipt_id}`);
    await link.click();
    if (Object.values(routeTable).some((r: RouteEntry) => r.path === 'pledge/receipt/:receiptId')) {
      // With the receipt page merged (web-history), the link opens the receipt itself.
      await page.waitForURL((url) => url.hash === `#/pledge/receipt/${result.receipt_id}`);
      await page.getByRole('heading', { name: 'Payment Receipt', level: 1 }).waitFor();
      await page.getByText(result.receipt_no).first().waitFor();
    }
    expect(axeProblems.splice(0)).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it('shares one amount over two pledges on Multiple Pledge Single Payment with Auto Allocate, interest first', async () => {
    const page = browser.page();
    await signInAsAdmin(page);
    const { masters, api, numbers } = await customerWithPledges(page, 2);
    const pending = await api.get<Pending>(`/customers/${masters.customerId}/pending-pledges`);
    const interest = pending.pledges.reduce((s, p) => s + p.remaining_interest, 0);
    expect(interest).toBeGreaterThan(0);
    const total = interest + 1000;

    await page.goto(`${browser.baseUrl}/#/pledge/multiple-payment`);
    await page.getByRole('heading', { level: 1, name: 'Multiple Pledge Single Payment' }).waitFor();
    await pickCustomer(page, masters.customerName);
    for (const no of numbers) await page.getByLabel(`Select ${no}`).check();
    await page.getByLabel('Total Payment Amount').fill(String(total));
    await page.getByRole('button', { name: 'Auto Allocate' }).click();
    await page.getByTestId('header-total').getByText(rupees(total)).waitFor();
    for (const no of numbers) {
      const typed = Number(await page.getByLabel(`Allocated Amount, ${no}`).inputValue());
      const p = pending.pledges.find((x) => x.pledge_no === no)!;
      expect(typed).toBeGreaterThan(p.remaining_interest);
    }

    await checkAxe(page, 'Multiple Pledge Single Payment after Auto Allocate');
    const process = page.getByRole('button', { name: 'Process Payment' });
    expect(await process.isDisabled()).toBe(true);
    await page.getByLabel('Payment Method').selectOption('cash');
    await process.click();
    await page.getByText(`Payment processed for 2 pledge(s) - Total: ${rupees(total)}`).waitFor();
    await page.getByRole('link', { name: 'Print Receipt' }).waitFor();
    await page.getByTestId('selected-count').getByText('0').waitFor();

    // The server took interest first: no interest left, 1,000 less principal over the two.
    const after = await api.get<Pending>(`/customers/${masters.customerId}/pending-pledges`);
    expect(after.pledges.every((p) => p.remaining_interest === 0)).toBe(true);
    const principalBefore = pending.pledges.reduce((s, p) => s + p.remaining_principal, 0);
    const principalAfter = after.pledges.reduce((s, p) => s + p.remaining_principal, 0);
    expect(Math.round((principalBefore - principalAfter) * 100)).toBe(100000);
    expect(axeProblems.splice(0)).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });
});
