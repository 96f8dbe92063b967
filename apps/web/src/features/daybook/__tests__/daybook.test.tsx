import { addDays, businessToday, formatIndianDate } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { accounts, journal, pledgeVoucher, renderPage } from './daybook-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Add Entry' }))[0]!);
  const dialog = screen.getByRole('dialog', { name: 'Add Daybook Entry' });
  // The account options load with the dialog.
  await within(within(dialog).getByLabelText('Account, row 1')).findAllByRole('option', {
    name: /Cash in Hand/,
  });
  return dialog;
}

describe('daybook entries list', () => {
  it('shows voucher numbers, and vouchers of pledges without Edit or Delete', async () => {
    stubApi({ 'GET /api/daybook-entries': () => jsonResponse([journal, pledgeVoucher]) });
    renderPage();
    await screen.findByText('JV/2026-27/0004');
    const table = screen.getByRole('table', { name: 'Daybook Entries' });
    const journalRow = within(table).getByText('JV/2026-27/0004').closest('tr')!;
    expect(journalRow).toHaveTextContent('20/11/2026');
    expect(journalRow).toHaveTextContent('1,50,000.00');
    expect(within(journalRow).getByRole('button', { name: 'Edit JV/2026-27/0004' })).toBeInTheDocument();
    const pledgeRow = within(table).getByText('PMT/2026-27/0001').closest('tr')!;
    expect(within(pledgeRow).queryByRole('button')).toBeNull();
    expect(pledgeRow).toHaveTextContent('Read-only');
  });

  it('shows the empty state for an empty list and for a 404', async () => {
    stubApi({ 'GET /api/daybook-entries': () => jsonResponse({ detail: 'Not found' }, 404) });
    renderPage();
    expect(await screen.findByText('No daybook entries yet.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks the server for a page newest first with the filters, and offers the next page', async () => {
    const page = Array.from({ length: 20 }, (_, i) => ({
      ...journal,
      entry_id: 100 + i,
      voucher_number: `JV/2026-27/${String(100 - i).padStart(4, '0')}`,
    }));
    const withCount = (total: number) => {
      const response = jsonResponse(page);
      response.headers.set('X-Total-Count', String(total));
      return response;
    };
    const fetchMock = stubApi({ 'GET /api/daybook-entries': () => withCount(45) });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('JV/2026-27/0100');
    expect(screen.getByText('Entries 1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Voucher Type'), 'Contra');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Entries 21–40 of 45')).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls[0]).toContain('skip=0&limit=20');
    expect(urls.some((u) => u.includes('voucher_type=Contra') && u.includes('skip=20'))).toBe(true);
  });

  it("says 'Failed to fetch daybook entries.' when the list cannot be loaded", async () => {
    stubApi({ 'GET /api/daybook-entries': () => jsonResponse({ detail: 'boom' }, 500) });
    renderPage();
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'Failed to fetch daybook entries.',
    );
  });
});

describe('Add Entry: the date it starts on', () => {
  // Add Entry started on today after today was closed, and the first Save was refused.
  it("starts on the server's latest open day, not on a closed today", async () => {
    const today = businessToday();
    const yesterday = addDays(today, -1);
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([journal]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'GET /api/daybook-entries/open-day': () => jsonResponse({ date: yesterday, today }),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    const date = within(dialog).getByLabelText('Entry Date');
    await waitFor(() => expect(date).toHaveValue(formatIndianDate(yesterday)));
  });
});

describe('daybook entry grid (shell-and-masters §5)', () => {
  it('keeps Save disabled until debits equal credits above 0, with the messages of §5', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    const status = within(dialog).getByRole('status');
    expect(save).toBeDisabled();
    expect(status).toHaveTextContent('Please enter at least one debit or credit amount.');

    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '1');
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '125000');
    expect(status).toHaveTextContent('Total debits must equal total credits.');
    expect(within(dialog).getByTestId('total-debit')).toHaveTextContent('1,25,000.00');
    expect(within(dialog).getByTestId('total-credit')).toHaveTextContent('0.00');
    expect(save).toBeDisabled();

    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '1');
    await user.type(within(dialog).getByLabelText('Credit, row 2'), '125000');
    expect(status).toHaveTextContent('At least two accounts must be involved in the entry.');
    expect(save).toBeEnabled();

    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '2');
    expect(status).toHaveTextContent('Debits equal credits: 1,25,000.00');
  });

  it('refuses one account on both sides with the two-accounts message and sends nothing', async () => {
    const fetchMock = stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Narration'), 'Wrong entry');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '1');
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '10');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '1');
    await user.type(within(dialog).getByLabelText('Credit, row 2'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('At least two accounts must be involved in the entry.', {
        selector: '[role=alert]',
      }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('never lets the rows fall below 2', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    expect(within(dialog).getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove row 2' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Add Row' }));
    expect(within(dialog).getByRole('button', { name: 'Remove row 3' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove row 1' }));
    expect(within(dialog).queryByLabelText('Account, row 3')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Remove row 1' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Remove row 2' })).toBeDisabled();
  });

  it('adds a row on Enter in the last row amount, and sends only rows with an account and an amount', async () => {
    const fetchMock = stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'POST /api/daybook-entries': () => jsonResponse({ ...journal, voucher_number: 'JV/2026-27/0005' }, 201),
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Narration'), 'Rent and capital');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '3');
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '1500.50');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '1');
    await user.type(within(dialog).getByLabelText('Credit, row 2'), '1000.50{Enter}');
    expect(within(dialog).getByLabelText('Account, row 3')).toHaveFocus();
    await user.selectOptions(within(dialog).getByLabelText('Account, row 3'), '2');
    await user.type(within(dialog).getByLabelText('Credit, row 3'), '500{Enter}');
    // Row 4 gets an account but no amount; it must not be sent.
    await user.selectOptions(within(dialog).getByLabelText('Account, row 4'), '1');
    expect(within(dialog).getByTestId('total-credit')).toHaveTextContent('1,500.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Daybook entry has been created successfully.')).toBeInTheDocument();
    expect(screen.getByText('Voucher JV/2026-27/0005')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const body = JSON.parse(String(post[1]?.body));
    expect(body).toMatchObject({
      voucher_type: 'Journal',
      narration: 'Rent and capital',
      total_amount: 1500.5,
    });
    expect(body.details).toEqual([
      { account_id: 3, debit_amount: 1500.5, credit_amount: 0, narration: null },
      { account_id: 1, debit_amount: 0, credit_amount: 1000.5, narration: null },
      { account_id: 2, debit_amount: 0, credit_amount: 500, narration: null },
    ]);
  });

  it("requires the narration and says 'Failed to save entry.' when the server gives no sentence", async () => {
    const fetchMock = stubApi({
      'GET /api/daybook-entries': () => jsonResponse([journal]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'PUT /api/daybook-entries/11': () => new Response('', { status: 500 }),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit JV/2026-27/0004' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Daybook Entry JV/2026-27/0004' });
    expect(within(dialog).getByLabelText('Debit, row 1')).toHaveValue('150000');
    expect(within(dialog).getByLabelText('Voucher Type')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Narration'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Narration is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Narration'), 'Shop rent');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Failed to save entry.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Narration')).toHaveValue('Shop rent');
  });

  it('sends an Idempotency-Key with a new entry: the same for an unchanged retry, a new one once it changes', async () => {
    let attempts = 0;
    const fetchMock = stubApi({
      'GET /api/daybook-entries': () => jsonResponse([]),
      'GET /api/accounts': () => jsonResponse(accounts),
      'POST /api/daybook-entries': () => {
        attempts += 1;
        return attempts < 3
          ? new Response('', { status: 502 })
          : jsonResponse({ ...journal, voucher_number: 'JV/2026-27/0006' }, 201);
      },
    });
    const user = userEvent.setup();
    renderPage();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Narration'), 'Capital');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 1'), '1');
    await user.type(within(dialog).getByLabelText('Debit, row 1'), '100');
    await user.selectOptions(within(dialog).getByLabelText('Account, row 2'), '2');
    await user.type(within(dialog).getByLabelText('Credit, row 2'), '100');
    const save = within(dialog).getByRole('button', { name: 'Save' });
    await user.click(save);
    await within(dialog).findByText('Failed to save entry.');
    await user.click(save);
    await waitFor(() => expect(attempts).toBe(2));
    await user.type(within(dialog).getByLabelText('Narration'), ' brought in');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Voucher JV/2026-27/0006')).toBeInTheDocument();
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('asks before deleting and confirms with the spec toast', async () => {
    stubApi({
      'GET /api/daybook-entries': () => jsonResponse([journal]),
      'DELETE /api/daybook-entries/11': () => jsonResponse(null, 204),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete JV/2026-27/0004' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Daybook Entry' });
    expect(dialog).toHaveTextContent('Delete voucher JV/2026-27/0004 dated 20/11/2026?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Daybook entry has been deleted successfully.')).toBeInTheDocument();
  });
});
