import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { handlers, pickCustomer, renderPage, resultOf, sentBody } from './multiple-payment-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function withLimit(mode: 'warn' | 'block') {
  return stubApi({
    ...handlers(),
    'GET /api/companies/1/cash-settings': () => jsonResponse({ cash_limit: 20000, cash_limit_mode: mode }),
    'POST /api/customers/5/multiple-pledge-payment': ({ init }) =>
      jsonResponse(resultOf(JSON.parse(String(init?.body)) as never), 201),
  });
}

describe('Multiple Pledge Payment: the cash limit on the receipt', () => {
  it('warn mode: every outstanding (₹34,900) in cash needs the confirmation, then sends it', async () => {
    const fetchMock = withLimit('warn');
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(await screen.findByRole('button', { name: 'Select All' }));
    const box = await screen.findByRole('checkbox', { name: 'Customer insists on cash (₹20,000 or more)' });
    await user.click(screen.getByRole('button', { name: /^Submit Payment - / }));
    expect(await screen.findByText(/needs confirmation/)).toBeInTheDocument();
    expect(sentBody(fetchMock)).toHaveLength(0);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: /^Submit Payment - / }));
    await waitFor(() => expect(sentBody(fetchMock)).toHaveLength(1));
    expect(sentBody(fetchMock)[0]?.body).toMatchObject({
      payment_method: 'cash',
      cash_limit_confirmed: true,
    });
  });

  it('block mode: Submit stays off in cash, on again with bank transfer', async () => {
    withLimit('block');
    const user = userEvent.setup();
    renderPage('multiple-pledge-payment');
    await pickCustomer(user);
    await user.click(await screen.findByRole('button', { name: 'Select All' }));
    expect(await screen.findByTestId('cash-limit-block')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Submit Payment - / })).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'bank_transfer');
    expect(screen.getByRole('button', { name: /^Submit Payment - / })).toBeEnabled();
  });
});

describe('Multiple Pledge Single Payment: the cash limit on the receipt', () => {
  it('block mode: Process Payment stays off while the allocated cash is over the limit', async () => {
    withLimit('block');
    const user = userEvent.setup();
    renderPage('multiple-pledge-single-payment');
    await pickCustomer(user);
    for (const no of ['GL-0001', 'GL-0002', 'GL-0003'])
      await user.click(screen.getByLabelText(`Select ${no}`));
    for (const button of screen.getAllByRole('button', { name: 'Full' })) await user.click(button);
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'cash');
    expect(await screen.findByTestId('cash-limit-block')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Process Payment' })).toBeDisabled();
  });
});
