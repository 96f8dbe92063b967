import type { AuctionSurplusList } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { balance, lot, open } from './auctions-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
});

describe('auction lot', () => {
  it('shows the catalogue with articles and weights, and the surplus or shortfall of a price before saving', async () => {
    stubApi({
      'GET /api/auctions/7': () => jsonResponse(lot),
      'GET /api/pledges/41/balance': () => jsonResponse(balance),
    });
    open('/auctions/lot?id=7');
    const table = await screen.findByRole('table', { name: 'Catalogue of lot AL/2026-27/0001' });
    const row = within(table).getByText('GL41').closest('tr')!;
    expect(row).toHaveTextContent('Kasu Mala — 26.000 / 25.000 g');
    expect(row).toHaveTextContent('1,15,000.00');
    await userEvent.click(within(row).getByRole('button', { name: 'Record sale' }));
    const form = screen.getByRole('form', { name: 'Sale of pledge GL41' });
    expect(await within(form).findByText('Rs. 1,15,000.00')).toBeInTheDocument();
    const price = within(form).getByLabelText('Sale price (Rs.)');
    await userEvent.type(price, '120000.50');
    expect(within(form).getByTestId('sale-result')).toHaveTextContent(
      'Surplus Rs. 5,000.50 owed to the pawner',
    );
    await userEvent.clear(price);
    await userEvent.type(price, '90000');
    expect(within(form).getByTestId('sale-result')).toHaveTextContent(
      'Shortfall Rs. 25,000.00 due from the pawner',
    );
  });

  it('asks for a lot when opened without one', async () => {
    stubApi({});
    open('/auctions/lot');
    expect(await screen.findByText('Choose a lot on the Auction Lots screen.')).toBeInTheDocument();
  });
});

describe('auction surpluses', () => {
  it('lists what is owed with its age and dates; deposit waits for the holding period', async () => {
    const list: AuctionSurplusList = {
      total: 1,
      total_owed: 4250.5,
      items: [
        {
          id: 3,
          sale_id: 2,
          lot_id: 7,
          lot_no: 'AL/2026-27/0001',
          pledge_id: 41,
          pledge_no: 'GL41',
          customer_id: 5,
          customer_name: 'Meenakshi Sundaram',
          guardian_name: null,
          address: 'Madurai',
          mobile: '9840098765',
          sale_date: '2026-11-20',
          sale_price: 119250.5,
          outstanding: 115000,
          amount: 4250.5,
          status: 'owed',
          age_days: 6,
          deliver_by: '2026-12-20',
          deposit_due: '2027-05-20',
          may_deposit: false,
          settled_on: null,
          settled_to: null,
          settled_method: null,
          settled_reference: null,
          voucher_id: null,
          voucher_no: null,
          pawner_shortfalls: [],
        },
      ],
    };
    stubApi({ 'GET /api/auction-surpluses': () => jsonResponse(list) });
    open('/auctions/surpluses');
    const table = await screen.findByRole('table', { name: 'Auction surpluses' });
    const row = within(table).getByText('GL41').closest('tr')!;
    expect(row).toHaveTextContent('4,250.50');
    expect(row).toHaveTextContent('20/12/2026');
    expect(row).toHaveTextContent('20/05/2027');
    expect(within(row).getByRole('button', { name: 'Deposit' })).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Pay out' })).toBeEnabled();
  });
});

const saleRow = (serial: number) => ({
  serial,
  sale_id: serial,
  lot_id: 7,
  lot_no: 'AL/2026-27/0001',
  pledge_id: serial,
  pledge_no: `GL${serial}`,
  pledge_date: '2025-10-01',
  customer_name: 'Meenakshi',
  guardian_name: null,
  address: 'Madurai',
  articles: [],
  item_count: 1,
  gross_weight: 26,
  net_weight: 25,
  sale_date: '2026-11-20',
  auctioneer: 'K. Raman',
  buyer_name: 'Sri Murugan Jewellers',
  buyer_address: null,
  sale_price: 90000,
  principal_due: 80000,
  interest_due: 13150,
  outstanding: 93150,
  surplus: 0,
  shortfall: 3150,
});

