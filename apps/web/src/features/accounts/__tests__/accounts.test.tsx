import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { account, capital, cash, expenses, renderPage, rent, shopRent } from './accounts-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('accounts masters', () => {
  it('lists the chart by id ascending with Indian grouping, the parent and a system marker without Delete', async () => {
    stubApi({ 'GET /api/chart-of-accounts/1': () => jsonResponse([rent, cash, capital, expenses]) });
    renderPage();
    await screen.findByText('Cash in Hand');
    const table = screen.getByRole('table', { name: 'Chart of Accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '1000',
      '3000',
      '6000',
      '6100',
    ]);
    expect(rows[0]).toHaveTextContent('Cash in HandSystem');
    expect(rows[0]).toHaveTextContent('1,25,000.50');
    expect(rows[3]).toHaveTextContent('6000 — Expenses');
    expect(within(table).queryByRole('button', { name: 'Delete Cash in Hand' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Capital' })).toBeInTheDocument();
  });

  it("says 'Company not selected. Please select a company.' without a company", () => {
    const fetchMock = stubApi({});
    renderPage(false);
    expect(screen.getByRole('alert')).toHaveTextContent('Company not selected. Please select a company.');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('chart-of-accounts'))).toHaveLength(0);
  });

  it("says 'Failed to fetch accounts.' when the chart cannot be loaded", async () => {
    stubApi({ 'GET /api/chart-of-accounts/1': () => jsonResponse({ detail: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch accounts.',
    );
  });

  it('offers as parent every account except the account itself and its descendants', async () => {
    stubApi({
      'GET /api/chart-of-accounts/1': () => jsonResponse([cash, capital, expenses, rent, shopRent]),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Rent' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Account' });
    const parent = within(dialog).getByLabelText('Parent Account');
    const options = within(parent)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['None (top level)', '1000 — Cash in Hand', '3000 — Capital', '6000 — Expenses']);
    expect(parent).toHaveValue('5');
  });

  it('requires the four fields of §5, defaults the opening balance to 0 and sends the company', async () => {
    const fetchMock = stubApi({
      'GET /api/chart-of-accounts/1': () => jsonResponse([cash]),
      'POST /api/chart-of-accounts/': ({ init }) =>
        jsonResponse(account({ id: 9, ...JSON.parse(String(init?.body)) }), 201),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Account' });
    expect(within(dialog).getByLabelText('Opening Balance')).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Account name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account code is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account type is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Account category is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Account Code'), '6200');
    await user.type(within(dialog).getByLabelText('Account Name'), 'Electricity');
    await user.type(within(dialog).getByLabelText('Account Type'), 'Expense');
    await user.type(within(dialog).getByLabelText('Account Category'), 'Expenses');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Account created successfully.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({
      account_code: '6200',
      account_name: 'Electricity',
      sub_account_of: null,
      opening_balance: 0,
      company_id: 1,
      status: true,
    });
  });

  it("says 'Failed to save account.' when the server gives no sentence", async () => {
    stubApi({
      'GET /api/chart-of-accounts/1': () => jsonResponse([capital]),
      'PUT /api/chart-of-accounts/3': () => new Response('', { status: 500 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Capital' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Account' });
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save account.');
  });

  it("asks with 'This may affect related records' and shows the server's 409 when the account is in use", async () => {
    stubApi({
      'GET /api/chart-of-accounts/1': () => jsonResponse([capital]),
      'DELETE /api/chart-of-accounts/3': () =>
        jsonResponse(
          { detail: 'This account is used by 2 voucher lines and cannot be deleted. Deactivate it instead.' },
          409,
        ),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Capital' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog).toHaveTextContent('This may affect related records');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Delete Failed');
    expect(toast).toHaveTextContent('This account is used by 2 voucher lines');
  });
});
