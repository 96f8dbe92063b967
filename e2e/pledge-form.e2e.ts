/**
 * The create and edit pledge screens in Chromium against the real server: a pledge
 * typed from the keyboard (Enter walks the item row and adds the next), saved, read back from the API,
 * then edited (status, an item removed). Both screens are checked with axe in both themes with a real
 * pledge on them, which the route walk (a11y.e2e.ts) cannot do on its empty database.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import {
  indianDay,
  type PledgeApi,
  type PledgeMasters,
  pledgeApi,
  seedPledgeMasters,
} from './pledge-masters.ts';
import { atRest, useBrowser } from './support.ts';
import {
  describeViolations,
  type SignedIn,
  seedStorage,
  seriousViolations,
  signInByApi,
  type Theme,
} from './walk.ts';

/** A 2×2 PNG: enough for the server's content check. */
const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4UaEBRAwQCgAp7gWhjAnOiAAAAABJRU5ErkJggg==',
  'base64',
);

const browser = useBrowser({ width: 1280, height: 900 }, 'baseUrl', { bypassCSP: true });
let session: SignedIn;
let masters: PledgeMasters;
let api: PledgeApi;

beforeAll(async () => {
  session = await signInByApi(browser.baseUrl, adminCredentials);
  api = pledgeApi(browser.baseUrl, session);
  // The defaults: a rate of 6,000 a gram from three days ago, 2 % slippage, a prefix and names unique to the run.
  masters = await seedPledgeMasters(browser.baseUrl, session);
});

async function open(path: string, theme: Theme, heading: string): Promise<Page> {
  const page = browser.page();
  await seedStorage(page, session, theme);
  await page.goto(`${browser.baseUrl}/#${path}`);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  return page;
}

// Toasts and dialogs fade in: axe would measure a half-drawn text, so it waits for the page at rest.
async function axeClean(page: Page, where: string) {
  await atRest(page);
  expect(describeViolations(where, await seriousViolations(page))).toEqual([]);
}

async function pickDesign(page: Page, row: number) {
  const design = masters.designs[0]!.name;
  await page.getByRole('combobox', { name: `Design, row ${row}` }).pressSequentially(design.slice(0, 6));
  await page.getByRole('listbox').getByRole('option', { name: design, exact: true }).click();
}

/** A pledge of its own for one test, made through the API: 10.5 g and 8.25 g net, loan 48,000. */
async function pledgeThroughApi(): Promise<number> {
  const saved = await api.post<{ pledge_id: number }>('/pledges/with-items', {
    customer_id: masters.customerId,
    scheme_id: masters.schemeId,
    pledge_date: indianDay(),
    total_loan_amount: 48000,
    // Over the cash limit (₹20,000, warn): the clerk confirmed.
    cash_limit_confirmed: true,
    document_charges: 100,
    items: [
      { jewell_design_id: masters.designs[0]!.id, gross_weight: 10.5, net_weight: 10.5 },
      { jewell_design_id: masters.designs[0]!.id, gross_weight: 8.5, net_weight: 8.25 },
    ],
  });
  return saved.pledge_id;
}

