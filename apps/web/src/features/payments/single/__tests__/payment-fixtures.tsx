import type {
  PendingPledges,
  PledgeBalanceView,
  PledgePaymentSaved,
  PledgePaymentView,
  PledgeView,
} from '@pledge-desk/domain';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { adminUser, jsonResponse, mainBranch, seedSession } from '@/test/helpers';
import { SinglePaymentPage } from '../pages/single-payment-page';

/** A gold pledge of 48,000 at 1.5 % a month, first month interest 720, taken on 1 September 2026. */
export const pledge: PledgeView = {
  pledge_id: 40,
  id: 40,
  pledge_no: 'GL7',
  customer_id: 5,
  customer_name: 'Lakshmi Narayanan',
  customer_acc_code: 'C000123',
  customer_mobile: '9876543210',
  scheme_id: 3,
  scheme_name: 'Gold Regular',
  pledge_date: '2026-09-01',
  due_date: '2027-09-01',
  closed_date: null,
  document_charges: 100,
  first_month_interest: 720,
  total_loan_amount: 48000,
  final_amount: 47180,
  total_valuation: 112500,
  eligible_loan: 84375,
  status: 'active',
  is_move_to_bank: false,
  remarks: null,
  item_count: 1,
  gross_weight: 10.5,
  net_weight: 10.5,
  rate_per_gram: 6000,
  interest_rate: 1.5,
  loan_allowed_percent: 75,
  slippage_percent: 2,
  duration: 12,
  principal_amount: 48000,
  start_date: '2026-09-01',
  voucher_number: 'PMT/2026-27/0001',
  ticket_prints: 0,
  created_at: '2026-09-01T05:00:00Z',
  updated_at: '2026-09-01T05:00:00Z',
  items: [],
};

/** The server's balance: 1,440 of interest and the whole 48,000 left; `as_of` echoes the query. */
export function balanceOf(asOf: string, patch: Partial<PledgeBalanceView> = {}): PledgeBalanceView {
  return {
    pledge_id: 40,
    pledge_no: 'GL7',
    as_of: asOf,
    days_elapsed: 83,
    months_elapsed: 2,
    interest_due: 2160,
    interest_paid: 720,
    remaining_interest: 1440,
    remaining_principal: 48000,
    total_outstanding: 49440,
    paid_principal: 0,
    paid_interest: 0,
    last_payment_date: '2026-10-05',
    is_payable: true,
    closed_date: null,
    ...patch,
  };
}

export function paymentRow(patch: Partial<PledgePaymentView> = {}): PledgePaymentView {
  return {
    payment_id: 300,
    id: 300,
    receipt_id: 900,
    receipt_no: 'R/2026-27/000001',
    receipt_kind: 'single',
    pledge_id: 40,
    pledge_no: 'GL7',
    customer_id: 5,
    customer_name: 'Lakshmi Narayanan',
    payment_date: '2026-10-05',
    payment_type: 'interest',
    payment_method: 'cash',
    amount: 500,
    interest_amount: 500,
    principal_amount: 0,
    penalty_amount: 0,
    discount_amount: 0,
    discount_reason: null,
    penalty_reason: null,
    balance_amount: 48220,
    bank_reference: null,
    remarks: null,
    closed_pledge: false,
    voucher_number: 'RCT/2026-27/0001',
    created_at: '2026-10-05T05:00:00Z',
    created_by_username: 'admin',
    reversed: false,
    reversed_at: null,
    reversed_by_username: null,
    reversal_reason: null,
    reversal_voucher_number: null,
    ...patch,
  };
}

/** Two payments of the pledge: one that counts, one reversed. */
export const history: PledgePaymentView[] = [
  paymentRow(),
  paymentRow({
    payment_id: 301,
    id: 301,
    receipt_id: 901,
    receipt_no: 'R/2026-27/000002',
    amount: 200,
    interest_amount: 200,
    penalty_amount: 10,
    balance_amount: 48020,
    reversed: true,
    reversed_at: '2026-10-06T05:00:00Z',
    reversal_reason: 'Typed twice',
  }),
];

export const pending: PendingPledges = {
  customer_id: 5,
  as_of: '2026-11-23',
  total_pledges: 1,
  total_outstanding: 49440,
  pledges: [
    {
      pledge_id: 40,
      pledge_no: 'GL7',
      pledge_amount: 48000,
      pledge_date: '2026-09-01',
      due_date: '2027-09-01',
      scheme_name: 'Gold Regular',
      monthly_interest_rate: 1.5,
      days_elapsed: 83,
      remaining_interest: 1440,
      remaining_principal: 48000,
      total_outstanding: 49440,
      paid_principal: 0,
      paid_interest: 500,
      last_payment_date: '2026-10-05',
    },
  ],
};

export function savedPayment(patch: Partial<PledgePaymentView> = {}): PledgePaymentSaved {
  const row = paymentRow({
    payment_id: 310,
    id: 310,
    receipt_id: 910,
    receipt_no: 'R/2026-27/000010',
    ...patch,
  });
  return {
    ...row,
    balance: balanceOf(row.payment_date, { remaining_interest: 0, total_outstanding: 48000 }),
  };
}

const asOfOf = (url: string) => new URL(url, 'http://x').searchParams.get('as_of') ?? '2026-11-23';

/** The answers of a pledge with 1,440 of interest left; override one with a later spread. */
export function paymentHandlers(balancePatch: Partial<PledgeBalanceView> = {}) {
  return {
    'GET /api/customers/search': () =>
      jsonResponse([{ id: 5, name: 'Lakshmi Narayanan', phone: '9876543210' }]),
    'GET /api/customers/5/pending-pledges': () => jsonResponse(pending),
    'GET /api/pledges/40': () => jsonResponse(pledge),
    'GET /api/pledges/40/balance': ({ url }: { url: string }) =>
      jsonResponse(balanceOf(asOfOf(url), balancePatch)),
    'GET /api/pledges/40/payments': () => jsonResponse(history),
  };
}

export function renderPayment(path = '/pledge/payment', user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  const router = createMemoryRouter(
    [
      { path: '/pledge/payment', element: <SinglePaymentPage /> },
      { path: '/pledge/payment-new', element: <SinglePaymentPage /> },
      { path: '/pledge/receipt/:receiptId', element: <p>Receipt screen</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
