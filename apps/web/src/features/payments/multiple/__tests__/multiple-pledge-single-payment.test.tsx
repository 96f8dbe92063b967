import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import {
  handlers,
  pickCustomer,
  renderPage,
  resultOf,
  sentBody,
  type User,
} from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const allocated = (no: string) => screen.getByLabelText(`Allocated Amount, ${no}`) as HTMLInputElement;
const processButton = () => screen.getByRole('button', { name: 'Process Payment' });

function withPost(
  answer: (body: unknown) => Response | Promise<Response> = (body) =>
    jsonResponse(resultOf(body as never), 201),
) {
  return stubApi({
    ...handlers(),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) => answer(JSON.parse(String(init?.body))),
  });
}

async function select(user: User, ...numbers: string[]) {
  for (const no of numbers) await user.click(screen.getByLabelText(`Select ${no}`));
}

describe('Multiple Pledge Single Payment', () => {
  it('lists the pending pledges and shows each selected pledge’s balance', async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    const card = screen.getByTestId('pledge-GL-0001');
    expect(card).toHaveTextContent('08/10/2026');
    expect(card).toHaveTextContent('Principal Rs. 10,000.00');
    expect(card).toHaveTextContent('Total outstanding Rs. 10,300.00');
    expect(screen.getByTestId('selected-count')).toHaveTextContent('Selected: 0');
    expect(screen.queryByLabelText('Payment Method')).toBeNull();
    await select(user, 'GL-0001');
    expect(screen.getByTestId('selected-count')).toHaveTextContent('Selected: 1');
    expect(card).toHaveTextContent('Remaining PrincipalRs. 10,000.00');
    expect(card).toHaveTextContent('Remaining InterestRs. 300.00');
    expect(card).toHaveTextContent('Days Elapsed45');
    expect(card).toHaveTextContent('Minimum RequiredRs. 300.00');
    expect(screen.getByLabelText('Payment Method')).toBeInTheDocument();
  });

  it("quick buttons: 'Interest Only', '50%', 'Full', and the header's total", async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    await select(user, 'GL-0001');
    const card = screen.getByTestId('pledge-GL-0001');
    await user.click(within(card).getByRole('button', { name: 'Interest Only' }));
    expect(allocated('GL-0001')).toHaveValue('300.00');
    expect(screen.getByTestId('type-GL-0001')).toHaveTextContent('Interest');
    await user.click(within(card).getByRole('button', { name: '50%' }));
    expect(allocated('GL-0001')).toHaveValue('5150.00');
    expect(screen.getByTestId('type-GL-0001')).toHaveTextContent('Partial Principal');
    await user.click(within(card).getByRole('button', { name: 'Full' }));
    expect(allocated('GL-0001')).toHaveValue('10300.00');
    expect(screen.getByTestId('type-GL-0001')).toHaveTextContent('Full Close');
    expect(screen.getByTestId('header-total')).toHaveTextContent('Rs. 10,300.00');
    expect(screen.getByTestId('footer-total')).toHaveTextContent('Rs. 10,300.00');
    await user.clear(allocated('GL-0001'));
    await user.type(allocated('GL-0001'), '10300.01');
    expect(screen.getByText('Cannot exceed the total outstanding 10300.00')).toBeInTheDocument();
    // An allocation in error is not sent, so no total counts it.
    expect(screen.getByTestId('header-total')).toHaveTextContent(/—$/);
    expect(screen.getByTestId('footer-total')).toHaveTextContent(/—$/);
  });

  it('Auto Allocate: interest first in order, the rest by outstanding share', async () => {
    withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    const auto = screen.getByRole('button', { name: 'Auto Allocate' });
    expect(auto).toBeDisabled();
    await user.type(screen.getByLabelText('Total Payment Amount'), '500');
    expect(auto).toBeDisabled();
    await select(user, 'GL-0001', 'GL-0003');
    await user.click(auto);
    // 200 of principal over outstanding 10,300 : 4,000 → 144.06 and 55.94.
    expect(allocated('GL-0001')).toHaveValue('444.06');
    expect(allocated('GL-0003')).toHaveValue('55.94');
    expect(screen.getByTestId('header-total')).toHaveTextContent('Rs. 500.00');
  });

  it('keeps Process Payment disabled without an amount or a method, and says why', async () => {
    const fetchMock = withPost();
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    await select(user, 'GL-0002');
    expect(processButton()).toBeDisabled();
    expect(screen.getByTestId('submit-hint')).toHaveTextContent(
      'Please select at least one pledge with allocated amount',
    );
    await user.type(allocated('GL-0002'), '600');
    expect(processButton()).toBeDisabled();
    expect(screen.getByTestId('submit-hint')).toHaveTextContent('Please select a payment method');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'bank');
    expect(processButton()).toBeEnabled();
    await user.click(processButton());
    expect(await screen.findByText('Bank reference is required for non-cash payments')).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
  });

  it('sends the allocation as one request, interest first, and reloads the pledges', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The answer waits, so the screen shows 'Processing...' meanwhile.
    const fetchMock = withPost((body) => gate.then(() => jsonResponse(resultOf(body as never), 201)));
    const user = userEvent.setup();
    const router = renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    await select(user, 'GL-0001', 'GL-0002');
    await user.click(within(screen.getByTestId('pledge-GL-0001')).getByRole('button', { name: 'Full' }));
    await user.type(allocated('GL-0002'), '700');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'cash');
    await user.type(screen.getByLabelText('Remarks'), 'Paid by son');
    await user.click(processButton());
    const [sent] = sentBody(fetchMock);
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    release();
    expect(
      await screen.findByText('Payment processed for 2 pledge(s) - Total: Rs. 11,000.00'),
    ).toBeInTheDocument();
    expect(sent!.body).toMatchObject({
      customer_id: 5,
      total_payment_amount: 11000,
      payment_method: 'cash',
      general_remarks: 'Paid by son',
      approve_discount: false,
    });
    expect(sent!.body.pledge_payments).toEqual([
      expect.objectContaining({
        pledge_id: 11,
        payment_amount: 10300,
        interest_amount: 300,
        principal_amount: 10000,
      }),
      expect.objectContaining({
        pledge_id: 12,
        payment_amount: 700,
        interest_amount: 600,
        principal_amount: 100,
      }),
    ]);
    expect(sentBody(fetchMock)).toHaveLength(1);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/pending-pledges')).length,
      ).toBeGreaterThanOrEqual(2),
    );
    await waitFor(() => expect(screen.getByTestId('selected-count')).toHaveTextContent('Selected: 0'));
    await user.click(screen.getByRole('link', { name: 'Print Receipt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pledge/receipt/42'));
  });

  it("maps a 422 part to its pledge and words other failures 'Failed to process payment'", async () => {
    let calls = 0;
    withPost(() => {
      calls++;
      return calls === 1
        ? jsonResponse(
            {
              detail: [
                {
                  loc: ['body', 'pledge_payments', 0, 'payment_amount'],
                  msg: 'Payment cannot exceed the outstanding ₹10,300.00',
                  type: 'value_error',
                },
              ],
            },
            422,
          )
        : jsonResponse(null, 500);
    });
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    await select(user, 'GL-0001');
    await user.type(allocated('GL-0001'), '300');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'cash');
    await user.click(processButton());
    expect(await screen.findByText('Please fix the validation errors')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('pledge-GL-0001')).getByText(
        'Payment cannot exceed the outstanding ₹10,300.00',
      ),
    ).toBeInTheDocument();
    await user.click(processButton());
    expect(await screen.findByText('Failed to process payment')).toBeInTheDocument();
  });
});
