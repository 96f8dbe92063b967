import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { handlers, pending, pickCustomer, renderPage, resultOf, sentBody } from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const payment = (no: string) => screen.getByLabelText(`Payment amount, ${no}`) as HTMLInputElement;
const summary = () => screen.getByTestId('payment-summary');
const submitButton = () => screen.getByRole('button', { name: /^Submit Payment/ });

function withPost(
  answer: (body: unknown) => Response = (body) => jsonResponse(resultOf(body as never), 201),
) {
  return stubApi({
    ...handlers(),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) => answer(JSON.parse(String(init?.body))),
  });
}

describe('Multiple Pledge Payment: customer and pledges', () => {
  it('shows the customer card, the summary and every pledge with its status', async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    expect(await screen.findByTestId('customer-card')).toHaveTextContent('C000123');
    const tiles = screen.getByTestId('customer-summary');
    expect(tiles).toHaveTextContent('Total Pledges3');
    expect(tiles).toHaveTextContent('Total OutstandingRs. 34,900.00');
    expect(tiles).toHaveTextContent('Selected AmountRs. 0.00');
    const rowC = screen.getByTestId('row-GL-0003');
    expect(rowC).toHaveTextContent('Gold Regular');
    expect(rowC).toHaveTextContent('1.5% / month');
    expect(rowC).toHaveTextContent('Partial Paid');
    expect(screen.getByTestId('row-GL-0001')).toHaveTextContent('Active');
  });

  it("says 'No pending pledges found for this customer.' when there are none", async () => {
    stubApi({
      ...handlers(),
      'GET /api/customers/5/pending-pledges': () =>
        jsonResponse({ ...pending, total_pledges: 0, total_outstanding: 0, pledges: [] }),
    });
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Lak');
    await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
    expect(await screen.findByText('No pending pledges found for this customer.')).toBeInTheDocument();
  });
});

it("says 'Failed to load customer pending pledges' when the pledges cannot be read", async () => {
  stubApi({
    ...handlers(),
    'GET /api/customers/5/pending-pledges': () => jsonResponse({ detail: 'Server error' }, 500),
  });
  const user = userEvent.setup();
  renderPage('multiple-pledge-payment');
  await user.type(screen.getByRole('combobox', { name: 'Search Customer' }), 'Lak');
  await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
  expect((await screen.findAllByText('Failed to load customer pending pledges')).length).toBeGreaterThan(0);
});

describe('Multiple Pledge Payment: selection rules', () => {
  it('Select All pays every outstanding in full, Deselect All resets to zero', async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(payment('GL-0001')).toHaveValue('10300.00');
    expect(payment('GL-0003')).toHaveValue('4000.00');
    expect(summary()).toHaveTextContent('Selected Pledges3');
    expect(summary()).toHaveTextContent('Total InterestRs. 900.00');
    expect(summary()).toHaveTextContent('Total PrincipalRs. 34,000.00');
    expect(submitButton()).toHaveTextContent('Submit Payment - Rs. 34,900.00');
    await user.click(screen.getByRole('button', { name: 'Deselect All' }));
    expect(payment('GL-0001')).toHaveValue('');
    expect(summary()).toHaveTextContent('Selected Pledges0');
  });

  it('an edited amount splits interest first (and Enter there takes no payment)', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0001'));
    await user.clear(payment('GL-0001'));
    await user.type(payment('GL-0001'), '500{Enter}');
    expect(screen.getByTestId('split-GL-0001')).toHaveTextContent('I: Rs. 300.00P: Rs. 200.00');
    await user.clear(payment('GL-0001'));
    await user.type(payment('GL-0001'), '10400');
    expect(screen.getByText('Payment cannot exceed the outstanding ₹10,300.00')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
  });

  it('a row in error counts in no total: the summary and the button show no amount until it is fixed', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.clear(payment('GL-0001'));
    await user.type(payment('GL-0001'), '999999');
    expect(screen.getByText('Payment cannot exceed the outstanding ₹10,300.00')).toBeInTheDocument();
    // GL-0002 and GL-0003 (24,600) are right; GL-0001 is not sent as it stands, so nothing adds it.
    expect(summary()).toHaveTextContent('Total PrincipalRs. 24,000.00');
    expect(summary()).toHaveTextContent('Total Payment—');
    expect(summary()).not.toHaveTextContent('10,');
    expect(submitButton()).toHaveTextContent(/^Submit Payment$/);
    await user.click(submitButton());
    expect(sentBody(fetchMock)).toHaveLength(0);
    await user.clear(payment('GL-0001'));
    await user.type(payment('GL-0001'), '10300');
    expect(summary()).toHaveTextContent('Total PaymentRs. 34,900.00');
    expect(submitButton()).toHaveTextContent('Submit Payment - Rs. 34,900.00');
  });

  it('a double click sends one payment and shows one toast', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0001'));
    // Two clicks before the screen has redrawn: the second must not send the payment again.
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    expect(await screen.findAllByText(/^Payment successful! Receipt:/)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sentBody(fetchMock)).toHaveLength(1);
    expect(screen.getAllByText(/^Payment successful! Receipt:/)).toHaveLength(1);
    // A double click on a form that cannot be sent says so once.
    fireEvent.click(submitButton());
    fireEvent.click(submitButton());
    expect(await screen.findAllByText('Please select customer and pledges')).toHaveLength(1);
  });

  it('Pay Interest Only sets each selected pledge to its interest and no principal', async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Pay Interest Only' }));
    expect(await screen.findByText('Please select pledges first')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Select GL-0001'));
    await user.click(screen.getByLabelText('Select GL-0002'));
    await user.click(screen.getByRole('button', { name: 'Pay Interest Only' }));
    expect(payment('GL-0001')).toHaveValue('300.00');
    expect(payment('GL-0002')).toHaveValue('600.00');
    expect(summary()).toHaveTextContent('Total PrincipalRs. 0.00');
    expect(submitButton()).toHaveTextContent('Submit Payment - Rs. 900.00');
  });

  it('Auto Allocate asks the total in a dialog and fills interest first, then principal by remaining principal', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Auto Allocate' }));
    expect(await screen.findByText('Please select pledges first')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByLabelText('Select GL-0001'));
    await user.click(screen.getByLabelText('Select GL-0003'));
    await user.click(screen.getByRole('button', { name: 'Auto Allocate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auto Allocate' });
    const allocate = within(dialog).getByRole('button', { name: 'Allocate' });
    expect(allocate).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Total amount to allocate'), '0');
    expect(allocate).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Total amount to allocate'));
    await user.type(within(dialog).getByLabelText('Total amount to allocate'), '500{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // 300 interest to GL-0001, then 200 over principals 10,000 : 4,000.
    expect(payment('GL-0001')).toHaveValue('442.86');
    expect(payment('GL-0003')).toHaveValue('57.14');
    // Enter in the dialog allocates; it never submits the payment behind it.
    expect(sentBody(fetchMock)).toHaveLength(0);
  });
});

