import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '@/test/helpers';
import { DaybookPage } from '../pages/daybook-page';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const accounts = [
  { account_id: 1, account_code: '1000', account_name: 'Cash in Hand', is_active: true, manual_entry: true },
  { account_id: 3, account_code: '6100', account_name: 'Rent', is_active: true, manual_entry: true },
];

describe("the daybook entry's server errors", () => {
  it("puts a 422 about details.1 on the second row sent (the grid's third row), not above the form", async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'POST /api/daybook-entries': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'details', 1, 'account_id'],
                msg: 'This account is inactive',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    seedSession({ user: adminUser, company: mainBranch });
    render(
      <AppProviders>
        <DaybookPage />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Entry' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Daybook Entry' });
    await within(within(dialog).getByLabelText('Account, row 1')).findAllByRole('option', { name: /Rent/ });
    await user.type(within(dialog).getByLabelText('Narration'), 'Rent for November');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '3');
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '100');
    // Row 2 stays empty and is not sent, so details[1] is the grid's row 3.
    await user.click(within(dialog).getByRole('button', { name: 'Add Row' }));
    await user.selectOptions(within(dialog).getByLabelText('Account, row 3'), '1');
    await user.type(within(dialog).getByLabelText('Credit, row 3'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const row3 = within(dialog).getByLabelText('Account, row 3').closest('tr')!;
    expect(await within(row3).findByText('This account is inactive')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account, row 3')).toHaveAttribute('aria-invalid', 'true');
    const row1 = within(dialog).getByLabelText('Account, row 1').closest('tr')!;
    expect(within(row1).queryByText('This account is inactive')).not.toBeInTheDocument();
    // Placed on its row, the message is not repeated above the form.
    expect(within(dialog).getAllByText(/This account is inactive/)).toHaveLength(1);
  });
});
