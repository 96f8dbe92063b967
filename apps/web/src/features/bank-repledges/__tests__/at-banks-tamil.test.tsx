import type { BankRepledge, BankRepledgeRegister } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { refreshLanguage } from '../../../lib/i18n/language';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '../../../test/helpers';
import { murugan, pledgeView } from './pledge-fixture';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  refreshLanguage();
  window.location.hash = '';
});

function openInTamil(path: string, handlers: Parameters<typeof stubApi>[0]) {
  window.localStorage.setItem('language', 'ta');
  refreshLanguage();
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

const row: BankRepledge = {
  id: 1,
  pledge_id: 101,
  pledge_no: 'GL1',
  pledge_date: '2026-10-01',
  customer_id: 5,
  customer_code: 'C000005',
  customer_name: 'Meenakshi Sundaram',
  item_count: 1,
  gross_weight: 10.5,
  net_weight: 10,
  loan_amount: 40000,
  bank_id: 7,
  bank_name: 'Canara Bank',
  bank_branch: 'West Masi Street',
  pledged_on: '2026-10-15',
  amount_borrowed: 30000,
  bank_reference: 'CB/GL/1',
  received_by: 'bank',
  voucher_number: 'RCT/2026-27/0001',
  status: 'open',
  returned_on: null,
  bank_interest: null,
  paid_by: null,
  return_reference: null,
  return_voucher_number: null,
  days_at_bank: 42,
  remarks: null,
  created_at: '2026-10-15T05:00:00.000Z',
};

const sums = {
  bank_id: 7,
  bank_name: 'Canara Bank',
  count: 1,
  item_count: 1,
  gross_weight: 10.5,
  net_weight: 10,
  amount_borrowed: 30000,
  open_count: 1,
  open_borrowed: 30000,
};

const register = (rows: BankRepledge[]): BankRepledgeRegister => ({
  status: 'open',
  bank_id: null,
  as_of: '2026-11-26',
  skip: 0,
  limit: 100,
  total: rows.length,
  rows,
  by_bank: rows.length ? [sums] : [],
  totals: { ...sums, bank_id: null, bank_name: 'All banks' },
});

const banks = () =>
  jsonResponse([
    {
      id: 7,
      bank_name: 'Canara Bank',
      account_holder_name: 'Sri Lakshmi',
      account_number: '1187201004562',
      ifsc_code: 'CNRB0001187',
      branch_name: 'West Masi Street',
      account_type: 'Current',
      status: true,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    },
  ]);

describe('re-pledges with a bank in Tamil', () => {
  it('shows the At Banks register, its filters and totals in Tamil, the printed headings in both languages', async () => {
    openInTamil('/registers/at-banks', {
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse(register([row])),
    });
    const table = await screen.findByRole('table', { name: 'வங்கியில் உள்ளவை பதிவேடு' });
    for (const header of ['பொருட்கள்', 'வங்கிக்குக் கொடுத்த தேதி', 'பெற்ற கடன்', 'வங்கியில் இருந்த நாட்கள்'])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Pledge No / அடகு எண்' })).toBeInTheDocument();
    const totals = screen.getByRole('table', { name: 'வங்கி வாரியான மொத்தம்' });
    expect(within(totals).getByText('எல்லா வங்கிகளும்')).toBeInTheDocument();
    expect(within(totals).getByRole('columnheader', { name: 'இன்னும் வங்கியில்' })).toBeInTheDocument();
    const show = screen.getByLabelText('காட்டு');
    expect(within(show).getByRole('option', { name: 'இப்போது வங்கியில் உள்ளவை' })).toBeInTheDocument();
    expect(within(show).getByRole('option', { name: 'திரும்பியவை' })).toBeInTheDocument();
    expect(screen.getAllByText('இப்போது வங்கியில் உள்ளவை').length).toBeGreaterThan(1);
  });

  it('says in Tamil when nothing came back from a bank', async () => {
    openInTamil('/registers/at-banks?status=returned', {
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse(register([])),
    });
    expect(await screen.findByText('எந்த நகையும் வங்கியிலிருந்து திரும்பவில்லை.')).toBeInTheDocument();
  });

  it("shows the pledge's bank part and Move to Bank in Tamil, with its checks and the server's refusal in Tamil", async () => {
    openInTamil('/pledges?view=7', {
      'GET /api/pledges/': () => jsonResponse([pledgeView()]),
      'GET /api/pledges/7': () => jsonResponse(pledgeView()),
      'GET /api/customers/41': () => jsonResponse(murugan),
      'GET /api/pledges/7/bank-repledges': () => jsonResponse([]),
      'GET /api/bank-details/': banks,
      'POST /api/pledges/7/move-to-bank': () =>
        jsonResponse(
          {
            detail: "This pledge's articles are already at a bank. Return them from the bank first.",
            code: 'PLEDGE_AT_BANK',
          },
          409,
        ),
    });
    expect(
      await screen.findByText('நகைகள் பெட்டகத்தில் உள்ளன; அவை வங்கியில் மறுஅடகு வைக்கப்படவில்லை.'),
    ).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    const dialog = await screen.findByRole('dialog', { name: 'வங்கிக்கு மாற்று: அடகு GL/2026-27/0007' });
    expect(within(dialog).getByRole('option', { name: 'வங்கிக் கணக்கில்' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    expect(await within(dialog).findByText('பெற்ற கடன் 0 ஐ விட அதிகமாக இருக்க வேண்டும்')).toBeInTheDocument();
    expect(
      within(dialog).getByText('வங்கியின் குறிப்பு எண்ணை (அதன் கடன் அல்லது பொட்டல எண்) உள்ளிடவும்'),
    ).toBeInTheDocument();

    await user.selectOptions(await within(dialog).findByLabelText('வங்கி'), '7');
    await user.type(within(dialog).getByLabelText('வங்கியில் பெற்ற கடன் (₹)'), '30000');
    await user.type(within(dialog).getByLabelText('வங்கிக் குறிப்பு எண்'), 'CB/GL/7');
    await user.click(within(dialog).getByRole('button', { name: 'வங்கிக்கு மாற்று' }));
    expect(
      await within(dialog).findByText(
        'இந்த அடகின் நகைகள் ஏற்கெனவே வங்கியில் உள்ளன. முதலில் அவற்றை வங்கியிலிருந்து திரும்பப் பெறவும்.',
      ),
    ).toBeInTheDocument();
  });
});
