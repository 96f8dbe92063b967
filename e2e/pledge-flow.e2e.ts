/**
 * The whole pledge flow in Chromium, on the shared server (PGlite; the
 * server suites run its API on both databases): the admin signs in through the screens; the masters are made through the
 * API; a two-item pledge is typed from the keyboard and saved; the list's search finds it by the
 * customer's name; its detail modal shows it; both ticket kinds are opened, printed (the server counts
 * the prints, so the second says DUPLICATE) and saved as print-media screenshots in e2e/artifacts/;
 * then an item's net weight is edited, the totals follow live, and the stored pledge has the new totals.
 *
 * The figures: a rate of 6,000 a gram; 10.5 g and 8.25 g net make 18.75 g, valued 1,12,500, of which
 * 75 % (84,375) may be lent; the loan is 48,000, less 1.5 % (720) and 100 of document charges paid out:
 * 47,180. The edit takes the second item to 8 g net: 18.5 g, valued 1,11,000, eligible 83,250.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import {
  type PledgeMasters,
  pledgeApi,
  seedPledgeMasters,
  sessionOfPage,
  uniqueSuffix,
} from './pledge-masters.ts';
import { signIn, useBrowser } from './support.ts';

const artifactsDir = join(import.meta.dirname, 'artifacts');

interface StoredPledge {
  pledge_no: string;
  total_loan_amount: number;
  final_amount: number;
  total_valuation: number;
  eligible_loan: number;
  net_weight: number;
  item_count: number;
  ticket_prints: number;
  items: { design_name: string; gross_weight: number; net_weight: number; jewell_condition: string | null }[];
}

describe('pledge flow', () => {
  const browser = useBrowser({ width: 1280, height: 900 });

  /** Signs in through the screens with window.print counted instead of opening the print dialog. */
  async function signInAsAdmin(page: Page) {
    await page.addInitScript(() => {
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
    await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  }

  /** Types a design's whole name into the row's design search and picks it with the arrow and Enter. */
  async function pickDesign(page: Page, row: number, name: string) {
    const combobox = page.getByRole('combobox', { name: `Design, row ${row}` });
    await combobox.pressSequentially(name);
    const option = page.getByRole('listbox').getByRole('option', { name, exact: true });
    await option.waitFor();
    // An answer that comes after the arrow clears the highlight: press again until it holds.
    await expect
      .poll(async () => {
        if ((await option.getAttribute('aria-selected')) !== 'true') await combobox.press('ArrowDown');
        return option.getAttribute('aria-selected');
      })
      .toBe('true');
    await combobox.press('Enter');
    await page.getByRole('listbox').waitFor({ state: 'detached' });
  }

  /** Whether the field of this name (a design search is a combobox, the rest text boxes) has the focus. */
  async function focused(page: Page, name: string): Promise<boolean> {
    const role = name.startsWith('Design') ? 'combobox' : 'textbox';
    return page.getByRole(role, { name, exact: true }).evaluate((el) => el === document.activeElement);
  }

  /**
   * Waits until the list has shown its first page. A search typed before then makes the app drop the
   * unsearched request, which Chromium reports as a failed request (a problem for this suite).
   */
  async function listShown(page: Page) {
    await page
      .getByRole('navigation', { name: 'Pledge pages' })
      .getByText(/^Showing /)
      .waitFor();
  }

  async function shootInPrint(page: Page, name: string) {
    await page.emulateMedia({ media: 'print' });
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, name), fullPage: true });
  }

  it('creates a two-item pledge by keyboard, finds, views, prints and edits it', async () => {
    const page = browser.page();
    await signInAsAdmin(page);
    const session = await sessionOfPage(page);
    const suffix = uniqueSuffix();
    const masters: PledgeMasters = await seedPledgeMasters(browser.baseUrl, session, {
      designs: [`Ring ${suffix}`, `Chain ${suffix}`],
    });
    const api = pledgeApi(browser.baseUrl, session);
    const [ring, chain] = masters.designs.map((d) => d.name) as [string, string];

    // Create, from the keyboard.
    await page.goto(`${browser.baseUrl}/#/pledge/create`);
    await page.getByRole('heading', { level: 1, name: 'Create Pledge', exact: true }).waitFor();
    const code = page.getByLabel('Customer ID');
    await code.fill(masters.customerCode);
    await code.press('Tab');
    await page.getByTestId('customer-card').getByText(masters.customerName).waitFor();
    const scheme = page.getByLabel('Scheme', { exact: true });
    const value = await scheme.locator('option', { hasText: masters.schemeName }).getAttribute('value');
    await scheme.selectOption(value ?? '');
    const add = page.getByRole('button', { name: 'Add Item' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    await add.press('Enter');
    await expect.poll(() => focused(page, 'Design, row 1')).toBe(true);
    await pickDesign(page, 1, ring);
    await page.keyboard.press('Enter');
    expect(await focused(page, 'Condition, row 1')).toBe(true);
    await page.keyboard.type('Good');
    await page.keyboard.press('Enter');
    await page.keyboard.type('10.5'); // copied to Net
    await page.keyboard.press('Enter');
    expect(await focused(page, 'Net weight in grams, row 1')).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Hallmarked');
    await page.keyboard.press('Enter'); // the last field of the last row: row 2, its design focused
    await expect.poll(() => focused(page, 'Design, row 2')).toBe(true);
    await pickDesign(page, 2, chain);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Clasp loose');
    await page.keyboard.press('Enter');
    await page.keyboard.type('8.5');
    await page.keyboard.press('Enter');
    expect(await page.getByLabel('Net weight in grams, row 2').inputValue()).toBe('8.5');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('8.25');
    await expect.poll(() => page.getByTestId('summary-valuation').textContent()).toBe('Rs. 1,12,500.00');
    expect(await page.getByTestId('summary-eligible').textContent()).toBe('Rs. 84,375.00');
    expect(await page.getByTestId('summary-items').textContent()).toBe('2');
    await page.getByLabel('Final Loan Amount').focus();
    await page.keyboard.type('48000');
    await expect.poll(() => page.getByTestId('summary-final').textContent()).toBe('Rs. 47,180.00');

    await page.getByRole('button', { name: 'Save Pledge' }).click();
    await page.getByText('Pledge created with 2 items').waitFor();
    const created = page.getByRole('dialog', { name: 'Pledge Created' });
    const pledgeNo = (await created.getByTestId('saved-pledge-no').textContent()) ?? '';
    expect(pledgeNo).toMatch(new RegExp(`^${masters.prefix}\\d+$`));
    await created.getByRole('button', { name: 'Close', exact: true }).click();
    await created.waitFor({ state: 'detached' });

    // The list: the customer's name in the search box finds the pledge.
    await page.goto(`${browser.baseUrl}/#/pledges`);
    await page.getByRole('heading', { name: 'Pledge Management', level: 1 }).waitFor();
    await listShown(page);
    const search = page.getByLabel('Search pledges', { exact: true });
    await search.fill(masters.customerName);
    await search.press('Enter');
    const row = page.getByRole('row').filter({ hasText: pledgeNo });
    await row.waitFor();
    await page.getByText('Showing 1–1 of 1').waitFor();
    expect(await row.textContent()).toContain(masters.customerName);

    // View: the detail modal.
    await page.getByRole('button', { name: `View pledge ${pledgeNo}` }).click();
    const detail = page.getByRole('dialog', { name: `Pledge ${pledgeNo}` });
    await detail.getByText('East Masi Street', { exact: false }).waitFor();
    await detail.getByText('Sundaram', { exact: true }).waitFor(); // the guardian, from the customer's own call
    expect(await detail.getByText('Rs. 48,000.00').count()).toBeGreaterThan(0);
    expect(await detail.getByText('Rs. 47,180.00').count()).toBeGreaterThan(0);
    expect(await detail.getByText('Rs. 1,12,500.00').count()).toBeGreaterThan(0);
    await detail.getByText('Items (2)').waitFor();
    expect(await detail.getByRole('row').filter({ hasText: ring }).textContent()).toContain('10.5');
    expect(await detail.getByRole('row').filter({ hasText: chain }).textContent()).toContain('8.25');
    const pledgeId = Number(new URL(page.url()).hash.match(/view=(\d+)/)?.[1]);
    expect(pledgeId).toBeGreaterThan(0);

    // The Full Print ticket: printed once, not a duplicate; on print media it shows the number and words.
    await detail.getByRole('link', { name: 'Full Print' }).click();
    const full = page.getByRole('article', { name: 'Pawn ticket' });
    await full.waitFor();
    expect(page.url()).toContain(`#/pledge/print/${pledgeId}?kind=full`);
    const print = page.getByRole('button', { name: 'Print' });
    await expect.poll(() => print.isEnabled()).toBe(true);
    await print.click();
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 1);
    expect(await page.getByTestId('duplicate-mark').count()).toBe(0);
    await shootInPrint(page, `pledge-flow-full.png`);
    expect(await full.getByText(pledgeNo, { exact: true }).isVisible()).toBe(true);
    const words = full.getByTestId('amount-in-words');
    expect(await words.textContent()).toBe('Rupees Forty Eight Thousand Only');
    expect(await words.isVisible()).toBe(true);
    expect(await print.isVisible()).toBe(false); // the toolbar does not print
    // Nor do the toasts: the save's 'Pledge created' card would land on the ticket printed at once.
    expect(
      // (by its label, not its role: a region hidden from print is not in the accessibility tree)
      await page
        .locator('section[aria-label="Notifications"]')
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe('none');
    await page.emulateMedia({ media: 'screen' });

    // The Content Only ticket, printed second: the server answers that it is a DUPLICATE.
    await page
      .getByRole('navigation', { name: 'Ticket kind' })
      .getByRole('link', { name: 'Content Only' })
      .click();
    const content = page.getByRole('article', { name: 'Pawn ticket, content only' });
    await content.waitFor();
    expect(page.url()).toContain(`#/pledge/print/${pledgeId}?kind=content`);
    await expect.poll(() => print.isEnabled()).toBe(true);
    await print.click();
    await page.waitForFunction(() => (window as unknown as { prints: number }).prints === 2);
    await content.getByTestId('duplicate-mark').waitFor();
    await shootInPrint(page, `pledge-flow-content.png`);
    expect(await content.getByTestId('duplicate-mark').textContent()).toContain('DUPLICATE');
    expect(await content.getByTestId('duplicate-mark').isVisible()).toBe(true);
    expect(await content.getByText(pledgeNo, { exact: true }).isVisible()).toBe(true);
    expect(await content.getByTestId('amount-in-words').textContent()).toBe(
      'Rupees Forty Eight Thousand Only',
    );
    expect(await content.getByTestId('amount-in-words').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    expect((await api.get<StoredPledge>(`/pledges/${pledgeId}`)).ticket_prints).toBe(2);

    // Edit from the list: the second item's net weight down to 8 g; the totals follow as it is typed.
    await page.goto(`${browser.baseUrl}/#/pledges?search=${encodeURIComponent(masters.customerName)}`);
    await page.getByRole('button', { name: `Edit pledge ${pledgeNo}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Pledge', exact: true }).waitFor();
    await page.getByRole('heading', { level: 2, name: `Edit Pledge ${pledgeNo}` }).waitFor();
    const net2 = page.getByLabel('Net weight in grams, row 2');
    await expect.poll(() => net2.inputValue()).toMatch(/^8\.250?$/);
    await expect.poll(() => page.getByTestId('summary-valuation').textContent()).toBe('Rs. 1,12,500.00');
    expect(await page.getByTestId('summary-eligible').textContent()).toBe('Rs. 84,375.00');
    await net2.fill('8');
    await expect.poll(() => page.getByTestId('summary-valuation').textContent()).toBe('Rs. 1,11,000.00');
    expect(await page.getByTestId('summary-eligible').textContent()).toBe('Rs. 83,250.00');
    expect(await page.getByTestId('summary-net').textContent()).toMatch(/^18\.50*\s?g$/);
    await page.getByRole('button', { name: 'Update Pledge' }).click();
    await page.getByText('Pledge updated with 2 items').waitFor();
    await page.waitForURL(/#\/pledges$/);
    await listShown(page);

    // The list's detail and the API both have the new totals.
    await search.fill(masters.customerName);
    await search.press('Enter');
    await page.getByRole('button', { name: `View pledge ${pledgeNo}` }).click();
    const after = page.getByRole('dialog', { name: `Pledge ${pledgeNo}` });
    await after.getByText('Rs. 1,11,000.00').waitFor();
    expect(await after.getByText('Rs. 83,250.00').count()).toBeGreaterThan(0);
    expect(await after.getByText('Rs. 1,12,500.00').count()).toBe(0);
    expect(await after.getByRole('row').filter({ hasText: chain }).textContent()).toMatch(/8(\.0+)? g/);
    const stored = await api.get<StoredPledge>(`/pledges/${pledgeId}`);
    expect(stored).toMatchObject({
      pledge_no: pledgeNo,
      total_loan_amount: 48000,
      final_amount: 47180,
      total_valuation: 111000,
      eligible_loan: 83250,
      net_weight: 18.5,
      item_count: 2,
      ticket_prints: 2,
    });
    expect(stored.items.map((i) => [i.design_name, i.net_weight, i.jewell_condition])).toEqual([
      [ring, 10.5, 'Good'],
      [chain, 8, 'Clasp loose'],
    ]);
    expect(browser.problems()).toEqual([]);
  });
});
