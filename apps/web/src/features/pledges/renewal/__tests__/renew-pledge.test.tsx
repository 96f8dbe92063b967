import type { RenewalPreview } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminUser,
  jsonResponse,
  mainBranch,
  renderApp,
  seedSession,
  stubApi,
} from '../../../../test/helpers';
import { pledgeView } from '../../list/__tests__/pledge-fixtures';
import { RENEW_TEXTS } from '../pages/renew-pledge-page';

afterEach(() => {
  window.location.hash = '';
});

const line = (account_code: string, account_name: string, debit: number, credit: number) => ({
  account_code,
  account_name,
  debit,
  credit,
});

/** The server's figures of a top-up: 50,000 owed, a new loan of 60,000 (900 + 100), 9,000 handed over. */
function preview(overrides: Partial<RenewalPreview> = {}): RenewalPreview {
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

function openRenew(handlers: Parameters<typeof stubApi>[0]) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/pledge/renew/7';
  const fetchMock = stubApi({
    'GET /api/users/me': () => jsonResponse(adminUser),
    'GET /api/pledges/7': () => jsonResponse(pledgeView()),
    ...handlers,
  });
  renderApp();
  return fetchMock;
}

describe('Renew / Top-up', () => {
  it('shows the server preview, sends the kept articles and the loan, and links to the new ticket and the receipt', async () => {
    let sent: { items: { keep: { pledge_item_id: number }[] }; total_loan_amount: number } | null = null;
    const fetchMock = openRenew({
      'POST /api/pledges/7/renew/preview': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse(preview());
      },
      'POST /api/pledges/7/renew': () =>
        jsonResponse(
          {
            ...preview(),
            renewal_id: 1,
            receipt_id: 55,
            receipt_no: 'R/2026-27/000055',
            close_voucher: { ...preview().close_voucher, voucher_number: 'RCT/2026-27/0009' },
            open_voucher: { ...preview().open_voucher, voucher_number: 'PMT/2026-27/0010' },
            old_pledge_view: pledgeView({ status: 'inactive', closed_date: '2026-11-26' }),
            new_pledge_view: pledgeView({ pledge_id: 8, id: 8, pledge_no: 'GL/2026-27/0008' }),
          },
          201,
        ),
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Renew / Top-up', level: 1 })).toBeInTheDocument();
    const panel = await screen.findByRole('complementary', { name: 'Renewal preview' });
    expect(await within(panel).findByText('Pay Rs. 9,000.00 to the customer in cash.')).toBeInTheDocument();
    expect(within(panel).getAllByText('Rs. 50,000.00').length).toBeGreaterThan(0);
    expect(within(panel).getByRole('table', { name: 'Payment of the new loan' })).toHaveTextContent(
      'Cash in Hand',
    );
    expect(sent!.items.keep.map((k) => k.pledge_item_id)).toEqual([11, 12]);
    expect(sent!.total_loan_amount).toBe(48900);

    // Return the second article: the preview is asked again without it.
    await user.click(screen.getAllByRole('checkbox', { name: /^Keep / })[1]!);
    await waitFor(() => expect(sent!.items.keep.map((k) => k.pledge_item_id)).toEqual([11]));

    await user.click(screen.getByRole('button', { name: 'Save Renewal' }));
    expect(await screen.findByTestId('renewal-new-pledge-no')).toHaveTextContent('GL/2026-27/0008');
    expect(screen.getByRole('link', { name: 'Print new pawn ticket' })).toHaveAttribute(
      'href',
      '#/pledge/print/8?kind=full',
    );
    expect(screen.getByRole('link', { name: 'Receipt R/2026-27/000055' })).toHaveAttribute(
      'href',
      '#/pledge/receipt/55',
    );
    const save = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/renew') && init?.method === 'POST',
    );
    expect(new Headers(save![1]!.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it("puts the server's 422 under the loan field", async () => {
    openRenew({
      'POST /api/pledges/7/renew/preview': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'total_loan_amount'],
                msg: 'Loan amount cannot exceed the eligible loan of Rs. 78,750.00',
                type: 'value_error',
              },
            ],
          },
          422,
        ),
    });
    expect(
      await screen.findByText('Loan amount cannot exceed the eligible loan of Rs. 78,750.00'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Renewal' })).toBeDisabled();
  });

  it('says a closed pledge cannot be renewed', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/pledge/renew/7';
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/pledges/7': () => jsonResponse(pledgeView({ closed_date: '2026-10-01', status: 'inactive' })),
    });
    renderApp();
    expect(await screen.findByText(RENEW_TEXTS.notRenewable)).toBeInTheDocument();
  });
});
