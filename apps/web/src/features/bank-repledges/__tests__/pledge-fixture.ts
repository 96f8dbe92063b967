import type { BankRepledge, BankRepledgeRegister, CustomerView, PledgeView } from '@pledge-desk/domain';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession } from '../../../test/helpers';

// A pledge and its customer as the pledge detail answers them, for the pledge's bank part; the At Banks
// register's rows, totals and banks.

/** A pledge as GET /pledges/{id} answers it: 48,900 lent, a 6-month gold scheme, in the vault. */
export function pledgeView(overrides: Partial<PledgeView> = {}): PledgeView {
  return {
    pledge_id: 7,
    id: 7,
    pledge_no: 'GL/2026-27/0007',
    customer_id: 41,
    customer_name: 'முருகன்',
    customer_acc_code: 'C000041',
    customer_mobile: '9842012345',
    scheme_id: 3,
    scheme_name: 'Gold 6M',
    pledge_date: '2026-11-20',
    due_date: '2027-05-20',
    closed_date: null,
    document_charges: 100,
    first_month_interest: 978,
    total_loan_amount: 48900,
    final_amount: 47822,
    total_valuation: 65200,
    eligible_loan: 48900,
    status: 'active',
    is_move_to_bank: false,
    remarks: null,
    item_count: 2,
    gross_weight: 12.5,
    net_weight: 10.25,
    rate_per_gram: 6361,
    interest_rate: 2,
    loan_allowed_percent: 75,
    slippage_percent: 2,
    duration: 6,
    principal_amount: 48900,
    start_date: '2026-11-20',
    voucher_number: 'PV/2026-27/0012',
    ticket_prints: 0,
    created_at: '2026-11-20T05:00:00Z',
    updated_at: '2026-11-20T05:00:00Z',
    items: [],
    ...overrides,
  };
}

export const murugan: CustomerView = {
  id: 41,
  acc_code: 'C000041',
  customer_name: 'முருகன்',
  guardian_name: 'சுப்பிரமணியன்',
  mobile_number: '9842012345',
  alt_mobile_number: null,
  door_no: '12',
  street: 'தெற்கு மாசி வீதி',
  location: 'மதுரை',
  district: 'Madurai',
  pincode: '625001',
  id_proof: null,
  status: true,
  needs_completion: false,
  created_at: '2026-11-20T20:00:00Z',
  name: 'முருகன்',
  phone: '9842012345',
  address: '12, தெற்கு மாசி வீதி, மதுரை',
  city: 'Madurai',
};

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
