/**
 * The pledge list, search and pawn ticket on the real server: a pledge made through the API is found by the header's
 * Search box, opens in the list's detail modal, and prints as a pawn ticket whose prints the server
 * counts (the second is a DUPLICATE). Both screens are checked with axe on real data, which the route
 * walk cannot do for the ticket (its fresh database holds no pledge). The masters and the pledge live
 * on a server and database of their own, so the shared server's suites see none of them.
 */
import { businessToday } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { startOwnServer } from './global-setup.ts';
import { pledgeApi, seedPledgeMasters } from './pledge-masters.ts';
import { atRest, useBrowser } from './support.ts';
import { describeViolations, type SignedIn, seedStorage, seriousViolations, signInByApi } from './walk.ts';

// axe-core is injected as an inline script, which the app's CSP refuses: bypassed here only.
const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
let server: { baseUrl: string; stop: () => Promise<void> } | undefined;
let session: SignedIn;
let pledge: { pledge_id: number; pledge_no: string; customer_acc_code: string };

beforeAll(async () => {
  server = await startOwnServer('pledges', adminCredentials.password);
  session = await signInByApi(server.baseUrl, adminCredentials);
  const today = businessToday();
  // Fixed names on this server's own database: the ticket shows them.
  const masters = await seedPledgeMasters(server.baseUrl, session, {
    jewelName: 'Gold 22K',
    ratePerGram: 6850,
    marketPrice: 7200,
    sellingPrice: 7350,
    rateEffectiveDate: today,
    schemeName: 'Gold Loan Regular',
    prefix: 'GL',
    slippagePercent: 0,
    designs: ['Thali Chain', 'Ring'],
    customer: {
      customer_name: 'முருகன்',
      guardian_name: 'சுப்பிரமணியன்',
      mobile_number: '9842012345',
      door_no: '12',
      street: 'South Masi Street',
      location: 'Town',
      district: 'Madurai',
      pincode: '625001',
    },
  });
  const [chain, ring] = masters.designs.map((d) => d.id) as [number, number];
  // 10 g at 6,850 is 68,500, of which 75 % may be lent; 48,900 less 1.5 % (733.50) and 100 is paid out.
  pledge = await pledgeApi(server.baseUrl, session).post('/pledges/with-items', {
    customer_id: masters.customerId,
    scheme_id: masters.schemeId,
    pledge_date: today,
    total_loan_amount: 48900,
    // Over the cash limit (₹20,000, warn): the clerk confirmed.
    cash_limit_confirmed: true,
    document_charges: 100,
    items: [
      { jewell_design_id: chain, gross_weight: 7, net_weight: 6.5, jewell_condition: 'Good' },
      { jewell_design_id: ring, gross_weight: 3.75, net_weight: 3.5, jewell_condition: 'Stone missing' },
    ],
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function openSignedIn(hash: string) {
  const page = browser.page();
  await seedStorage(page, session, 'light');
  // The print dialog would block a headless page: count the calls instead.
  await page.addInitScript(() => {
    (window as unknown as { prints: number }).prints = 0;
    window.print = () => {
      (window as unknown as { prints: number }).prints += 1;
    };
  });
  await page.goto(`${server!.baseUrl}/#${hash}`);
  return page;
}

describe('pledge list, detail and pawn ticket on the real server', () => {
  it('the header search opens the pledge; its modal leads to the ticket; the second print is a DUPLICATE', async () => {
    const page = await openSignedIn('/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();

    const search = page.getByRole('combobox', { name: 'Search pledges and customers' });
    await search.fill(pledge.pledge_no);
    await page.getByRole('option', { name: new RegExp(pledge.pledge_no) }).waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Pledge ${pledge.pledge_no}` });
    await dialog.getByText('South Masi Street', { exact: false }).waitFor();
    expect(page.url()).toMatch(new RegExp(`#/pledges\\?view=${pledge.pledge_id}$`));
    expect(await dialog.getByText('Rs. 48,900.00').count()).toBeGreaterThan(0);
    expect(await dialog.getByText('Rs. 48,066.50').count()).toBeGreaterThan(0);
    // The detail, taller than the window, opened with its title above the screen
    // (centred by align-items, so its top could not be scrolled to). It starts at its top.
    const heading = dialog.getByRole('heading', { name: `Pledge ${pledge.pledge_no}` });
    const top = await heading.evaluate((h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(await dialog.evaluate((d) => d.getBoundingClientRect().height)).toBeGreaterThan(900);
    await atRest(page);
    const found = describeViolations('detail modal', await seriousViolations(page, '[role="dialog"]'));

    await dialog.getByRole('link', { name: 'Full Print' }).click();
    const ticket = page.getByRole('article', { name: 'Pawn ticket' });
    await ticket.waitFor();
    // The sum lent in words (Form F), not the cash handed over (Rs. 48,066.50).
    await ticket.getByText('Rupees Forty Eight Thousand Nine Hundred Only').waitFor();
    await ticket.getByText('Stone missing', { exact: false }).waitFor();
    await atRest(page);
    // Print turns from disabled to enabled once the pawner and the company have come; its colours
    // change over a short transition, which axe must not measure half-way.
    const print = page.getByRole('button', { name: 'Print' });
    await page.waitForFunction(() => {
      const button = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent?.trim() === 'Print',
      );
      return button !== undefined && !button.disabled;
    });
    await atRest(page);
    found.push(...describeViolations('pawn ticket', await seriousViolations(page)));
    expect(await page.getByTestId('duplicate-mark').count()).toBe(0);

    await print.click();
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    expect(await page.getByTestId('duplicate-mark').count()).toBe(0);
    await print.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 2);
    await page.getByTestId('duplicate-mark').waitFor();

    // The server counted both, and a ticket opened afresh says DUPLICATE at once.
    await page.reload();
    await page.getByRole('article', { name: 'Pawn ticket' }).waitFor();
    await page.getByTestId('duplicate-mark').waitFor();
    await page.getByRole('link', { name: 'Content Only' }).click();
    await page.getByRole('article', { name: 'Pawn ticket, content only' }).waitFor();
    await atRest(page);
    found.push(...describeViolations('content-only ticket', await seriousViolations(page)));

    expect(found).toEqual([]);
    expect(browser.problems()).toEqual([]);
  });

  it("a customer chosen in the header search lists that customer's pledges", async () => {
    const page = await openSignedIn('/dashboard');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const search = page.getByRole('combobox', { name: 'Search pledges and customers' });
    await search.fill(pledge.customer_acc_code);
    await page.getByRole('option', { name: new RegExp(pledge.customer_acc_code) }).waitFor();
    await search.press('ArrowUp');
    await search.press('Enter');
    await page.getByRole('heading', { name: 'Pledge Management', level: 1 }).waitFor();
    expect(await page.getByLabel('Search pledges', { exact: true }).inputValue()).toBe(
      pledge.customer_acc_code,
    );
    await page.getByRole('row', { name: new RegExp(pledge.pledge_no) }).waitFor();
    await page.getByText('Showing 1–1 of 1').waitFor();
    expect(browser.problems()).toEqual([]);
  });
});