describe('create and edit pledge', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`creates a pledge from the keyboard and shows its number (${theme})`, async () => {
      const page = await open('/pledge/create', theme, 'Create Pledge');
      await axeClean(page, `/pledge/create empty (${theme})`);
      await page.getByLabel('Customer ID').fill(masters.customerCode);
      await page.getByLabel('Customer ID').press('Tab');
      await page.getByTestId('customer-card').getByText(masters.customerName).waitFor();
      const scheme = page.getByLabel('Scheme', { exact: true });
      const value = await scheme.locator('option', { hasText: masters.schemeName }).getAttribute('value');
      await scheme.selectOption(value ?? '');
      const add = page.getByRole('button', { name: 'Add Item' });
      await expect.poll(() => add.isEnabled()).toBe(true);
      await add.click();
      await pickDesign(page, 1);
      await page.keyboard.press('Enter'); // to Condition
      await page.keyboard.type('Good');
      await page.keyboard.press('Enter'); // to Gross
      await page.keyboard.type('10.5'); // copied to Net
      await page.keyboard.press('Enter'); // to Net
      await page.keyboard.press('Enter'); // to Remarks
      await page.keyboard.press('Enter'); // last field of the last row: a new row, its design focused
      await expect
        .poll(() =>
          page
            .getByRole('combobox', { name: 'Design, row 2' })
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      await pickDesign(page, 2);
      await page.getByLabel('Gross weight in grams, row 2').fill('8.5');
      await page.getByLabel('Net weight in grams, row 2').fill('8.25');
      await page
        .getByLabel('Photo, row 1')
        .setInputFiles({ name: 'ring.png', mimeType: 'image/png', buffer: pngBytes });
      await page.getByLabel('Final Loan Amount').fill('48000');
      await expect.poll(() => page.getByTestId('summary-final').textContent()).toBe('Rs. 47,180.00');
      expect(await page.getByTestId('summary-eligible').textContent()).toBe('Rs. 84,375.00');
      expect(await page.getByLabel('First Month Interest').inputValue()).toBe('Rs. 720.00');
      await axeClean(page, `/pledge/create filled (${theme})`);

      const answer = page.waitForResponse(
        (r) => r.url().endsWith('/api/pledges/with-items') && r.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Save Pledge' }).click();
      const saved = (await (await answer).json()) as { pledge_id: number };
      await page.getByText('Pledge created with 2 items').waitFor();
      const dialog = page.getByRole('dialog', { name: 'Pledge Created' });
      const number = (await dialog.getByTestId('saved-pledge-no').textContent()) ?? '';
      expect(number).toMatch(new RegExp(`^${masters.prefix}\\d+$`));
      expect(await dialog.getByRole('button', { name: 'Full Print' }).isVisible()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Content Only' }).isVisible()).toBe(true);
      await axeClean(page, `/pledge/create saved dialog (${theme})`);
      // The form is empty again.
      expect(await page.getByLabel('Customer ID').inputValue()).toBe('');

      // The photo goes up after the save answered, to the first item.
      await expect
        .poll(
          async () =>
            (await api.get<{ items: { image: string | null }[] }>(`/pledges/${saved.pledge_id}`)).items[0]
              ?.image ?? null,
        )
        .not.toBeNull();
      const stored = await api.get<{
        pledge_no: string;
        total_loan_amount: number;
        final_amount: number;
        item_count: number;
      }>(`/pledges/${saved.pledge_id}`);
      expect(stored).toMatchObject({
        pledge_no: number,
        total_loan_amount: 48000,
        final_amount: 47180,
        item_count: 2,
      });
      expect(browser.problems()).toEqual([]);
    });
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`edits the pledge: status and an item removed, back to /pledges (${theme})`, async () => {
      const pledgeId = await pledgeThroughApi();
      const page = await open(`/pledge/edit/${pledgeId}`, theme, 'Edit Pledge');
      await page.getByTestId('edit-pledge-no').waitFor();
      await page.getByLabel('Gross weight in grams, row 2').waitFor();
      await axeClean(page, `/pledge/edit (${theme})`);
      if (theme === 'light') {
        await page.getByLabel('Status').selectOption('inactive');
        await page.getByRole('button', { name: 'Remove item 2' }).click();
        // One item left: 63,000 of valuation lends at most 47,250, so the 48,000 loan must come down.
        await page.getByText('Loan amount cannot exceed the eligible loan of Rs. 47,250.00').waitFor();
        await page.getByRole('button', { name: 'Use the eligible loan (Rs. 47,250.00)' }).click();
        await page.getByRole('button', { name: 'Update Pledge' }).click();
        await page.getByText('Pledge updated with 1 item').waitFor();
        await page.waitForURL(/#\/pledges$/);
        const stored = await api.get<{ status: string; item_count: number; total_loan_amount: number }>(
          `/pledges/${pledgeId}`,
        );
        expect(stored).toMatchObject({ status: 'inactive', item_count: 1, total_loan_amount: 47250 });
      }
      expect(browser.problems()).toEqual([]);
    });
  }
});
