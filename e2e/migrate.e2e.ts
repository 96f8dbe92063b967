/**
 * The legacy migration in the browser against the real server, whose legacy store global-setup filled from
 * apps/server/fixtures/legacy/legacy-customers.csv: the Migrate screen (Tamil and English search, the
 * Tamil font, migrate one, Migrate All, the customers then in the register) and the two diagnostics
 * screens (online against this server, Use This API storing the override the app then uses).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { closeToast, signIn, storageValue, useBrowser } from './support.ts';

const browser = useBrowser();

async function enter(page: Page): Promise<void> {
  await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
  await page.getByRole('button', { name: /Main Branch/ }).click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

const toast = closeToast;
async function search(page: Page, term: string): Promise<void> {
  const input = page.getByLabel('Search term');
  await input.fill(term);
  await input.press('Enter');
  await page
    .getByText(`Found `)
    .filter({ hasText: `matching "${term}"` })
    .waitFor();
}

const resultRows = (page: Page) =>
  page.getByRole('table', { name: 'Customers of the older system' }).locator('tbody tr');

/** GET /api/customers/?search= with the page's own session: the register as the server holds it. */
function registerSearch(page: Page, term: string): Promise<{ acc_code: string; customer_name: string }[]> {
  return page.evaluate(async (q) => {
    const company = JSON.parse(window.localStorage.getItem('selected_company') ?? '{}') as { id: number };
    const response = await fetch(`/api/customers/?search=${encodeURIComponent(q)}&limit=100`, {
      headers: {
        Authorization: `Bearer ${window.localStorage.getItem('access_token')}`,
        'X-Company-Id': String(company.id),
      },
    });
    return response.json();
  }, term);
}

