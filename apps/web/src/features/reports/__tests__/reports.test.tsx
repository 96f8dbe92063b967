import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import type { TrialBalance } from '../api/get-trial-balance';
import { DayBookPage } from '../pages/day-book-page';
import { LedgerPage } from '../pages/ledger-page';
import { TrialBalancePage } from '../pages/trial-balance-page';
import { dayBook, renderPage } from './reports-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const row = (over: Partial<TrialBalance['rows'][number]>): TrialBalance['rows'][number] => ({
  account_id: 1,
  account_code: '1000',
  account_name: 'Cash in Hand',
  account_type: 'Asset',
  balance_side: 'debit',
  opening_balance: 0,
  debit: 0,
  credit: 0,
  closing_balance: 0,
  closing_debit: 0,
  closing_credit: 0,
  ...over,
});

// Capital 5,00,000 was entered as opening balance with no matching cash: the server adds the difference line.
const trialBalance: TrialBalance = {
  as_of: '2026-11-22',
  rows: [
    row({ debit: 1250000, credit: 150000, closing_balance: 1100000, closing_debit: 1100000 }),
    row({
      account_id: 4,
      account_code: '3000',
      account_name: 'Capital',
      account_type: 'Equity',
      balance_side: 'credit',
      opening_balance: 500000,
      credit: 1250000,
      closing_balance: 1750000,
      closing_credit: 1750000,
    }),
    row({
      account_id: 9,
      account_code: '6100',
      account_name: 'Rent',
      account_type: 'Expense',
      debit: 150000,
      closing_balance: 150000,
      closing_debit: 150000,
    }),
    row({
      account_id: null,
      account_code: '',
      account_name: 'Opening balance difference',
      account_type: '',
      balance_side: 'debit',
      opening_balance: 500000,
      closing_balance: 500000,
      closing_debit: 500000,
    }),
  ],
  opening_balance_difference: 500000,
  totals: { debit: 1400000, credit: 1400000, closing_debit: 1750000, closing_credit: 1750000 },
  balanced: true,
};

describe('trial balance', () => {
  it('shows each account, the opening balance difference line and the totals in Indian grouping', async () => {
    const fetchMock = stubApi({ 'GET /api/reports/trial-balance': () => jsonResponse(trialBalance) });
    renderPage(<TrialBalancePage />);
    const table = await screen.findByRole('table', { name: 'Trial balance' });
    expect(within(table).getByText('Capital').closest('tr')).toHaveTextContent(
      '3000CapitalEquity5,00,000.00 Cr12,50,000.0017,50,000.00',
    );
    expect(within(table).getByText('Opening balance difference').closest('tr')).toHaveTextContent(
      '5,00,000.00 Dr5,00,000.00',
    );
    expect(screen.getByTestId('trial-balance-totals')).toHaveTextContent(
      'Total14,00,000.0014,00,000.0017,50,000.0017,50,000.00',
    );
    expect(screen.getByText('Main Branch')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/as_of=\d{4}-\d{2}-\d{2}/);
  });

  it('asks again for another date and prints the date in the heading', async () => {
    const fetchMock = stubApi({ 'GET /api/reports/trial-balance': () => jsonResponse(trialBalance) });
    renderPage(<TrialBalancePage />);
    await screen.findByRole('table', { name: 'Trial balance' });
    const input = screen.getByLabelText('As of');
    // A date input takes its value whole.
    await userEvent.setup().clear(input);
    input.focus();
    await userEvent.setup().type(input, '31/10/2026');
    expect(await screen.findByText('As of 31/10/2026')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('as_of=2026-10-31'))).toBe(true);
  });

  it('downloads the CSV through the api-client with the token and its byte order mark, and prints with window.print', async () => {
    const fetchMock = stubApi({
      'GET /api/reports/trial-balance': ({ url }) =>
        url.includes('format=csv')
          ? new Response('Code,Account\n1000,Cash in Hand\n', { headers: { 'Content-Type': 'text/csv' } })
          : jsonResponse(trialBalance),
    });
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const user = userEvent.setup();
    renderPage(<TrialBalancePage />);
    await screen.findByRole('table', { name: 'Trial balance' });
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    const csvCall = fetchMock.mock.calls.find(([url]) => String(url).includes('format=csv'))!;
    expect(new Headers(csvCall[1]?.headers).get('Authorization')).toBe('Bearer token-123');
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob);
    });
    // The byte order mark tells a spreadsheet program the file is UTF-8 (Tamil names).
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('1000,Cash in Hand');
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalled();
  });
});

