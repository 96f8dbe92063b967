import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminCredentials } from './credentials.ts';
import { signIn, useBrowser } from './support.ts';

const browser = useBrowser();

async function signInAsAdmin(page: Page) {
  await signIn(page, browser.baseUrl, adminCredentials.username, adminCredentials.password);
  await page.getByRole('button', { name: 'Continue with Selected Company' }).click();
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
}

// Tests share the server's database: the account is new per run, so its trial balance row is ours alone.
const code = `E2E${Date.now() % 1_000_000}`;
const accountName = `Stationery ${code}`;
const accountLabel = `${code} — ${accountName}`;

describe('books: accounts, daybook and trial balance', () => {
  it('adds an account, posts a three-row journal, sees it in the trial balance, edits and deletes it', async () => {
    const page = browser.page();
    await signInAsAdmin(page);
    const health = await page.evaluate(async () => (await fetch('/api/health')).json());
    expect(health.database_kind).toBe('pglite');

    // Accounts Masters: the system accounts are there; add an expense account.
    await page.goto(`${browser.baseUrl}/#/admin/accounts`);
    await page.getByRole('button', { name: 'Edit Cash in Hand' }).waitFor();
    await page.getByRole('button', { name: 'Add Account' }).first().click();
    const accountDialog = page.getByRole('dialog', { name: 'Add Account' });
    await accountDialog.getByLabel('Account Code').fill(code);
    await accountDialog.getByLabel('Account Name').fill(accountName);
    await accountDialog.getByLabel('Account Type').fill('Expense');
    await accountDialog.getByLabel('Account Category').fill('Office Expenses');
    await accountDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Account created successfully.').waitFor();
    await page.getByRole('button', { name: `Edit ${accountName}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete Cash in Hand' }).count()).toBe(0);

    // Daybook: a Journal with three rows, Save disabled while unbalanced.
    await page.goto(`${browser.baseUrl}/#/admin/daybook`);
    await page.getByRole('button', { name: 'Add Entry' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Daybook Entry' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await dialog.getByLabel('Narration', { exact: true }).fill('Stationery bought, part cash, part capital');
    await dialog.getByLabel('Account, row 1').selectOption({ label: accountLabel });
    await dialog.getByLabel('Debit, row 1').fill('1500.50');
    await dialog.getByLabel('Account, row 2').selectOption({ label: '1000 — Cash in Hand' });
    await dialog.getByLabel('Credit, row 2').fill('1000.50');
    expect(await save.isDisabled()).toBe(true);
    await dialog.getByText('Total debits must equal total credits.').waitFor();
    // Enter on the last row's amount adds a row and moves to its account.
    await dialog.getByLabel('Credit, row 2').press('Enter');
    const row3 = dialog.getByLabel('Account, row 3');
    expect(await row3.evaluate((el) => el === document.activeElement)).toBe(true);
    await row3.selectOption({ label: '3000 — Capital' });
    await dialog.getByLabel('Credit, row 3').fill('500');
    expect(await dialog.getByTestId('total-debit').textContent()).toBe('1,500.50');
    expect(await dialog.getByTestId('total-credit').textContent()).toBe('1,500.50');
    expect(await save.isEnabled()).toBe(true);
    await save.click();

    await page.getByText('Daybook entry has been created successfully.').waitFor();
    const toastTitle = (await page.getByText(/^Voucher JV\/\d{4}-\d{2}\/\d{4}$/).textContent()) ?? '';
    const voucherNumber = toastTitle.replace('Voucher ', '');
    expect(voucherNumber).toMatch(/^JV\/\d{4}-\d{2}\/\d{4}$/);
    // The list is newest day first, then by number within a type: on a server other files also
    // write to, a Journal can sit past page 1 among the day's receipts and payments (CI saw it on
    // page 3), so look among the Journals, as a clerk would.
    await page.getByLabel('Voucher Type').selectOption('Journal');
    const listRow = page
      .getByRole('table', { name: 'Daybook Entries' })
      .getByRole('row')
      .filter({ hasText: voucherNumber });
    await listRow.waitFor();
    expect(await listRow.textContent()).toContain('1,500.50');

    // The trial balance shows the entry's amounts on the new account.
    await page.goto(`${browser.baseUrl}/#/admin/reports/trial-balance`);
    const tbRow = page
      .getByRole('table', { name: 'Trial balance' })
      .getByRole('row')
      .filter({ hasText: accountName });
    await tbRow.waitFor();
    const cells = await tbRow.getByRole('cell').allTextContents();
    expect(cells).toEqual([code, accountName, 'Expense', '0.00', '1,500.50', '', '1,500.50', '']);

    // Edit: a larger amount, balanced again through the cash row.
    await page.goto(`${browser.baseUrl}/#/admin/daybook`);
    await page.getByLabel('Voucher Type').selectOption('Journal');
    await page.getByRole('button', { name: `Edit ${voucherNumber}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit Daybook Entry ${voucherNumber}` });
    await edit.getByLabel('Debit, row 1').fill('2000.50');
    expect(await edit.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await edit.getByLabel('Credit, row 2').fill('1500.50');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Daybook entry has been updated successfully.').waitFor();
    await page.getByRole('row').filter({ hasText: voucherNumber }).filter({ hasText: '2,000.50' }).waitFor();

    // Delete, after the confirmation.
    await page.getByRole('button', { name: `Delete ${voucherNumber}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete Daybook Entry' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Daybook entry has been deleted successfully.').waitFor();
    await page.getByRole('row').filter({ hasText: voucherNumber }).waitFor({ state: 'detached' });
    expect(browser.problems()).toEqual([]);
  });
});
