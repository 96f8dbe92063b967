import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { pledgeView } from '@/features/pledges/list/__tests__/pledge-fixtures';
import { heldAnswer, jsonResponse } from '@/test/helpers';
import { openRenew, preview } from './renew-pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

interface SentBody {
  total_loan_amount: number;
  expected_cash_to_customer?: number;
  expected_cash_from_customer?: number;
}

/** The server's figures for a new loan: 50,000 owed, 1.5 % first month and 100 charges. */
function figuresFor(loan: number) {
  const cash = loan - Math.round(loan * 1.5) / 100 - 100 - 50000;
  const words = (n: number) => `Rs. ${n.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
  return preview({
    new_pledge: { ...preview().new_pledge, total_loan_amount: loan },
    cash_to_customer: Math.max(cash, 0),
    cash_from_customer: Math.max(-cash, 0),
    cash_statement:
      cash >= 0
        ? `Pay ${words(cash)} to the customer in cash.`
        : `Collect ${words(-cash)} from the customer in cash.`,
  });
}

describe('Renew / Top-up: what is saved is what was previewed', () => {
  it('keeps Save disabled while the preview lags behind the typed loan, and sends the previewed figures', async () => {
    const held = heldAnswer<Response>();
    let saved: SentBody | null = null;
    openRenew(
      {
        'POST /api/pledges/7/renew/preview': ({ init }) => {
          const sent = JSON.parse(String(init?.body)) as SentBody;
          // The first figures come at once; those of the raised loan only when the test lets them.
          return sent.total_loan_amount === 60000 ? jsonResponse(figuresFor(60000)) : held.hold();
        },
        'POST /api/pledges/7/renew': ({ init }) => {
          saved = JSON.parse(String(init?.body)) as SentBody;
          return jsonResponse(
            {
              ...figuresFor(saved.total_loan_amount),
              renewal_id: 1,
              receipt_id: 55,
              receipt_no: 'R/2026-27/000055',
              old_pledge_view: pledgeView({ status: 'inactive', closed_date: '2026-11-26' }),
              new_pledge_view: pledgeView({ pledge_id: 8, id: 8, pledge_no: 'GL/2026-27/0008' }),
            },
            201,
          );
        },
      },
      pledgeView({ total_loan_amount: 60000 }),
    );
    const user = userEvent.setup();
    const panel = await screen.findByRole('complementary', { name: 'Renewal preview' });
    const statement = () => within(panel).getByTestId('renewal-cash-statement');
    await waitFor(() => expect(statement()).toHaveTextContent('Pay Rs. 9,000.00 to the customer in cash.'));
    const save = screen.getByRole('button', { name: 'Save Renewal' });
    await waitFor(() => expect(save).toBeEnabled());

    // The loan raised: the preview still shows the old figures, so Save waits for the new ones.
    const loan = screen.getByLabelText('New Loan Amount');
    await user.clear(loan);
    await user.type(loan, '80000');
    expect(save).toBeDisabled();
    expect(statement()).toHaveTextContent('Pay Rs. 9,000.00 to the customer in cash.');
    await user.click(save);
    expect(saved).toBeNull();
    // The preview of 80,000 reaches the server and is still out: Save stays disabled meanwhile.
    await waitFor(() => expect(within(panel).getByText('(updating…)')).toBeInTheDocument());
    expect(save).toBeDisabled();

    await held.release(jsonResponse(figuresFor(80000)));
    await waitFor(() => expect(statement()).toHaveTextContent('Pay Rs. 28,700.00 to the customer in cash.'));
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(await screen.findByTestId('renewal-new-pledge-no')).toHaveTextContent('GL/2026-27/0008');
    // The loan and the cash the clerk saw travel together; the server refuses them if its own differ.
    expect(saved).toMatchObject({
      total_loan_amount: 80000,
      expected_cash_to_customer: 28700,
      expected_cash_from_customer: 0,
    });
  });

  it('keeps Save disabled while the preview of what is typed was refused', async () => {
    openRenew({
      'POST /api/pledges/7/renew/preview': ({ init }) => {
        const sent = JSON.parse(String(init?.body)) as SentBody;
        if (sent.total_loan_amount === 48900) return jsonResponse(figuresFor(48900));
        return jsonResponse({ detail: 'Something went wrong on the server' }, 503);
      },
    });
    const user = userEvent.setup();
    const save = await screen.findByRole('button', { name: 'Save Renewal' });
    await waitFor(() => expect(save).toBeEnabled());
    const loan = screen.getByLabelText('New Loan Amount');
    await user.clear(loan);
    await user.type(loan, '52000');
    expect(await screen.findByText('Something went wrong on the server')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });
});
