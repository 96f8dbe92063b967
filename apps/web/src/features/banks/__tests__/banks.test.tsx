import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/helpers';
import { openBanks, sbi } from './banks-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const requiredMessages = [
  'Bank name is required',
  'Account holder name is required',
  'Account number is required',
  'IFSC code is required',
  'Branch name is required',
  'Account type is required',
];

describe('banks', () => {
  it('lists the accounts with their status', async () => {
    openBanks({ 'GET /api/bank-details/': () => jsonResponse([sbi, { ...sbi, id: 4, status: false }]) });
    await screen.findAllByRole('switch');
    const table = screen.getByRole('table', { name: 'Banks' });
    expect(within(table).getAllByText('State Bank of India')).toHaveLength(2);
    const switches = within(table).getAllByRole('switch');
    expect(switches.map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'false']);
  });

  it("says 'Failed to load banks' when the list cannot be fetched", async () => {
    openBanks({ 'GET /api/bank-details/': () => jsonResponse({ detail: 'boom' }, 500) });
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent('Failed to load banks');
  });

  it('shows the six required-field messages and sends nothing', async () => {
    const fetchMock = openBanks({ 'GET /api/bank-details/': () => jsonResponse([]) });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Bank' }))[0]!);
    await user.click(screen.getByRole('button', { name: 'Create Bank' }));
    for (const message of requiredMessages) expect(await screen.findByText(message)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("puts the server's 422 field list under the fields and keeps what was typed", async () => {
    openBanks({
      'GET /api/bank-details/': () => jsonResponse([]),
      'POST /api/bank-details/': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'account_number'],
                msg: 'This account is already recorded.',
                type: 'value_error',
              },
              { loc: ['body', 'ifsc_code'], msg: 'IFSC code is not valid', type: 'value_error' },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Bank' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Bank' });
    await user.type(within(dialog).getByLabelText('Bank Name'), 'Indian Bank');
    await user.type(within(dialog).getByLabelText('Account Holder Name'), 'Sri Murugan Jewel Loans');
    await user.type(within(dialog).getByLabelText('Account Number'), '6012345678');
    await user.type(within(dialog).getByLabelText('IFSC Code'), 'IDIB000X123');
    await user.type(within(dialog).getByLabelText('Branch Name'), 'Anna Nagar');
    await user.type(within(dialog).getByLabelText('Account Type'), 'Savings');
    await user.click(within(dialog).getByRole('button', { name: 'Create Bank' }));

    expect(await within(dialog).findByText('This account is already recorded.')).toBeInTheDocument();
    expect(within(dialog).getByText('IFSC code is not valid')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Account Number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('IFSC Code')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Bank Name')).toHaveValue('Indian Bank');
    expect(screen.queryByText('Validation Error')).not.toBeInTheDocument();
  });

  it("shows a string detail as a 'Validation Error' toast, and a 5xx as the screen's sentence", async () => {
    let attempt = 0;
    openBanks({
      'GET /api/bank-details/': () => jsonResponse([sbi]),
      'PUT /api/bank-details/3': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse({ detail: 'Bank not found.' }, 404)
          : jsonResponse({ detail: 'Internal Server Error' }, 500);
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit State Bank of India 30123456789' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bank' });
    expect(within(dialog).getByLabelText('IFSC Code')).toHaveValue('SBIN0000901');
    await user.click(within(dialog).getByRole('button', { name: 'Update Bank' }));
    const toast = await screen.findByText('Bank not found.');
    expect(toast.closest('[data-testid="toast"]')).toHaveTextContent('Validation Error');

    await user.click(within(dialog).getByRole('button', { name: 'Update Bank' }));
    expect(await screen.findByText('Failed to update bank. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Bank' })).toBeInTheDocument();
  });

  it('toggles the status by re-sending the full record with the status flipped', async () => {
    let current = sbi;
    const fetchMock = openBanks({
      'GET /api/bank-details/': () => jsonResponse([current]),
      'PUT /api/bank-details/3': ({ init }) => {
        current = { ...current, ...JSON.parse(String(init?.body)) };
        return jsonResponse(current);
      },
    });
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: 'State Bank of India 30123456789 active' });
    await user.click(toggle);
    expect(await screen.findByText('Bank status changed to Inactive.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      bank_name: 'State Bank of India',
      account_holder_name: 'Sri Murugan Jewel Loans',
      account_number: '30123456789',
      ifsc_code: 'SBIN0000901',
      branch_name: 'Madurai Main',
      account_type: 'Current',
      status: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: /State Bank of India/ })).toHaveAttribute(
        'aria-checked',
        'false',
      ),
    );
  });

  it('says so when the status cannot be changed', async () => {
    openBanks({
      'GET /api/bank-details/': () => jsonResponse([sbi]),
      'PUT /api/bank-details/3': () => jsonResponse({ detail: 'Internal Server Error' }, 500),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /State Bank of India/ }));
    expect(await screen.findByText('Failed to update bank status. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /State Bank of India/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('asks before deleting, and says so when the delete fails', async () => {
    const fetchMock = openBanks({
      'GET /api/bank-details/': () => jsonResponse([sbi]),
      'DELETE /api/bank-details/3': () => jsonResponse({ detail: 'Internal Server Error' }, 500),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete State Bank of India 30123456789' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Bank' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete bank. Please try again.')).toBeInTheDocument();
  });

  it("creates a bank and says 'Bank created successfully.'", async () => {
    const created = { ...sbi, id: 9, bank_name: 'Indian Bank' };
    let banks: (typeof sbi)[] = [];
    const fetchMock = openBanks({
      'GET /api/bank-details/': () => jsonResponse(banks),
      'POST /api/bank-details/': () => {
        banks = [created];
        return jsonResponse(created, 201);
      },
    });
    const user = userEvent.setup();
    await user.click((await screen.findAllByRole('button', { name: 'Add Bank' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Bank' });
    await user.type(within(dialog).getByLabelText('Bank Name'), '  Indian Bank ');
    await user.type(within(dialog).getByLabelText('Account Holder Name'), 'Sri Murugan Jewel Loans');
    await user.type(within(dialog).getByLabelText('Account Number'), '30123456789');
    await user.type(within(dialog).getByLabelText('IFSC Code'), 'SBIN0000901');
    await user.type(within(dialog).getByLabelText('Branch Name'), 'Madurai Main');
    await user.type(within(dialog).getByLabelText('Account Type'), 'Current');
    await user.click(within(dialog).getByRole('button', { name: 'Create Bank' }));
    expect(await screen.findByText('Bank created successfully.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Indian Bank')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ bank_name: 'Indian Bank', status: true });
  });
});
