import type { DisbursementReport } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { CollectionsPage } from '../pages/collections-page';
import { DisbursementsPage } from '../pages/disbursements-page';
import { OverduePage, OverduePrintPage } from '../pages/overdue-page';
import { collections, overduePage, renderAt } from './operations-reports-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('Overdue List', () => {
  it('shows headings in English with the Tamil under them, Indian grouping and DD/MM/YYYY', async () => {
    stubApi({ 'GET /api/registers/overdue': () => jsonResponse(overduePage(1, 2)) });
    renderAt(<OverduePage />, '/registers/overdue?as_of=2026-10-01');
    const table = await screen.findByRole('table', { name: 'Overdue pledges' });
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headings).toContain('Pledge No.அடகு எண்');
    expect(headings).toContain('Days Overdueதாமத நாட்கள்');
    expect(headings).toContain('Outstandingநிலுவை');
    expect(headings).toContain('Mobileகைபேசி');
    expect(within(table).getByText('GL1')).toBeInTheDocument();
    expect(within(table).getAllByText('1,27,250.50')).toHaveLength(2);
    expect(within(table).getAllByText('01/03/2026')).toHaveLength(2);
    expect(within(table).getByText('12,34,567.50')).toBeInTheDocument();
    expect(screen.getByText('As of 01/10/2026')).toBeInTheDocument();
  });

  it('pages on the server: Next asks for page 2', async () => {
    const fetchMock = stubApi({
      'GET /api/registers/overdue': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(overduePage(page, 60));
      },
    });
    renderAt(<OverduePage />, '/registers/overdue?as_of=2026-10-01');
    await screen.findByText('GL1');
    expect(screen.getAllByText('Page 1 of 2')).toHaveLength(2);
    await userEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    expect(await screen.findByText('GL51')).toBeInTheDocument();
    expect(screen.queryByText('GL1')).not.toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([u]) => String(u));
    expect(
      urls.some((u) => u.includes('page=2') && u.includes('page_size=50') && u.includes('as_of=2026-10-01')),
    ).toBe(true);
  });

  it('downloads the CSV as the server wrote it, with its byte order mark kept', async () => {
    const csv = '\uFEFFPledge No.,Pledge Date\r\nGL1,01/03/2025\r\n';
    stubApi({
      'GET /api/registers/overdue': ({ url }) =>
        url.includes('format=csv')
          ? new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : jsonResponse(overduePage(1, 1)),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:register';
    });
    URL.revokeObjectURL = vi.fn();
    renderAt(<OverduePage />, '/registers/overdue?as_of=2026-10-01');
    await screen.findByText('GL1');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    // jsdom's Blob has no arrayBuffer(): read it as a browser would, through a FileReader.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(csv.slice(1));
  });

  it('says so when nothing is overdue, and shows the server error', async () => {
    stubApi({ 'GET /api/registers/overdue': () => jsonResponse(overduePage(1, 0)) });
    renderAt(<OverduePage />, '/registers/overdue?as_of=2026-10-01');
    expect(await screen.findByText('No pledges overdue on this date.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('print view loads every page with progress, then shows the whole list', async () => {
    const fetchMock = stubApi({
      'GET /api/registers/overdue': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        return jsonResponse(overduePage(Number(q.get('page')), 450, Number(q.get('page_size'))));
      },
    });
    renderAt(<OverduePrintPage />, '/registers/overdue/print?as_of=2026-10-01');
    expect(await screen.findByText('GL450')).toBeInTheDocument();
    expect(screen.getByText('GL1')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
  });
});

