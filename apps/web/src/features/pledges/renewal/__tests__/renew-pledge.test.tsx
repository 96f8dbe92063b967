import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { RENEW_TEXTS } from '../pages/renew-pledge-page';
import { openRenew, preview } from './renew-pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

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

    // Save waits for the figures of what is typed.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Renewal' })).toBeEnabled());
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
