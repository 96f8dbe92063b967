import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { DaybookPage } from '../pages/daybook-page';

/** Wrong amounts say what is wrong; the accounts of pledges and payments are not offered. */
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const accounts = [
  { account_id: 1, account_code: '1000', account_name: 'Cash in Hand', is_active: true, manual_entry: true },
  { account_id: 2, account_code: '1190', account_name: 'Bank Clearing', is_active: true, manual_entry: true },
  {
    account_id: 3,
    account_code: '1200',
    account_name: 'Pledge Loans Receivable',
    is_active: true,
    manual_entry: false,
  },
  {
    account_id: 4,
    account_code: '4000',
    account_name: 'Interest Income',
    is_active: true,
    manual_entry: false,
  },
  { account_id: 5, account_code: '6100', account_name: 'Rent', is_active: true, manual_entry: true },
];

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  seedSession({ user: adminUser, company: mainBranch });
  render(
    <AppProviders>
      <DaybookPage />
    </AppProviders>,
  );
  await user.click((await screen.findAllByRole('button', { name: 'Add Entry' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Add Daybook Entry' });
  await within(within(dialog).getByLabelText('Account, row 1')).findAllByRole('option', {
    name: /Cash in Hand/,
  });
  return dialog;
}

describe('daybook amounts', () => {
  it.each([
    ['123.456', 'Enter an amount with at most 2 decimals.'],
    ['1e3', 'Enter the amount in figures, like 1250.50.'],
    ['-100', 'Enter an amount above zero.'],
  ])('says what is wrong with %s under the field and keeps Save disabled', async (typed, message) => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '5');
    const debit = within(dialog).getByLabelText('Debit, row 1');
    await user.type(debit, typed);
    expect(debit).toHaveValue(typed);
    expect(debit).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Correct the amount in row 1.');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('counts 1250.5 as Rs. 1,250.50 with no message', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '1250.5');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByTestId('total-debit')).toHaveTextContent('1,250.50');
  });
});

describe('daybook account picker', () => {
  it('offers no account that only pledges and payments move', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    const names = within(within(dialog).getByLabelText('Account, row 1'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toEqual([
      'Select an account',
      '1000 — Cash in Hand',
      '1190 — Bank Clearing',
      '6100 — Rent',
    ]);
  });

  it("shows the server's refusal of a line on that line's row", async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'POST /api/daybook-entries': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'details', 1, 'account_id'],
                msg: '6100 Rent is moved only by pledges and payments; a manual voucher cannot use it.',
                type: 'value_error.operation_account',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Narration'), 'Rent paid');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '1');
    await user.type(within(dialog).getByLabelText('Credit, row 1'), '500');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '5');
    await user.type(within(dialog).getByLabelText('Debit, row 2'), '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const message = await within(dialog).findByText(/6100 Rent is moved only by pledges and payments/);
    expect(message.closest('tr')).toBe(within(dialog).getByLabelText('Account, row 2').closest('tr'));
  });
});
