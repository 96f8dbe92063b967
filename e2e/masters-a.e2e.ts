/**
 * The masters, first part, in the browser against the real server: company details, users,
 * rate management and the rates dashboard, jewel types, jewel rates and schemes. The database is shared
 * with the other e2e files, so every record made here has a unique name.
 */
import { addDays, businessToday, formatIndianDate } from '@pledge-desk/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials, clerkCredentials } from './credentials.ts';
import { closeToast, rowWith, signIn, useBrowser } from './support.ts';

const browser = useBrowser();
const suffix = Date.now().toString(36).slice(-5);

// A refused save or delete (409, 422) is an expected answer here; Chromium logs it as a console error.
const unexpectedProblems = () => browser.problems().filter((p) => !/status of (409|422)/.test(p));

async function enter(page: Page, username: string, password: string): Promise<void> {
  await signIn(page, browser.baseUrl, username, password);
  await page.getByRole('button', { name: /Main Branch/ }).click();
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

async function open(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`${browser.baseUrl}/#${path}`);
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
}

const toast = closeToast;
const row = rowWith;

async function confirmDelete(page: Page, title: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('masters, part A, in the browser', () => {
  it('jewel types, jewel rates and schemes: add, edit, delete, and a type in use cannot go', async () => {
    const page = browser.page();
    await enter(page, adminCredentials.username, adminCredentials.password);
    const typeName = `E2E Chain ${suffix}`;

    // Jewel type, reached through the sidebar.
    await page.getByRole('button', { name: 'Jewellery Settings' }).click();
    await page.getByRole('link', { name: 'Jewel Types' }).click();
    await page.getByRole('heading', { name: 'Jewel Types', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add Jewel Type' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Jewel Type' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Jewel name is required').waitFor();
    await dialog.getByText('Purity is required').waitFor();
    await dialog.getByLabel('Jewel Name').fill(typeName);
    await dialog.getByLabel('Purity').fill('22K');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Jewel type created successfully.');
    await row(page, typeName).getByText('Active').waitFor();
    await page.getByRole('button', { name: `Edit ${typeName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Jewel Type' });
    await dialog.getByLabel('Purity').fill('916');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Jewel type updated successfully.');
    await row(page, typeName).getByText('916').waitFor();

    // Jewel rate of that type.
    await open(page, '/admin/jewell-rates', 'Jewel Rates');
    await page.getByRole('button', { name: 'Add Jewel Rate' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Jewel Rate' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Please select a Jewel Type.').waitFor();
    expect(await dialog.getByLabel('Effective Date').inputValue()).toBe(formatIndianDate(businessToday()));
    await dialog.getByLabel('Jewel Type').selectOption({ label: `${typeName} (916)` });
    await dialog.getByLabel('Rate per gram (Rs.)').fill('6886.50');
    await dialog.getByLabel('Market Price (Rs.)').fill('112345.75');
    await dialog.getByLabel('Selling Price (Rs.)').fill('7250');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Jewel rate created.');
    await row(page, typeName).getByText('Rs. 1,12,345.75').waitFor();
    await row(page, typeName)
      .getByRole('button', { name: /^Edit rate of/ })
      .click();
    dialog = page.getByRole('dialog', { name: 'Edit Jewel Rate' });
    await dialog.getByLabel('Selling Price (Rs.)').fill('7300.25');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Jewel rate updated.');
    await row(page, typeName).getByText('Rs. 7,300.25').waitFor();

    // Scheme of that type; the name and the prefix must be unique.
    const schemeName = `E2E Scheme ${suffix}`;
    const prefix = `E${suffix.replace(/[^a-z]/gi, '')}X`.slice(0, 8).toUpperCase();
    await open(page, '/admin/schemes', 'Schemes');
    const fillScheme = async (name: string) => {
      const d = page.getByRole('dialog', { name: 'Add Scheme' });
      await d.getByLabel('Scheme Name').fill(name);
      await d.getByLabel('Short Name').fill('E2E');
      await d.getByLabel('Prefix').fill(prefix);
      await d.getByLabel('Jewel Type').selectOption({ label: `${typeName} (916)` });
      await d.getByLabel('Interest per month (%)').fill('1.5');
      await d.getByLabel('Duration (months)').fill('12');
      await d.getByLabel('Loan allowed (%)').fill('75');
      await d.getByLabel('Slippage (%)').fill('2');
      await d.getByRole('button', { name: 'Save' }).click();
    };
    await page.getByRole('button', { name: 'Add Scheme' }).first().click();
    await fillScheme(schemeName);
    await toast(page, 'Scheme created successfully.');
    await row(page, schemeName).getByText('12 months').waitFor();
    await page.getByRole('button', { name: 'Add Scheme' }).first().click();
    await fillScheme(schemeName.toLowerCase());
    dialog = page.getByRole('dialog', { name: 'Add Scheme' });
    await dialog.getByText('Scheme name already exists. Please use a unique name.').waitFor();
    await dialog.getByText('Scheme prefix already exists. Please use a unique prefix.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Edit ${schemeName}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Scheme' });
    await dialog.getByLabel('Interest per month (%)').fill('1.75');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Scheme updated successfully.');
    await row(page, schemeName).getByText('1.75%').waitFor();

    // The type is held by the scheme and the rate: the server refuses, and says why.
    await open(page, '/admin/jewell-types', 'Jewel Types');
    await page.getByRole('button', { name: `Delete ${typeName}` }).click();
    await confirmDelete(page, 'Delete Jewel Type');
    await toast(page, 'This jewel type is used by 1 scheme and 1 jewel rate.');
    expect(await row(page, typeName).count()).toBe(1);

    // Clear them away: scheme, rate, then the type.
    await open(page, '/admin/schemes', 'Schemes');
    await page.getByRole('button', { name: `Delete ${schemeName}` }).click();
    await confirmDelete(page, 'Delete Scheme');
    await toast(page, 'Scheme deleted successfully.');
    await row(page, schemeName).waitFor({ state: 'detached' });
    await open(page, '/admin/jewell-rates', 'Jewel Rates');
    await row(page, typeName)
      .getByRole('button', { name: /^Delete rate of/ })
      .click();
    await confirmDelete(page, 'Delete Jewel Rate');
    await toast(page, 'Jewel rate deleted.');
    await row(page, typeName).waitFor({ state: 'detached' });
    await open(page, '/admin/jewell-types', 'Jewel Types');
    await page.getByRole('button', { name: `Delete ${typeName}` }).click();
    await confirmDelete(page, 'Delete Jewel Type');
    await toast(page, `${typeName} has been deleted.`);
    await row(page, typeName).waitFor({ state: 'detached' });
    expect(unexpectedProblems()).toEqual([]);
  });

  it('rate management feeds the daily rates dashboard; a second rate on a day is refused', async () => {
    const page = browser.page();
    await enter(page, adminCredentials.username, adminCredentials.password);
    const today = businessToday();
    const yesterday = addDays(today, -1);

    await open(page, '/admin/gold-silver-rates', 'Rate Management');
    await page.getByRole('button', { name: 'Add Rate' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add Rate' });
    expect(await dialog.getByLabel('Date').inputValue()).toBe(formatIndianDate(today));
    await dialog.getByLabel('Date').fill(yesterday);
    await dialog.getByLabel('Gold Rate per gram (24K, Rs.)').fill('7500');
    await dialog.getByLabel('Silver Rate per gram (Rs.)').fill('96');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Rate created successfully.');
    await page.getByRole('button', { name: 'Add Rate' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Rate' });
    await dialog.getByLabel('Gold Rate per gram (24K, Rs.)').fill('7512.34');
    await dialog.getByLabel('Silver Rate per gram (Rs.)').fill('95.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Rate created successfully.');
    // By date, newest first, once the list has fetched the new rate again (the toast comes first).
    await expect
      .poll(async () => (await page.getByRole('row').locator('td:first-child').allTextContents()).slice(0, 2))
      .toEqual([formatIndianDate(today), formatIndianDate(yesterday)]);

    // A second rate for today.
    await page.getByRole('button', { name: 'Add Rate' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add Rate' });
    await dialog.getByLabel('Gold Rate per gram (24K, Rs.)').fill('7600');
    await dialog.getByLabel('Silver Rate per gram (Rs.)').fill('97');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('A rate for this date already exists.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The dashboard reads the stored rates.
    await open(page, '/gold-silver-rates', 'Gold & Silver Daily Rates');
    const gold = page.getByRole('region', { name: 'Gold 24K' });
    await gold.getByText('Rs. 7,512.34').waitFor();
    await gold.getByText('+Rs. 12.34 (+0.16%)').waitFor();
    await page.getByRole('region', { name: 'Silver' }).getByText('-Rs. 0.50 (-0.52%)').waitFor();
    const table = page.getByRole('table', { name: 'Detailed Rates' });
    // 7,512.34 × 11/12 = 6,886.3116… → Rs. 6,886.31
    await table.getByRole('row', { name: /22K/ }).getByText('Rs. 6,886.31').waitFor();
    await table
      .getByRole('row', { name: /Silver/ })
      .getByText('Rs. 95,500.00')
      .waitFor();
    await page.locator('svg[data-chart]').first().waitFor();

    // Edit and delete yesterday's rate.
    await open(page, '/admin/gold-silver-rates', 'Rate Management');
    await page.getByRole('button', { name: `Edit rate of ${formatIndianDate(yesterday)}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Rate' });
    await dialog.getByLabel('Silver Rate per gram (Rs.)').fill('95.75');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Rate updated successfully.');
    await row(page, formatIndianDate(yesterday)).getByText('Rs. 95.75').waitFor();
    await page.getByRole('button', { name: `Delete rate of ${formatIndianDate(yesterday)}` }).click();
    await confirmDelete(page, 'Delete Rate');
    await toast(page, `The rate of ${formatIndianDate(yesterday)} has been deleted.`);
    await row(page, formatIndianDate(yesterday)).waitFor({ state: 'detached' });
    expect(unexpectedProblems()).toEqual([]);
  });

  it('users: add with a role, edit keeping the password, delete; your own Delete is disabled', async () => {
    const page = browser.page();
    await enter(page, adminCredentials.username, adminCredentials.password);
    const username = `e2e-user-${suffix}`;
    await page.getByRole('button', { name: 'Administration' }).click();
    await page.getByRole('link', { name: 'User Management' }).click();
    await page.getByRole('heading', { name: 'User Management', level: 1 }).waitFor();

    const own = page.getByRole('button', { name: `Delete ${adminCredentials.username}`, exact: true });
    expect(await own.isDisabled()).toBe(true);
    expect(await own.getAttribute('title')).toBe('You cannot delete your own account.');

    await page.getByRole('button', { name: 'Add User' }).first().click();
    let dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Email').fill(`${username}@example.in`);
    await dialog.getByLabel('Password').fill('abc');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog
      .getByText('Password is required and must be at least 4 characters long for new users.')
      .waitFor();
    await dialog.getByLabel('Password').fill('gold-1234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created successfully.');
    await row(page, username).getByText('User', { exact: true }).waitFor();

    // The same username again: the server's message under the field.
    await page.getByRole('button', { name: 'Add User' }).first().click();
    dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Username').fill(username.toUpperCase());
    await dialog.getByLabel('Email').fill(`other-${username}@example.in`);
    await dialog.getByLabel('Password').fill('gold-1234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('This username is already taken.').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: `Edit ${username}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit User' });
    await dialog.getByLabel('Role').selectOption('admin');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'User updated successfully.');
    await row(page, username).getByText('Admin', { exact: true }).waitFor();

    // The blank password kept the old one: the user can still sign in with it.
    const other = await page.context().browser()!.newContext();
    const second = await other.newPage();
    await signIn(second, browser.baseUrl, username, 'gold-1234');
    await second.getByRole('heading', { name: 'Select a Company' }).waitFor();
    await other.close();

    await page.getByRole('button', { name: `Delete ${username}` }).click();
    await confirmDelete(page, 'Delete User');
    await toast(page, `${username} has been deleted.`);
    await row(page, username).waitFor({ state: 'detached' });
    expect(unexpectedProblems()).toEqual([]);
  });

  it('company details: an admin edits and uploads a logo; a user only reads', async () => {
    const page = browser.page();
    await enter(page, adminCredentials.username, adminCredentials.password);
    await page.getByRole('link', { name: 'Company Details' }).click();
    await page.getByRole('heading', { name: 'Main Branch', level: 2 }).waitFor();

    await page.getByRole('button', { name: 'Edit Details' }).click();
    const form = page.getByRole('form', { name: 'Edit company details' });
    await form.getByLabel('Phone').fill('');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByText('Phone is required').waitFor();
    await form.getByLabel('Phone').fill(`0452 ${suffix}`);
    // The bootstrap company starts with blanks, and the form requires them.
    for (const [label, value] of [
      ['Address', '12 Car Street'],
      ['City', 'Madurai'],
      ['Licence Number', 'TN-PB-0042'],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      if ((await field.inputValue()).trim() === '') await field.fill(value);
    }
    // A 1×1 PNG.
    await form.getByLabel('Logo', { exact: true }).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    expect(await form.getByRole('img', { name: 'Main Branch logo' }).getAttribute('src')).toMatch(/^blob:/);
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Company details updated successfully.');
    await page.getByText(`0452 ${suffix}`).waitFor();
    const logo = page.getByRole('img', { name: 'Main Branch logo' });
    expect(await logo.getAttribute('src')).toMatch(/^\/api\/files\/\d+\?/);
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img[alt="Main Branch logo"]');
      return img?.complete && img.naturalWidth === 1;
    });

    // Cancel drops an edit.
    await page.getByRole('button', { name: 'Edit Details' }).click();
    await form.getByLabel('Phone').fill('999');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText(`0452 ${suffix}`).waitFor();
    expect(await page.getByText('999', { exact: true }).count()).toBe(0);
    expect(unexpectedProblems()).toEqual([]);

    // A user sees the same company, read-only.
    const clerkContext = await page.context().browser()!.newContext();
    const clerkPage = await clerkContext.newPage();
    await signIn(clerkPage, browser.baseUrl, clerkCredentials.username, clerkCredentials.password);
    await clerkPage.getByRole('button', { name: /Main Branch/ }).click();
    await clerkPage.getByRole('button', { name: 'Continue with Selected Company' }).click();
    await clerkPage.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await clerkPage.goto(`${browser.baseUrl}/#/company-details`);
    await clerkPage.getByText('View only (Admin access required to edit)').waitFor();
    expect(await clerkPage.getByRole('button', { name: 'Edit Details' }).count()).toBe(0);
    await clerkPage.goto(`${browser.baseUrl}/#/gold-silver-rates`);
    await clerkPage.getByRole('heading', { name: 'Gold & Silver Daily Rates', level: 1 }).waitFor();
    await clerkPage.goto(`${browser.baseUrl}/#/admin/users`);
    await clerkPage.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await clerkContext.close();
  });
});
