import type { BankRepledge, BankRepledgeRegister } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '../../../test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
});

const row = (id: number, over: Partial<BankRepledge> = {}): BankRepledge => ({
  id,
  pledge_id: 100 + id,
  pledge_no: `GL${id}`,
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
  bank_reference: `CB/GL/${id}`,
  received_by: 'bank',
  voucher_number: `RCT/2026-27/000${id}`,
  status: 'open',
  returned_on: null,
  bank_interest: null,
  paid_by: null,
  return_reference: null,
  return_voucher_number: null,
  days_at_bank: 42,
  remarks: null,
  created_at: '2026-10-15T05:00:00.000Z',
  ...over,
});

const totals = (count: number, borrowed: number) => ({
  bank_id: 7,
  bank_name: 'Canara Bank',
  count,
  item_count: count,
  gross_weight: 10.5 * count,
  net_weight: 10 * count,
  amount_borrowed: borrowed,
  open_count: count,
  open_borrowed: borrowed,
});

const register = (rows: BankRepledge[]): BankRepledgeRegister => ({
  status: 'open',
  bank_id: null,
  as_of: '2026-11-26',
  skip: 0,
  limit: 100,
  total: rows.length,
  rows,
  by_bank: rows.length ? [totals(rows.length, 30000 * rows.length)] : [],
  totals: { ...totals(rows.length, 30000 * rows.length), bank_id: null, bank_name: 'All banks' },
});

function open(path: string) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  renderApp();
}

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

describe('At Banks register', () => {
  it('lists what is at a bank with the totals per bank, and asks again with the filters', async () => {
    const urls: string[] = [];
    stubApi({
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': ({ url }) => {
        urls.push(url);
        return jsonResponse(register([row(1), row(2)]));
      },
    });
    open('/registers/at-banks');
    const table = await screen.findByRole('table', { name: 'At banks register' });
    expect(within(table).getByText('GL1')).toBeInTheDocument();
    expect(within(table).getAllByText('Canara Bank')).toHaveLength(2);
    const sums = screen.getByRole('table', { name: 'Totals per bank' });
    expect(within(sums).getAllByText('Rs. 60,000.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '#/registers/at-banks/print?status=open',
    );
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Show'), 'all');
    await user.selectOptions(await screen.findByLabelText('Bank'), '7');
    await vi.waitFor(() => expect(urls.at(-1)).toContain('status=all'));
    await vi.waitFor(() => expect(urls.at(-1)).toContain('bank_id=7'));
  });

  it('says when nothing is at a bank', async () => {
    stubApi({ 'GET /api/bank-details/': banks, 'GET /api/bank-repledges': () => jsonResponse(register([])) });
    open('/registers/at-banks');
    expect(await screen.findByText('No articles are at a bank.')).toBeInTheDocument();
  });

  it("shows the server's sentence when the register fails", async () => {
    stubApi({
      'GET /api/bank-details/': banks,
      'GET /api/bank-repledges': () => jsonResponse({ detail: 'The register is busy.' }, 409),
    });
    open('/registers/at-banks?status=returned');
    expect(await screen.findByText('The register is busy.')).toBeInTheDocument();
  });
});