/** The chart (one account, Cash in Hand) and a ledger answer for it with these lines and figures. */
function stubLedger(answer: {
  brought_forward: number;
  lines: unknown[];
  totals: { debit: number; credit: number };
  closing_balance: number;
}) {
  return stubApi({
    'GET /api/chart-of-accounts/1': () =>
      jsonResponse([{ id: 1, account_code: '1000', account_name: 'Cash in Hand', status: true }]),
    'GET /api/reports/ledger': () =>
      jsonResponse({
        account: {
          account_id: 1,
          account_code: '1000',
          account_name: 'Cash in Hand',
          account_type: 'Asset',
          balance_side: 'debit',
        },
        from: '2026-04-01',
        to: '2026-11-22',
        ...answer,
      }),
  });
}

describe('account ledger', () => {
  it('shows the balance brought forward, each line with its running balance and the closing balance', async () => {
    const fetchMock = stubLedger({
      brought_forward: 25000,
      lines: [
        {
          entry_date: '2026-11-02',
          entry_id: 5,
          voucher_number: 'RCT/2026-27/0001',
          voucher_type: 'Receipt',
          narration: 'Capital brought in',
          debit: 100000,
          credit: 0,
          balance: 125000,
        },
        {
          entry_date: '2026-11-03',
          entry_id: 6,
          voucher_number: 'PMT/2026-27/0001',
          voucher_type: 'Payment',
          narration: 'Loan on GL1',
          debit: 0,
          credit: 150000,
          balance: -25000,
        },
      ],
      totals: { debit: 100000, credit: 150000 },
      closing_balance: -25000,
    });
    const user = userEvent.setup();
    renderPage(<LedgerPage />);
    expect(screen.getByText('Choose an account to see its ledger.')).toBeInTheDocument();
    await screen.findByRole('option', { name: '1000 — Cash in Hand' });
    await user.selectOptions(screen.getByLabelText('Account'), '1');
    const table = await screen.findByRole('table', { name: 'Account ledger' });
    expect(within(table).getByText('Balance brought forward').closest('tr')).toHaveTextContent(
      '25,000.00 Dr',
    );
    expect(within(table).getByText('RCT/2026-27/0001').closest('tr')).toHaveTextContent(
      '1,00,000.001,25,000.00 Dr',
    );
    expect(within(table).getByText('PMT/2026-27/0001').closest('tr')).toHaveTextContent(
      '1,50,000.0025,000.00 Cr',
    );
    expect(screen.getByTestId('ledger-closing')).toHaveTextContent('25,000.00 Cr');
    expect(screen.getByText(/1000 — Cash in Hand, \d\d\/\d\d\/\d{4} to/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('account_id=1'))).toBe(true);
  });
});

