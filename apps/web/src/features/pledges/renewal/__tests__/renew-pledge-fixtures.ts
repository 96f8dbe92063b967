import type { RenewalPreview } from '@pledge-desk/domain';
import { pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import type { User } from '@/lib/session-types';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';

export const line = (account_code: string, account_name: string, debit: number, credit: number) => ({
  account_code,
  account_name,
  debit,
  credit,
});

/** The server's figures of a top-up: 50,000 owed, a new loan of 60,000 (900 + 100), 9,000 handed over. */
export function preview(overrides: Partial<RenewalPreview> = {}): RenewalPreview {
  return {
    renewal_date: '2026-11-26',
    customer_id: 41,
    customer_name: 'Murugan',
    old_pledge: {
      pledge_id: 7,
      pledge_no: 'GL/2026-27/0007',
      pledge_date: '2026-06-01',
      days_elapsed: 178,
      last_payment_date: null,
      principal: 48900,
      interest: 1100,
      outstanding: 50000,
    },
    new_pledge: {
      scheme_id: 3,
      scheme_name: 'Gold 6 months',
      pledge_date: '2026-11-26',
      due_date: '2027-05-26',
      rate_per_gram: 7000,
      interest_rate: 1.5,
      loan_allowed_percent: 75,
      item_count: 2,
      gross_weight: 16,
      net_weight: 15,
      total_valuation: 105000,
      eligible_loan: 78750,
      total_loan_amount: 60000,
      first_month_interest: 900,
      document_charges: 100,
      final_amount: 59000,
      items: [],
    },
    returned_items: [],
    weight_increases: [],
    cash_to_customer: 9000,
    cash_from_customer: 0,
    cash_statement: 'Pay Rs. 9,000.00 to the customer in cash.',
    payment_method: 'cash',
    cash_limit_reached: false,
    close_voucher: {
      voucher_type: 'Receipt',
      voucher_number: null,
      lines: [line('1195', 'Renewal Clearing', 50000, 0), line('1200', 'Pledge Loans Receivable', 0, 48900)],
    },
    open_voucher: {
      voucher_type: 'Payment',
      voucher_number: null,
      lines: [line('1200', 'Pledge Loans Receivable', 60000, 0), line('1000', 'Cash in Hand', 0, 9000)],
    },
    warnings: [],
    ...overrides,
  };
}

/** Signs in at the main branch and opens Renew / Top-up on pledge 7 with the given API answers. */
export function openRenew(
  handlers: Parameters<typeof stubApi>[0],
  pledge = pledgeView(),
  user: User = adminUser,
) {
  seedSession({ user, company: mainBranch });
  window.location.hash = '#/pledge/renew/7';
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/pledges/7': () => jsonResponse(pledge),
    ...handlers,
  });
  renderApp();
  return fetchMock;
}
