import {
  businessToday,
  type CashDrawer,
  type CurrentCashDrawer,
  formatIndianDate,
} from '@pledge-desk/domain';
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

// The Create Pledge screen says before Save that the clerk has no drawer open (a
// notice, or Save off when the company refuses such payouts), and that the drawer holds less than the
// cash payout; the server checks again (drawer-rules.test.ts).

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const save = () => screen.getByRole('button', { name: /Save Pledge|Saving/ });

/** One ring of 10.5 g and a loan of 10,000: a final amount under the cash limit. */
async function enterLoan(user: User) {
  await loadCustomer(user);
  await chooseScheme(user);
  await waitFor(() => expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled());
  await user.click(screen.getByRole('button', { name: 'Add Item' }));
  await pickDesign(user, 1, 'Ring');
  await user.type(screen.getByLabelText('Gross weight in grams, row 1'), '10.5');
  await user.type(screen.getByLabelText('Final Loan Amount'), '10000');
}

const zero = { '500': 0, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 };

/** The clerk's open drawer of today: a float of ₹3,200 and no movements unless told. */
function openDrawer(patch: Partial<CashDrawer> = {}): CashDrawer {
  return {
    id: 31,
    user: { id: 1, username: 'admin' },
    business_date: businessToday(),
    status: 'open',
    opening: { denominations: { ...zero, '100': 32 }, amount: 3200 },
    opening_remarks: null,
    opened_at: '2026-11-23T03:30:00Z',
    added: 0,
    receipts: 0,
    payouts: 0,
    by_kind: [],
    expected: 3200,
    counted: null,
    difference: null,
    difference_voucher: null,
    approved_by: null,
    closed_by: null,
    closed_at: null,
    close_remarks: null,
    ...patch,
  };
}

const currentOf = (drawer: CashDrawer | null): CurrentCashDrawer => ({
  date: businessToday(),
  day: { date: businessToday(), status: 'open', closed_at: null, closed_by: null, events: [] },
  drawer,
});

const settings = (rules: object) => () =>
  jsonResponse({
    cash_limit: 20000,
    cash_limit_mode: 'warn',
    no_drawer_payout: 'warn',
    drawer_short_payout: 'block',
    ...rules,
  });

function stub(rules: object, drawer: CashDrawer | null) {
  return stubApi({
    ...lookupHandlers(),
    'GET /api/companies/1/cash-settings': settings(rules),
    'GET /api/cash-drawer/current': () => jsonResponse(currentOf(drawer)),
    'POST /api/pledges/with-items': () => jsonResponse(savedOf(storedPledge), 201),
  });
}

const today = () => formatIndianDate(businessToday());

describe('create pledge: the cash drawer before a cash payout', () => {
  it('no drawer open, warn: a notice says so and Save stays on', async () => {
    stub({}, null);
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    expect(await screen.findByTestId('drawer-payout-warn')).toHaveTextContent(
      `You have no cash drawer open for ${today()}: this cash will not be in any drawer's count.`,
    );
    expect(save()).toBeEnabled();
  });

  it('no drawer open, block: Save stays off until the payout is by bank transfer', async () => {
    stub({ no_drawer_payout: 'block' }, null);
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    expect(await screen.findByTestId('drawer-payout-block')).toHaveTextContent(
      `You have no cash drawer open for ${today()}. Open your cash drawer before paying out cash.`,
    );
    expect(save()).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Payout Method'), 'bank_transfer');
    expect(screen.queryByTestId('drawer-payout-block')).toBeNull();
    expect(save()).toBeEnabled();
  });

  it('a drawer holding ₹3,200: a larger cash payout keeps Save off, naming both amounts', async () => {
    stub({}, openDrawer());
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    expect(await screen.findByTestId('drawer-payout-block')).toHaveTextContent(
      /^Your cash drawer holds ₹3,200\.00, less than this cash payout of ₹[\d,]+\.\d\d\. Pay by bank transfer or online\.$/,
    );
    expect(save()).toBeDisabled();
  });

  it('a drawer holding enough: nothing to say', async () => {
    stub({}, openDrawer({ expected: 50000 }));
    const user = userEvent.setup();
    renderAt('/pledge/create');
    await enterLoan(user);
    await waitFor(() => expect(save()).toBeEnabled());
    expect(screen.queryByTestId('drawer-payout-block')).toBeNull();
    expect(screen.queryByTestId('drawer-payout-warn')).toBeNull();
  });
});