describe('long ledgers', () => {
  // 1,201 lines of 10 rupees each into Cash: balances 10, 20, … 12,010.
  const lines = Array.from({ length: 1201 }, (_, i) => ({
    entry_date: '2026-11-02',
    entry_id: 1000 + i,
    voucher_number: `RCT/2026-27/${String(i + 1).padStart(4, '0')}`,
    voucher_type: 'Receipt',
    narration: `Receipt ${i + 1}`,
    debit: 10,
    credit: 0,
    balance: 10 * (i + 1),
  }));
  const stubLongLedger = () =>
    stubLedger({ brought_forward: 0, lines, totals: { debit: 12010, credit: 0 }, closing_balance: 12010 });

  it('shows 500 lines a page, carrying the balance from page to page, and the closing balance on the last', async () => {
    stubLongLedger();
    const user = userEvent.setup();
    renderPage(<LedgerPage />);
    await screen.findByRole('option', { name: '1000 — Cash in Hand' });
    await user.selectOptions(screen.getByLabelText('Account'), '1');
    const table = await screen.findByRole('table', { name: 'Account ledger' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 1 + 500 + 1);
    expect(screen.getAllByText('Lines 1–500 of 1,201')).toHaveLength(2);
    expect(within(table).getByText('Balance carried forward').closest('tr')).toHaveTextContent('5,000.00 Dr');
    expect(screen.queryByTestId('ledger-closing')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    expect(within(table).getByText('Balance brought forward').closest('tr')).toHaveTextContent('5,000.00 Dr');
    expect(within(table).getByText('RCT/2026-27/0501')).toBeInTheDocument();
    expect(within(table).queryByText('RCT/2026-27/0500')).toBeNull();

    await user.click(screen.getAllByRole('button', { name: 'Last' })[0]!);
    expect(screen.getAllByText('Lines 1,001–1,201 of 1,201')).toHaveLength(2);
    expect(within(table).getByText('Balance brought forward').closest('tr')).toHaveTextContent(
      '10,000.00 Dr',
    );
    expect(screen.getByTestId('ledger-closing')).toHaveTextContent('12,010.00 Dr');
  });

  it('draws every line for printing, then goes back to the page', async () => {
    stubLongLedger();
    let rowsAtPrint = 0;
    vi.spyOn(window, 'print').mockImplementation(() => {
      rowsAtPrint = screen.getByRole('table', { name: 'Account ledger' }).querySelectorAll('tbody tr').length;
    });
    const user = userEvent.setup();
    renderPage(<LedgerPage />);
    await screen.findByRole('option', { name: '1000 — Cash in Hand' });
    await user.selectOptions(screen.getByLabelText('Account'), '1');
    await screen.findByRole('table', { name: 'Account ledger' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(rowsAtPrint).toBe(1 + 1201);
    await waitFor(() =>
      expect(screen.getByRole('table', { name: 'Account ledger' }).querySelectorAll('tbody tr')).toHaveLength(
        1 + 500,
      ),
    );
  });
});

describe('day book', () => {
  it('lists the vouchers with their lines and the totals per voucher type', async () => {
    stubApi({
      'GET /api/reports/day-book': () => jsonResponse(dayBook),
    });
    renderPage(<DayBookPage />);
    const vouchers = await screen.findByRole('table', { name: 'Vouchers' });
    expect(within(vouchers).getByText('JV/2026-27/0001')).toBeInTheDocument();
    expect(within(vouchers).getByText('Cash in Hand').closest('tr')).toHaveTextContent(
      '1000Cash in Handpaid15,000.00',
    );
    expect(
      within(vouchers)
        .getByText(/Total \(1 voucher\)/)
        .closest('tr'),
    ).toHaveTextContent('15,000.0015,000.00');
    const byType = screen.getByRole('table', { name: 'Totals by voucher type' });
    expect(within(byType).getByText('Journal').closest('tr')).toHaveTextContent('Journal115,000.00');
  });

  it('shows the empty state when no voucher falls in the dates', async () => {
    stubApi({
      'GET /api/reports/day-book': () =>
        jsonResponse({
          from: '2026-11-22',
          to: '2026-11-22',
          vouchers: [],
          totals_by_type: [],
          totals: { count: 0, debit: 0, credit: 0 },
        }),
    });
    renderPage(<DayBookPage />);
    expect(await screen.findByText('No vouchers in these dates.')).toBeInTheDocument();
  });
});
