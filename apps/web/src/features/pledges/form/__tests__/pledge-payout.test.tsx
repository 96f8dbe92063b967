import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import {
  chooseScheme,
  loadCustomer,
  lookupHandlers,
  pickDesign,
  renderAt,
  savedOf,
  storedPledge,
  type User,
} from './pledge-form-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const save = () => screen.getByRole('button', { name: /Save Pledge|Saving/ });

/** One ring of 10.5 g and a loan of 30,000: a final amount (≈ 29,450) over the ₹20,000 limit. */
async function enterLoan(user: User) {
  await loadCustomer(user);
  await chooseScheme(user);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Add Item' }));
  await pickDesign(user, 1, 'Ring');
  await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
  await user.type(screen.getByLabelText('Final Loan Amount'), '30000');
}

function posted(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).includes('/api/pledges/with-items') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('create pledge: payout method and the cash limit', () => {
  it('block mode: Save stays off for a cash payout over the limit until bank transfer with its reference', async () => {
    const fetchMock = stubApi({
      ...lookupHandlers(),
      'GET /api/companies/1/cash-settings': () =>
        jsonResponse({ cash_limit: 20000, cash_limit_mode: 'block' }),
      'POST /api/pledges/with-items': () => jsonResponse(savedOf(storedPledge), 201),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    expect(await screen.findByTestId('cash-limit-block')).toHaveTextContent(
      'A cash payout of ₹20,000 or more is not allowed',
    );
    expect(save()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Payout Method'), 'bank_transfer');
    expect(save()).toBeEnabled();
    await user.click(save());
    expect(await screen.findByText(/Enter the transfer, UTR or cheque number/)).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);
    await user.type(screen.getByLabelText('Payout Reference'), 'UTR778899');
    await user.click(save());
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({
      payout_method: 'bank_transfer',
      payout_reference: 'UTR778899',
      cash_limit_confirmed: false,
    });
  });

  it('warn mode: a cash payout over the limit is sent only with "Customer insists on cash" ticked', async () => {
    const fetchMock = stubApi({
      ...lookupHandlers(),
      'GET /api/companies/1/cash-settings': () =>
        jsonResponse({ cash_limit: 20000, cash_limit_mode: 'warn' }),
      'POST /api/pledges/with-items': () => jsonResponse(savedOf(storedPledge), 201),
    });
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    const box = await screen.findByRole('checkbox', { name: 'Customer insists on cash (₹20,000 or more)' });
    await user.click(save());
    expect(
      await screen.findByText(/A cash payout of ₹20,000 or more needs confirmation/),
    ).toBeInTheDocument();
    expect(posted(fetchMock)).toHaveLength(0);
    await user.click(box);
    await user.click(save());
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0]).toMatchObject({
      payout_method: 'cash',
      payout_reference: null,
      cash_limit_confirmed: true,
    });
  });
});