describe('Daily Collection', () => {
  it('lists receipts with the reversed one marked, and the sums by type, method, user and day', async () => {
    stubApi({ 'GET /api/reports/collections': () => jsonResponse(collections) });
    renderAt(<CollectionsPage />, '/registers/collections?from=2026-02-01&to=2026-03-31');
    const table = await screen.findByRole('table', { name: 'Receipts' });
    expect(within(table).getByText('GL1, GL2')).toBeInTheDocument();
    expect(within(table).getByText('Reversed')).toBeInTheDocument();
    expect(within(table).getByText(/1 reversed, 100.00, not counted/)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By payment type' })).toHaveTextContent('Partial Principal');
    expect(screen.getByRole('table', { name: 'By user' })).toHaveTextContent('clerk1');
    expect(screen.getByRole('table', { name: 'By day' })).toHaveTextContent('01/02/2026');
    expect(screen.getByText('01/02/2026 to 31/03/2026')).toBeInTheDocument();
  });

  it('lists the auction shortfalls collected with their receipts and the total collected', async () => {
    const sf = {
      rows: [
        {
          settlement_id: 15,
          receipt_no: 'SR/2026-27/0001',
          collected_on: '2026-02-01',
          customer_id: 5,
          customer_name: 'Meenakshi',
          pledge_no: 'GL42',
          payment_method: 'cash',
          username: 'clerk1',
          amount: 1000,
        },
      ],
      receipts: 1,
      net: 1000,
    };
    stubApi({
      'GET /api/reports/collections': () =>
        jsonResponse({ ...collections, shortfalls_collected: sf, total_collected: 9930 }),
    });
    renderAt(<CollectionsPage />, '/registers/collections?from=2026-02-01&to=2026-03-31');
    const table = await screen.findByRole('table', { name: 'Auction shortfalls collected' });
    const row = within(table).getByText('SR/2026-27/0001').closest('tr')!;
    expect(row).toHaveTextContent('GL42');
    expect(row).toHaveTextContent('1,000.00');
    expect(
      screen.getByText('Total collected: 9,930.00 (receipts 8,930.00, auction shortfalls 1,000.00)'),
    ).toBeInTheDocument();
  });

  it('shows a range with shortfalls collected and no payment receipt, not the empty message', async () => {
    const sf = {
      rows: [
        {
          settlement_id: 15,
          receipt_no: 'SR/2026-27/0001',
          collected_on: '2026-02-01',
          customer_id: 5,
          customer_name: 'Meenakshi',
          pledge_no: 'GL42',
          payment_method: 'cash',
          username: 'clerk1',
          amount: 1000,
        },
      ],
      receipts: 1,
      net: 1000,
    };
    const none = { receipts: 0, payments: 0, interest: 0, principal: 0, penalty: 0, discount: 0, net: 0 };
    stubApi({
      'GET /api/reports/collections': () =>
        jsonResponse({
          ...collections,
          total_count: 0,
          rows: [],
          totals: none,
          reversed: { receipts: 0, net: 0 },
          by_type: [],
          by_method: [],
          by_user: [],
          by_day: [],
          shortfalls_collected: sf,
          total_collected: 1000,
        }),
    });
    renderAt(<CollectionsPage />, '/registers/collections?from=2026-02-01&to=2026-03-31');
    expect(await screen.findByRole('table', { name: 'Auction shortfalls collected' })).toHaveTextContent(
      'SR/2026-27/0001',
    );
    expect(screen.queryByText('No receipts in this range.')).not.toBeInTheDocument();
  });

  it('refuses a range of more than 366 days without asking the server', async () => {
    const fetchMock = stubApi({ 'GET /api/reports/collections': () => jsonResponse(collections) });
    renderAt(<CollectionsPage />, '/registers/collections?from=2025-01-01&to=2026-03-31');
    expect(await screen.findAllByText(/at most 366 days/)).not.toHaveLength(0);
    expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/reports/collections'))).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});

describe('Loans Paid Out', () => {
  it('shows the empty state of a range with no pledges', async () => {
    const empty: DisbursementReport = {
      from: '2026-01-01',
      to: '2026-01-31',
      page: 1,
      page_size: 50,
      total_count: 0,
      rows: [],
      totals: { count: 0, loan: 0, first_month_interest: 0, document_charges: 0, final_amount: 0 },
      by_day: [],
      by_scheme: [],
      by_user: [],
      by_method: [],
    };
    stubApi({ 'GET /api/reports/disbursements': () => jsonResponse(empty) });
    renderAt(<DisbursementsPage />, '/registers/disbursements?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('No pledges in this range.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Loans Paid Out/ })).toHaveTextContent('வழங்கிய கடன்கள்');
  });

  it('shows the server error in words', async () => {
    stubApi({
      'GET /api/reports/disbursements': () => jsonResponse({ detail: 'Database unreachable.' }, 503),
    });
    renderAt(<DisbursementsPage />, '/registers/disbursements?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Database unreachable|Failed/);
  });
});
