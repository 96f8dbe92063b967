import { addDays, businessToday, formatIndianDate } from '@pledge-desk/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import {
  balanceOf,
  history,
  paymentHandlers,
  paymentRow,
  renderPayment,
  savedPayment,
} from './payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

type User = ReturnType<typeof userEvent.setup>;

const amountField = () => screen.getByLabelText('Amount') as HTMLInputElement;
const interestField = () => screen.getByLabelText('Interest Amount') as HTMLInputElement;
const principalField = () => screen.getByLabelText('Principal Amount') as HTMLInputElement;
const typeField = () => screen.getByLabelText('Payment Type') as HTMLSelectElement;
const submit = () => screen.getByRole('button', { name: /Submit Payment|Saving|Loading balance/ });

/** Opens the pledge by its link and waits for the server's balance of today. */
async function openPledge() {
  renderPayment('/pledge/payment?pledge_id=40');
  await waitFor(() => expect(screen.getByTestId('balance-as-of')).toHaveTextContent(/^As of/));
  await waitFor(() => expect(submit()).toHaveTextContent('Submit Payment'));
}

async function chooseType(user: User, label: string) {
  await user.selectOptions(typeField(), within(typeField()).getByRole('option', { name: label }));
}

function errorOf(field: HTMLElement): string | null {
  const id = field
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

function postedBodies(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/pledge-payments/') && init?.method === 'POST')
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
      key: new Headers(init?.headers).get('Idempotency-Key'),
    }));
}

describe('single payment: customer and pledge', () => {
  it('searches the customer from 2 characters, lists the pending pledges and shows the server figures', async () => {
    const fetchMock = stubApi(paymentHandlers());
    const user = userEvent.setup();
    renderPayment();
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'L');
    expect(await screen.findByText('Type at least 2 characters to search.')).toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Customer' }), 'a');
    await user.click(await screen.findByRole('option', { name: /Lakshmi Narayanan/ }));
    const pledgeSelect = screen.getByLabelText('Pledge');
    await within(pledgeSelect).findByRole('option', { name: /GL7/ });
    await user.selectOptions(pledgeSelect, '40');
    await waitFor(() => expect(screen.getByTestId('balance-total')).toHaveTextContent('Rs. 49,440.00'));
    expect(screen.getByTestId('summary-loan')).toHaveTextContent('Rs. 48,000.00');
    expect(screen.getByTestId('summary-rate')).toHaveTextContent('1.5% per month');
    expect(screen.getByTestId('balance-remaining-interest')).toHaveTextContent('Rs. 1,440.00');
    expect(screen.getByTestId('balance-days')).toHaveTextContent('83');
    const asOf = fetchMock.mock.calls.map(([u]) => String(u)).find((u) => u.includes('/balance?'));
    expect(new URL(asOf!, 'http://x').searchParams.get('as_of')).toBe(businessToday());
  });

  it('opens a pledge link directly, with its customer, and refetches the balance when the date changes', async () => {
    const fetchMock = stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('Lakshmi Narayanan — 9876543210');
    const date = screen.getByLabelText('Payment Date');
    await user.clear(date);
    await user.type(date, '01/11/2026');
    await waitFor(() => expect(screen.getByTestId('balance-as-of')).toHaveTextContent('As of 01/11/2026'));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('as_of=2026-11-01'))).toBe(true);
  });

  it('shows the payment history with totals of the payments that count, and reversed rows as Reversed', async () => {
    stubApi(paymentHandlers());
    await openPledge();
    const rows = await screen.findAllByTestId('history-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('Reversed');
    const totals = screen.getByTestId('history-totals');
    expect(totals).toHaveTextContent('Total (reversed payments not counted)');
    expect(totals).toHaveTextContent('500.00');
    expect(totals).not.toHaveTextContent('700.00');
  });

  it("says 'Failed to load payment history' when the history cannot be read", async () => {
    stubApi({
      ...paymentHandlers(),
      'GET /api/pledges/40/payments': () => jsonResponse({ detail: 'boom' }, 500),
    });
    renderPayment('/pledge/payment-new?pledge_id=40');
    expect(await screen.findByText('Failed to load payment history')).toBeInTheDocument();
  });
});

describe('single payment: type switching', () => {
  it('puts the amount all to interest, then all to principal, and a full close locks the outstanding', async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    expect(interestField()).toHaveValue('500.00');
    expect(principalField()).toHaveValue('0.00');

    await chooseType(user, 'Partial Principal');
    expect(amountField()).toHaveValue('500');
    expect(interestField()).toHaveValue('0.00');
    expect(principalField()).toHaveValue('500.00');

    await chooseType(user, 'Full Close');
    expect(amountField()).toHaveValue('49440.00');
    expect(amountField()).toHaveAttribute('readonly');
    expect(screen.getByTestId('amount-locked')).toBeInTheDocument();
    expect(interestField()).toHaveValue('1440.00');
    expect(principalField()).toHaveValue('48000.00');
    await user.type(amountField(), '1');
    expect(amountField()).toHaveValue('49440.00');

    await chooseType(user, 'Interest');
    expect(amountField()).toHaveValue('');
    expect(amountField()).not.toHaveAttribute('readonly');
  });

  it('shows the cash received as amount + penalty − discount', async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '1000');
    await user.type(screen.getByLabelText('Penalty Amount'), '50');
    await user.type(screen.getByLabelText('Discount Amount'), '20.50');
    expect(screen.getByTestId('cash-received')).toHaveTextContent('Rs. 1,029.50');
  });
});