describe('the sale book on paper', () => {
  it('prints every sale of the range, page after page, not only the first 200', async () => {
    const fetchMock = stubApi({
      'GET /api/registers/sale-book': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        const first = (page - 1) * 200 + 1;
        const count = page === 1 ? 200 : 5;
        return new Response(
          JSON.stringify({
            from: '2026-11-01',
            to: '2026-11-30',
            page,
            page_size: 200,
            rows: Array.from({ length: count }, (_, i) => saleRow(first + i)),
            totals: {
              sales: 205,
              sale_price: 205 * 90000,
              outstanding: 205 * 93150,
              surplus: 0,
              shortfall: 205 * 3150,
            },
          }),
          { headers: { 'Content-Type': 'application/json', 'X-Total-Count': '205' } },
        );
      },
    });
    open('/registers/sale-book/print?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('GL205')).toBeInTheDocument();
    expect(screen.getByText('GL1')).toBeInTheDocument();
    expect(screen.getByTestId('sale-book-totals')).toHaveTextContent('Total: 205 sales');
    expect(fetchMock.mock.calls.some(([u]) => /[?&]page=2(&|$)/.test(String(u)))).toBe(true);
  });
  it('prints the range totals under the rows, as the screen shows them', async () => {
    const row = {
      serial: 1,
      sale_id: 3,
      lot_id: 7,
      lot_no: 'AL/2026-27/0001',
      pledge_id: 41,
      pledge_no: 'GL41',
      pledge_date: '2025-10-01',
      customer_name: 'Meenakshi',
      guardian_name: null,
      address: 'Madurai',
      articles: [],
      item_count: 1,
      gross_weight: 26,
      net_weight: 25,
      sale_date: '2026-11-20',
      auctioneer: 'K. Raman',
      buyer_name: 'Sri Murugan Jewellers',
      buyer_address: null,
      sale_price: 90000,
      principal_due: 80000,
      interest_due: 13150,
      outstanding: 93150,
      surplus: 0,
      shortfall: 3150,
    };
    stubApi({
      'GET /api/registers/sale-book': () =>
        jsonResponse({
          from: '2026-11-01',
          to: '2026-11-30',
          page: 1,
          page_size: 200,
          rows: [row],
          totals: { sales: 1, sale_price: 90000, outstanding: 93150, surplus: 0, shortfall: 3150 },
        }),
    });
    open('/registers/sale-book/print?from=2026-11-01&to=2026-11-30');
    const totals = await screen.findByTestId('sale-book-totals');
    expect(within(totals).getByRole('rowheader')).toHaveTextContent('Total: 1 sale');
    expect(totals).toHaveTextContent('90,000.00');
    expect(totals).toHaveTextContent('93,150.00');
    expect(totals).toHaveTextContent('3,150.00');
    // Form G in both languages, the letter kept as on Forms F and H.
    expect(
      screen.getByRole('heading', { name: 'Sale Book (Form G) / விற்பனைப் புத்தகம் (படிவம் G)' }),
    ).toBeInTheDocument();
    // The paper: A4 landscape unless A5 is chosen, as the other registers, and remembered.
    const pageRule = () =>
      [...document.querySelectorAll('style')].map((s) => s.textContent).find((s) => s?.includes('@page'));
    expect(screen.getByRole('radio', { name: 'A4' })).toBeChecked();
    expect(pageRule()).toContain('size: A4 landscape');
    expect(pageRule()).toContain("@bottom-right { content: counter(page) ' / ' counter(pages)");
    await userEvent.click(screen.getByRole('radio', { name: 'A5' }));
    expect(pageRule()).toContain('size: A5 landscape');
    expect(window.localStorage.getItem('pledge-desk.register-paper')).toBe('A5');
  });
});