describe('migration and diagnostics in the browser', () => {
  it('searches the older system in Tamil and English, in the Tamil font, and migrates one and all', async () => {
    const page = browser.page();
    await enter(page);
    await page.getByRole('link', { name: 'Migrate' }).click();
    await page.getByRole('heading', { name: 'Migrate', level: 1 }).waitFor();

    // The default search on load: a Tamil name of the sample file, converted from TSCII.
    await page.getByText('Found ').filter({ hasText: 'matching "முருகன்"' }).waitFor();
    expect(await page.getByText(/^Search Results for/).textContent()).toMatch(/"முருகன்"\s*\d+ customers/);
    const firstName = resultRows(page).first().locator('[lang="ta"]').first();
    expect(await firstName.textContent()).toMatch(/^முருகன்/);
    expect(await firstName.evaluate((el) => getComputedStyle(el).fontFamily)).toContain('Noto Sans Tamil');
    const tamilFontLoaded = await page.evaluate(async () => {
      await document.fonts.ready;
      let loaded = false;
      document.fonts.forEach((f) => {
        // The face of the Tamil block (U+0B80–U+0BFF), not only the Latin one.
        const tamil = /U\+0?B[89A-F]/i.test(f.unicodeRange);
        if (f.family.replace(/"/g, '') === 'Noto Sans Tamil' && tamil && f.status === 'loaded') loaded = true;
      });
      return loaded;
    });
    expect(tamilFontLoaded).toBe(true);

    // English, and one customer migrated on its own.
    await search(page, 'SELVI KANDASAMY');
    const selvi = resultRows(page).filter({ hasText: '1011' });
    await selvi.getByRole('button', { name: 'Migrate customer 1011' }).click();
    await toast(page, 'is now customer');
    const link = selvi.getByRole('link', { name: /^Customer C\d+/ });
    await link.waitFor();
    expect(await selvi.getByText('Migrated').count()).toBe(1);
    const code = (await link.textContent())!.replace('Customer ', '');
    const selviInRegister = await registerSearch(page, 'SELVI KANDASAMY');
    expect(selviInRegister.map((c) => c.acc_code)).toContain(code);

    // After a refresh the search answer itself says the row is migrated: no Migrate button again.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await toast(page, 'matching "SELVI KANDASAMY"');
    await selvi.getByText('Migrated').waitFor();
    expect(await selvi.getByRole('button', { name: /^Migrate customer/ }).count()).toBe(0);

    // Tamil, and Migrate All for the rows shown.
    const tamilName = 'முருகன் சண்முகம்';
    await search(page, tamilName);
    const count = await resultRows(page).count();
    expect(count).toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Migrate All' }).click();
    const dialog = page.getByRole('dialog', { name: 'Migrate All' });
    await dialog.getByRole('button', { name: `Migrate ${count}` }).click();
    await toast(page, `Migrated ${count} customers; 0 skipped.`);
    await page
      .getByRole('table', { name: 'Customers of the older system' })
      .getByText('Migrated')
      .nth(count - 1)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Migrate All' }).isDisabled()).toBe(true);
    const inRegister = await registerSearch(page, tamilName);
    expect(inRegister.filter((c) => c.customer_name === tamilName)).toHaveLength(count);

    // View shows the record converted and as stored.
    await page.getByRole('button', { name: 'View customer 1010' }).click();
    const view = page.getByRole('dialog', { name: 'Customer 1010 (older system)' });
    await view.getByText('ÓÕ¸ý ºñÓ¸õ').waitFor();
    await view.getByText('179, கிழக்கு ராஜ வீதி, வல்லம், தஞ்சாவூர் - 613005').waitFor();
    await view.getByRole('button', { name: 'Close', exact: true }).click();

    await page.getByRole('button', { name: 'Clear Results' }).click();
    await page.getByText('Enter a search term to find customers.').waitFor();
    expect(browser.problems()).toEqual([]);
  });

  it('shows the server online, and Use This API stores the address the app uses after a refresh', async () => {
    const page = browser.page();
    await enter(page);
    await page.getByRole('link', { name: 'Network Diagnostics' }).click();
    await page.getByTestId('backend-status').filter({ hasText: 'Online' }).waitFor();
    await page.getByText(/Pledge Desk API \d/).waitFor();
    await page.getByRole('button', { name: 'Test Authenticated Endpoint' }).click();
    await page.getByText(/Signed in as admin \(admin\)/).waitFor();

    await page.getByRole('link', { name: 'API Test' }).click();
    await page.getByRole('heading', { name: 'API Test', level: 1 }).waitFor();
    const site = `${browser.baseUrl}/api`;
    // The page is on 127.0.0.1:<port>; the suggestions are derived from it.
    const values = await page
      .getByRole('radio')
      .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(values).toContain(site);
    expect(values).toContain('http://127.0.0.1:8000/api');
    await page.getByRole('radio', { name: /This site/ }).check();
    await page.getByRole('button', { name: 'Test Connection' }).click();
    const entry = page.getByRole('table', { name: 'Connection test results' }).locator('tbody tr').first();
    await entry.filter({ hasText: 'OK · 200' }).waitFor();
    expect(await entry.textContent()).toContain(site);

    await page.getByRole('button', { name: 'Use This API' }).click();
    await toast(page, `Refresh the page to use ${site}.`);
    expect(await storageValue(page, 'api_base_url')).toBe(site);
    await page.reload();
    await page.getByRole('heading', { name: 'API Test', level: 1 }).waitFor();
    await page.getByText('Saved override').waitFor();
    await page.getByRole('link', { name: 'Network Diagnostics' }).click();
    await page.getByText('Set on this computer (API Test screen)').waitFor();
    await page.getByTestId('backend-status').filter({ hasText: 'Online' }).waitFor();

    await page.getByRole('link', { name: 'API Test' }).click();
    await page.getByRole('button', { name: 'Clear Override' }).click();
    expect(await storageValue(page, 'api_base_url')).toBeNull();
    expect(browser.problems()).toEqual([]);
  });
});
