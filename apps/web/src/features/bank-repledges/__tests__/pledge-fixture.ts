import type { BankRepledge, BankRepledgeRegister, PledgeView } from '@pledge-desk/domain';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession } from '@/test/helpers';
import { pledgeView as sharedPledgeView } from '@/test/pledge-fixtures';

// A pledge and its customer as the pledge detail answers them, for the pledge's bank part; the At Banks
// register's rows, totals and banks.

/** The shared pledge (48,900 lent, a 6-month gold scheme, in the vault) without its articles. */
export const pledgeView = (overrides: Partial<PledgeView> = {}): PledgeView =>
  sharedPledgeView({ items: [], ...overrides });

export { murugan } from '@/test/pledge-fixtures';

/** Re-pledge `id` of pledge GL{id}: 30,000 borrowed from Canara Bank on 15/10/2026, still at the bank. */
export const row = (id: number, over: Partial<BankRepledge> = {}): BankRepledge => ({
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

/** The totals of `count` re-pledges at Canara Bank. */
export const totals = (count: number, borrowed: number) => ({
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

/** The At Banks register answer for these rows. */
export const register = (rows: BankRepledge[]): BankRepledgeRegister => ({
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

/** Signs in at the main branch and opens the given path. */
export function open(path: string) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  renderApp();
}

/** GET /bank-details/: the shop's one account, at Canara Bank. */
export const banks = () =>
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