describe('single payment: the messages of §5', () => {
  it('asks for a customer, a pledge and a payment type', async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    renderPayment();
    await user.click(submit());
    expect(await screen.findByText('Please select a customer')).toBeInTheDocument();
    expect(screen.getByText('Please select a pledge')).toBeInTheDocument();
    expect(errorOf(typeField())).toBe('Please select a payment type');
    expect(await screen.findByText('Please fix the validation errors')).toBeInTheDocument();
  });

  it('refuses a zero amount, interest above the remaining interest, and principal while interest remains', async () => {
    const fetchMock = stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '0');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amountField())).toBe('Enter an amount above zero.'));

    await user.clear(amountField());
    await user.type(amountField(), '1500');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amountField())).toBe('Interest payment cannot exceed ₹1,440.00'));

    await chooseType(user, 'Partial Principal');
    await user.click(submit());
    await waitFor(() =>
      expect(errorOf(typeField())).toBe(
        'Please clear all interest payments before making principal payments',
      ),
    );
    expect(postedBodies(fetchMock)).toHaveLength(0);
  });

  it('asks for a valid amount when none is typed, and for a payment date and method', async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.clear(screen.getByLabelText('Payment Date'));
    await user.selectOptions(screen.getByLabelText('Payment Method'), '');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amountField())).toBe('Please enter a valid payment amount'));
    expect(errorOf(screen.getByLabelText('Payment Date'))).toBe('Please select a payment date');
    expect(errorOf(screen.getByLabelText('Payment Method'))).toBe('Please select a payment method');
  });

  it('refuses a payment date in the future', async () => {
    stubApi(paymentHandlers());
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '100');
    const date = screen.getByLabelText('Payment Date');
    await user.clear(date);
    await user.type(date, formatIndianDate(addDays(businessToday(), 1)));
    await user.click(submit());
    await waitFor(() => expect(errorOf(date)).toBe('Payment date cannot be in the future'));
    // The date's message alone: no balance of a future date to hold the amount against.
    expect(errorOf(amountField())).toBeNull();
    expect(screen.queryByText(/cannot exceed/)).toBeNull();
  });

  it('needs a bank reference for bank and online payments, not for cash', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201),
    });
    const user = userEvent.setup();
    await openPledge();
    const reference = screen.getByLabelText('Bank Reference');
    expect(reference).toBeDisabled();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'bank');
    expect(reference).toBeEnabled();
    await user.click(submit());
    await waitFor(() => expect(errorOf(reference)).toBe('Bank reference is required for non-cash payments'));
    expect(postedBodies(fetchMock)).toHaveLength(0);

    await user.type(reference, 'UTR123456');
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    const [sent] = postedBodies(fetchMock);
    expect(sent?.body).toMatchObject({
      pledge_id: 40,
      payment_type: 'interest',
      amount: 500,
      interest_amount: 500,
      principal_amount: 0,
      payment_method: 'bank',
      bank_reference: 'UTR123456',
      receipt_no: null,
    });
  });

  it("puts the server's 422 messages under their fields with the validation toast", async () => {
    stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'amount'],
                msg: 'Full close amount must equal ₹49,500.00',
                type: 'value_error',
              },
              { loc: ['body', 'receipt_no'], msg: 'Receipt number R-1 is already used', type: 'value_error' },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Full Close');
    await user.type(screen.getByLabelText('Receipt Number'), 'R-1');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amountField())).toBe('Full close amount must equal ₹49,500.00'));
    expect(errorOf(screen.getByLabelText('Receipt Number'))).toBe('Receipt number R-1 is already used');
    expect(screen.getByText('Please fix the validation errors')).toBeInTheDocument();
  });

  it("shows a 409's detail as an error toast", async () => {
    stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () =>
        jsonResponse({ detail: 'This pledge is closed.', code: 'PLEDGE_CLOSED' }, 409),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '100');
    await user.click(submit());
    expect(await screen.findByText('This pledge is closed.')).toBeInTheDocument();
  });

  it('says when the pledge takes no payment and keeps Submit off', async () => {
    stubApi(paymentHandlers({ is_payable: false, closed_date: '2026-11-01' }));
    await openPledge();
    expect(
      await screen.findByText('This pledge takes no payment: it is closed, inactive or moved to bank.'),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});

describe('single payment: saving', () => {
  it('keeps one Idempotency-Key for a retry of the same payment, a new one once it succeeded', async () => {
    let failNext = true;
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () => {
        if (failNext) {
          failNext = false;
          throw new TypeError('Failed to fetch');
        }
        return jsonResponse(savedPayment(), 201);
      },
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    await user.click(submit());
    expect(await screen.findByText('Failed to submit payment')).toBeInTheDocument();
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    const [first, retry] = postedBodies(fetchMock);
    expect(first?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(retry?.key).toBe(first?.key);

    // The form reset; the next payment is a new one.
    expect(amountField()).toHaveValue('');
    expect(typeField()).toHaveValue('');
    const link = screen.getByRole('link', { name: 'Print Receipt' });
    expect(link).toHaveAttribute('href', '/pledge/receipt/910');
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    await user.click(submit());
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(3));
    expect(postedBodies(fetchMock)[2]?.key).not.toBe(first?.key);
  });

  it('takes a new key when the payment changed after a failure', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () => jsonResponse({ detail: 'boom' }, 500),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '100');
    await user.click(submit());
    expect(await screen.findByText('Failed to submit payment')).toBeInTheDocument();
    await user.type(amountField(), '0');
    await user.click(submit());
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(2));
    const [first, second] = postedBodies(fetchMock);
    expect(second?.body.amount).toBe(1000);
    expect(second?.key).not.toBe(first?.key);
  });

  it('disables Submit while the request runs, and reloads balance and history after success', async () => {
    let answer: (r: Response) => void = () => {};
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    const reads = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part)).length;
    const balanceReads = reads('/balance');
    const historyReads = reads('/pledges/40/payments');
    await user.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    expect(submit()).toHaveTextContent('Saving...');
    await user.click(submit());
    answer(jsonResponse(savedPayment(), 201));
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(reads('/balance')).toBeGreaterThan(balanceReads));
    await waitFor(() => expect(reads('/pledges/40/payments')).toBeGreaterThan(historyReads));
  });

  it('a double click sends one payment and shows one toast', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Interest');
    await user.type(amountField(), '500');
    // Two clicks before the screen has redrawn: the second must not send the payment again.
    fireEvent.click(submit());
    fireEvent.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getAllByText('Payment saved successfully')).toHaveLength(1);
    expect(postedBodies(fetchMock)).toHaveLength(1);
  });

  it('reads the balance and history again when the server says the pledge changed at another counter', async () => {
    // Another clerk takes 500 of interest on this pledge while this screen still shows 1,440 owed.
    let paidElsewhere = false;
    const otherPayment = paymentRow({
      payment_id: 320,
      id: 320,
      receipt_id: 920,
      receipt_no: 'R/2026-27/000020',
      payment_date: businessToday(),
      amount: 500,
      interest_amount: 500,
    });
    stubApi({
      ...paymentHandlers(),
      'GET /api/pledges/40/balance': ({ url }) => {
        const asOf = new URL(url, 'http://x').searchParams.get('as_of')!;
        return jsonResponse(
          balanceOf(asOf, paidElsewhere ? { remaining_interest: 940, total_outstanding: 48940 } : {}),
        );
      },
      'GET /api/pledges/40/payments': () =>
        jsonResponse(paidElsewhere ? [...history, otherPayment] : history),
      'POST /api/pledge-payments/': () => {
        paidElsewhere = true;
        return jsonResponse(
          {
            detail: [
              { loc: ['body', 'amount'], msg: 'Interest payment cannot exceed ₹940.00', type: 'value_error' },
            ],
          },
          422,
        );
      },
    });
    const user = userEvent.setup();
    await openPledge();
    expect(screen.getByTestId('balance-remaining-interest')).toHaveTextContent('Rs. 1,440.00');
    await chooseType(user, 'Interest');
    await user.type(amountField(), '1440');
    await user.click(submit());
    await waitFor(() => expect(errorOf(amountField())).toBe('Interest payment cannot exceed ₹940.00'));
    // The refusal's reason is on the screen: the balance and the other counter's receipt.
    await waitFor(() =>
      expect(screen.getByTestId('balance-remaining-interest')).toHaveTextContent('Rs. 940.00'),
    );
    expect(await screen.findByText('R/2026-27/000020')).toBeInTheDocument();
  });

  it('sends a full close with the outstanding and the split of the server balance', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'POST /api/pledge-payments/': () =>
        jsonResponse(savedPayment({ payment_type: 'full_payment', closed_pledge: true }), 201),
    });
    const user = userEvent.setup();
    await openPledge();
    await chooseType(user, 'Full Close');
    await user.click(submit());
    expect(await screen.findByText('Payment saved successfully')).toBeInTheDocument();
    expect(postedBodies(fetchMock)[0]?.body).toMatchObject({
      payment_type: 'full_payment',
      amount: 49440,
      interest_amount: 1440,
      principal_amount: 48000,
    });
    expect(balanceOf('x').total_outstanding).toBe(49440);
  });
});
