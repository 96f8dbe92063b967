import type {
  AuctionShortfall,
  AuctionSurplus,
  ShortfallCollected,
  ShortfallReceipt,
} from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '@/lib/i18n/language';
import { jsonResponse, stubApi } from '@/test/helpers';
import { open } from './auctions-fixtures';

// Money collected on a shortfall gets a numbered, printable receipt; and the
// pawner's other open amount is said beside a shortfall and a surplus.

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
  window.location.hash = '';
});

const shortfall: AuctionShortfall = {
  id: 9,
  sale_id: 4,
  lot_id: 7,
  lot_no: 'AL/2026-27/0001',
  pledge_id: 42,
  pledge_no: 'GL42',
  customer_id: 5,
  customer_name: 'Meenakshi Sundaram',
  guardian_name: null,
  address: 'Madurai',
  mobile: '9840098765',
  sale_date: '2026-11-20',
  sale_price: 100000,
  outstanding: 103750,
  amount: 3750,
  collected: 0,
  written_off: 0,
  open: 3750,
  status: 'open',
  settlements: [],
  pawner_surpluses: [{ surplus_id: 3, pledge_no: 'GL41', amount: 6250 }],
};

const collected: ShortfallCollected = {
  ...shortfall,
  collected: 1000,
  open: 2750,
  settlements: [
    {
      id: 15,
      kind: 'collected',
      settled_on: '2026-11-28',
      amount: 1000,
      method: 'cash',
      reference: null,
      reason: null,
      approved_by: null,
      voucher_id: 88,
      voucher_no: 'RCT/2026-27/0012',
      receipt_no: 'SR/2026-27/0001',
    },
  ],
  settlement_id: 15,
  receipt_no: 'SR/2026-27/0001',
};

const receipt: ShortfallReceipt = {
  settlement_id: 15,
  receipt_no: 'SR/2026-27/0001',
  shortfall_id: 9,
  lot_no: 'AL/2026-27/0001',
  pledge_no: 'GL42',
  customer_id: 5,
  customer_name: 'Meenakshi Sundaram',
  guardian_name: 'Sundaram K',
  address: 'Madurai',
  mobile: '9840098765',
  sale_date: '2026-11-20',
  sale_price: 100000,
  outstanding: 103750,
  shortfall: 3750,
  collected_on: '2026-11-28',
  amount: 1000,
  method: 'cash',
  reference: null,
  open_after: 2750,
  voucher_no: 'RCT/2026-27/0012',
  collected_by: 'clerk1',
};

const surplus: AuctionSurplus = {
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
  sale_price: 110000,
  outstanding: 103750,
  amount: 6250,
  status: 'owed',
  age_days: 8,
  deliver_by: '2026-12-20',
  deposit_due: '2027-05-20',
  may_deposit: false,
  settled_on: null,
  settled_to: null,
  settled_method: null,
  settled_reference: null,
  voucher_id: null,
  voucher_no: null,
  pawner_shortfalls: [{ shortfall_id: 9, pledge_no: 'GL42', open: 3750 }],
};

describe('collecting a shortfall', () => {
  it('shows the receipt number after Collect with a link that prints it', async () => {
    const fetchMock = stubApi({
      'GET /api/auction-shortfalls': () => jsonResponse({ items: [shortfall], total: 1, total_open: 3750 }),
      'POST /api/auction-shortfalls/9/collect': () => jsonResponse(collected),
      'GET /api/auction-shortfall-collections/15': () => jsonResponse(receipt),
    });
    open('/auctions/shortfalls');
    const row = (await screen.findByText('GL42')).closest('tr')!;
    // Item 25: the pawner is owed a surplus on another pledge.
    expect(row).toHaveTextContent(
      'This pawner is also owed a surplus of Rs. 6,250.00 on pledge GL41: see the Surpluses screen before collecting.',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Collect' }));
    const form = screen.getByRole('form', { name: 'Collect the shortfall of pledge GL42' });
    expect(within(form).getByRole('note')).toHaveTextContent('owed a surplus of Rs. 6,250.00 on pledge GL41');
    const amount = within(form).getByLabelText('Amount (Rs.)');
    await userEvent.clear(amount);
    await userEvent.type(amount, '1000');
    await userEvent.click(within(form).getByRole('button', { name: 'Collect' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Collected Rs. 1,000.00 from Meenakshi Sundaram: receipt SR/2026-27/0001.',
    );
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(posts[0]![1]!.body))).toMatchObject({ amount: 1000, method: 'cash' });

    await userEvent.click(within(status).getByRole('link', { name: 'Print receipt SR/2026-27/0001' }));
    const paper = await screen.findByRole('article', {
      name: 'Receipt for Auction Shortfall Collected / ஏலப் பற்றாக்குறை வசூல் ரசீது',
    });
    const field = (en: string) => within(paper).getByText(en, { exact: false }).closest('tr')!;
    expect(field('Receipt No.')).toHaveTextContent('SR/2026-27/0001');
    expect(field('Amount received')).toHaveTextContent('Rs. 1,000.00');
    expect(field('Still owed after this receipt')).toHaveTextContent('Rs. 2,750.00');
    expect(field('Voucher No.')).toHaveTextContent('RCT/2026-27/0012');
    expect(within(paper).getByText('Meenakshi Sundaram, Sundaram K')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('prints the receipt labels in English and Tamil in Tamil too', async () => {
    window.localStorage.setItem('language', 'ta');
    refreshLanguage();
    stubApi({ 'GET /api/auction-shortfall-collections/15': () => jsonResponse(receipt) });
    open('/auctions/shortfalls/receipt?id=15');
    const paper = await screen.findByRole('article', {
      name: 'Receipt for Auction Shortfall Collected / ஏலப் பற்றாக்குறை வசூல் ரசீது',
    });
    expect(within(paper).getByText('Receipt No.', { exact: false }).closest('tr')).toHaveTextContent(
      'ரசீது எண்',
    );
    expect(screen.getByRole('link', { name: 'பற்றாக்குறைகளுக்குத் திரும்பு' })).toBeInTheDocument();
  });

  it('asks for a collection when opened without one', async () => {
    stubApi({});
    open('/auctions/shortfalls/receipt');
    expect(
      await screen.findByText('Choose a collection on the Shortfalls screen to print its receipt.'),
    ).toBeInTheDocument();
  });
});

describe('paying a surplus out', () => {
  it('says the pawner owes a shortfall on another pledge, in the row and in the Pay form', async () => {
    stubApi({
      'GET /api/auction-surpluses': () => jsonResponse({ items: [surplus], total: 1, total_owed: 6250 }),
    });
    open('/auctions/surpluses');
    const row = (await screen.findByText('GL41')).closest('tr')!;
    const sentence =
      'This pawner also owes a shortfall of Rs. 3,750.00 on pledge GL42: see the Shortfalls screen before paying out.';
    expect(row).toHaveTextContent(sentence);
    await userEvent.click(within(row).getByRole('button', { name: 'Pay out' }));
    expect(screen.getByRole('note')).toHaveTextContent(sentence);
  });
});
