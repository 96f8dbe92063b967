import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { paymentHandlers, renderPayment, savedPayment } from './payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const submit = () => screen.getByRole('button', { name: /Submit Payment|Saving|Loading balance/ });

function postedBodies(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith('/api/pledge-payments/') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The pledge of 49,440 outstanding, closed in full: a cash receipt over the ₹20,000 limit. */
async function fullCloseInCash(user: ReturnType<typeof userEvent.setup>) {
  renderPayment('/pledge/payment?pledge_id=40');
  await waitFor(() => expect(submit()).toHaveTextContent('Submit Payment'));
  const type = screen.getByLabelText('Payment Type');
  await user.selectOptions(type, within(type).getByRole('option', { name: 'Full Close' }));
}

describe('single payment: the cash limit', () => {
  it('warn mode: asks for the confirmation before sending, then sends cash_limit_confirmed', async () => {
    const fetchMock = stubApi({
      ...paymentHandlers(),
      'GET /api/companies/1/cash-settings': () =>
        jsonResponse({ cash_limit: 20000, cash_limit_mode: 'warn' }),
      'POST /api/pledge-payments/': () => jsonResponse(savedPayment(), 201),
    });
    const user = userEvent.setup();
    await fullCloseInCash(user);
    const box = await screen.findByRole('checkbox', { name: 'Customer insists on cash (₹20,000 or more)' });
    await user.click(submit());
    expect(
      await screen.findByText(/A cash receipt of ₹20,000 or more needs confirmation/),
    ).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toHaveLength(0);
    await user.click(box);
    await user.click(submit());
    await waitFor(() => expect(postedBodies(fetchMock)).toHaveLength(1));
    expect(postedBodies(fetchMock)[0]).toMatchObject({ payment_method: 'cash', cash_limit_confirmed: true });
  });

  it('block mode: Submit stays off in cash and comes back once bank transfer is chosen', async () => {
    stubApi({
      ...paymentHandlers(),
      'GET /api/companies/1/cash-settings': () =>
        jsonResponse({ cash_limit: 20000, cash_limit_mode: 'block' }),
    });
    const user = userEvent.setup();
    await fullCloseInCash(user);
    expect(await screen.findByTestId('cash-limit-block')).toHaveTextContent(
      'A cash receipt of ₹20,000 or more is not allowed',
    );
    expect(submit()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'bank');
    expect(screen.queryByTestId('cash-limit-block')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it("puts the server's 422 on cash_limit_confirmed under the confirmation", async () => {
    stubApi({
      ...paymentHandlers(),
      'GET /api/companies/1/cash-settings': () =>
        jsonResponse({ cash_limit: 20000, cash_limit_mode: 'warn' }),
      'POST /api/pledge-payments/': () =>
        jsonResponse(
          {
            detail: [
              {
                loc: ['body', 'cash_limit_confirmed'],
                msg: 'Confirm the cash receipt over the limit',
                type: 'cash_limit_confirm',
              },
            ],
          },
          422,
        ),
    });
    const user = userEvent.setup();
    await fullCloseInCash(user);
    await user.click(await screen.findByRole('checkbox', { name: /Customer insists on cash/ }));
    await user.click(submit());
    expect(await screen.findByText('Confirm the cash receipt over the limit')).toBeInTheDocument();
  });
});