describe('Multiple Pledge Payment: submit', () => {
  it("asks for pledges, then for amounts ('Please select customer and pledges', 'Please enter payment amounts')", async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(submitButton());
    expect(await screen.findByText('Please select customer and pledges')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Select GL-0001'));
    await user.clear(payment('GL-0001'));
    await user.click(submitButton());
    expect(await screen.findByText('Please enter payment amounts')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
  });

  it('shows the approvals only when there is a discount or a penalty, and requires them', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    expect(screen.queryByTestId('adjustments')).toBeNull();
    await user.type(screen.getByLabelText('Discount, GL-0001'), '50');
    expect(screen.getByLabelText(/Approve Discount/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Approve Penalty/)).toBeNull();
    expect(summary()).toHaveTextContent('Total Discount-Rs. 50.00');
    await user.type(screen.getByLabelText('Penalty, GL-0002'), '20');
    expect(summary()).toHaveTextContent('Total Penalty+Rs. 20.00');
    expect(submitButton()).toHaveTextContent('Submit Payment - Rs. 34,870.00');
    await user.click(submitButton());
    expect(await screen.findByText('Please approve the discount')).toBeInTheDocument();
    expect(screen.getByText('Please approve the penalty')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
  });

  it('sends one request with interest-first parts and shows the result with a Print Receipt link', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    const router = renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByRole('button', { name: 'Select All' }));
    await user.clear(payment('GL-0002'));
    await user.type(payment('GL-0002'), '1000');
    await user.type(screen.getByLabelText('Discount, GL-0001'), '50');
    await user.type(screen.getByLabelText('Discount reason, GL-0001'), 'Old customer');
    await user.type(screen.getByLabelText('Discount Reason'), 'Festival');
    await user.click(screen.getByLabelText(/Approve Discount/));
    await user.click(submitButton());

    const dialog = await screen.findByRole('dialog', { name: 'Payment Successfully Processed' });
    const [sent] = sentBody(fetchMock);
    expect(sent!.url).toContain('/api/customers/5/multiple-pledge-payment');
    expect(sent!.key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent!.body).toMatchObject({
      customer_id: 5,
      payment_method: 'cash',
      bank_reference: null,
      total_payment_amount: 15300,
      total_discount_amount: 50,
      total_penalty_amount: 0,
      discount_reason: 'Festival',
      approve_discount: true,
      approve_penalty: false,
      receipt_no: null,
    });
    expect(sent!.body.pledge_payments).toEqual([
      expect.objectContaining({
        pledge_id: 11,
        payment_amount: 10300,
        interest_amount: 300,
        principal_amount: 10000,
        discount_amount: 50,
        discount_reason: 'Old customer',
        payment_type: 'regular',
      }),
      expect.objectContaining({
        pledge_id: 12,
        payment_amount: 1000,
        interest_amount: 600,
        principal_amount: 400,
      }),
      expect.objectContaining({
        pledge_id: 13,
        payment_amount: 4000,
        interest_amount: 0,
        principal_amount: 4000,
      }),
    ]);

    expect(await screen.findByText('Payment successful! Receipt: R/2026-27/000042')).toBeInTheDocument();
    const facts = within(dialog).getByTestId('result-facts');
    expect(facts).toHaveTextContent('Receipt NumberR/2026-27/000042');
    expect(facts).toHaveTextContent('Payment ID42');
    expect(facts).toHaveTextContent('Master VoucherRV/2026-27/000017');
    expect(facts).toHaveTextContent('Total PaidRs. 15,300.00');
    expect(facts).toHaveTextContent('Net AmountRs. 15,250.00');
    expect(facts).toHaveTextContent('Payment MethodCash');
    expect(within(dialog).getAllByText('Completed')).toHaveLength(2);
    expect(within(dialog).getByText('Partial')).toBeInTheDocument();
    expect(within(dialog).getByTestId('accounting-entries')).toHaveTextContent('Dr Cash in Hand');
    expect(within(dialog).getByText('Payment processed successfully')).toBeInTheDocument();
    // The selection is cleared and the pending pledges are read again.
    expect(
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/pending-pledges')).length,
    ).toBeGreaterThanOrEqual(2);
    await user.click(within(dialog).getByRole('link', { name: 'Print Receipt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pledge/receipt/42'));
  });

  it('puts a 422 of one part under that pledge and retries with the same key', async () => {
    let calls = 0;
    const fetchMock = withPost(() => {
      calls++;
      return calls === 1
        ? jsonResponse(
            {
              detail: [
                {
                  loc: ['body', 'pledge_payments', 1, 'payment_amount'],
                  msg: 'Payment cannot exceed the outstanding ₹20,600.00',
                  type: 'value_error',
                },
              ],
            },
            422,
          )
        : jsonResponse({ detail: 'Network trouble' }, 503);
    });
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0001'));
    await user.click(screen.getByLabelText('Select GL-0002'));
    await user.click(submitButton());
    expect(await screen.findByText('Please fix the validation errors')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('row-GL-0002')).getByText('Payment cannot exceed the outstanding ₹20,600.00'),
    ).toBeInTheDocument();
    expect(payment('GL-0002')).toHaveAttribute('aria-invalid', 'true');
    await user.click(submitButton());
    expect(await screen.findByText('Network trouble')).toBeInTheDocument();
    const [first, second] = sentBody(fetchMock);
    expect(second!.key).toBe(first!.key);
  });

  it('reads the balances again after a refusal that says a pledge changed, keeping what was typed', async () => {
    // Another counter took GL-0001's 300 of interest after this screen read it.
    let paidElsewhere = false;
    stubApi({
      ...handlers(),
      'GET /api/customers/5/pending-pledges': () =>
        jsonResponse(
          paidElsewhere
            ? {
                ...pending,
                total_outstanding: pending.total_outstanding - 300,
                pledges: pending.pledges.map((p) =>
                  p.pledge_no === 'GL-0001' ? { ...p, remaining_interest: 0, total_outstanding: 10000 } : p,
                ),
              }
            : pending,
        ),
      'POST /api/customers/5/multiple-pledge-payment': () => {
        paidElsewhere = true;
        return jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'pledge_payments', 0, 'payment_amount'],
                msg: 'Payment cannot exceed the outstanding ₹10,000.00',
                type: 'value_error',
              },
            ],
          },
          422,
        );
      },
    });
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0001'));
    expect(payment('GL-0001')).toHaveValue('10300.00');
    await user.click(submitButton());
    // The balances the server refused against are on the screen now.
    await waitFor(() =>
      expect(screen.getByTestId('customer-summary')).toHaveTextContent('Total OutstandingRs. 34,600.00'),
    );
    const row = screen.getByTestId('row-GL-0001');
    expect(row).toHaveTextContent('I: Rs. 0.00');
    // What was typed stays, selected, shown against the new balance.
    expect(payment('GL-0001')).toHaveValue('10300.00');
    expect(screen.getByLabelText('Select GL-0001')).toBeChecked();
    expect(within(row).getByText('Payment cannot exceed the outstanding ₹10,000.00')).toBeInTheDocument();
  });

  it("shows the server's sentence for a 409 (a pledge closed at another counter)", async () => {
    withPost(() => jsonResponse({ detail: 'Pledge GL-0002 is closed', code: 'PLEDGE_CLOSED' }, 409));
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0002'));
    await user.click(submitButton());
    expect(await screen.findByText('Pledge GL-0002 is closed')).toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('asks a bank reference or cheque number only when the method is not cash', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(screen.getByLabelText('Select GL-0003'));
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');
    expect(screen.queryByLabelText('Bank Reference / Cheque Number')).toBeNull();
    expect(screen.getByLabelText('Receipt Number')).toHaveAttribute('placeholder', 'Auto-generated if empty');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'cheque');
    await user.click(submitButton());
    expect(await screen.findByText('Bank reference is required for non-cash payments')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
  });
});
