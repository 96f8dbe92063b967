import type { DayDetail } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { openDrawer, renderDayCloseAt as renderAt } from './drawer-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const closedDrawer = openDrawer({
  status: 'closed',
  counted: {
    denominations: { '500': 6, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 },
    amount: 3000,
  },
  difference: -200,
  difference_voucher: { id: 90, voucher_number: 'JV/2026-27/0004' },
  approved_by: { id: 1, username: 'admin' },
});

function dayOf(status: 'open' | 'closed', events: DayDetail['day']['events'] = []): DayDetail {
  return {
    company: { id: 1, company_name: 'Main Branch', address: '12 Car Street', licence_no: 'TN-PB-0042' },
    day: { date: '2026-11-23', status, closed_at: null, closed_by: null, events },
    drawers: [closedDrawer],
    totals: {
      opening: 5000,
      added: 0,
      receipts: 1200,
      payouts: 3000,
      expected: 3200,
      counted: 3000,
      difference: -200,
    },
    outside_drawers: { receipts: 500, payouts: 0, count: 1 },
    day_cash: { receipts: 1700, payouts: 3000, count: 3 },
  };
}

describe('day close', () => {
  it('lists every drawer with its figures, the cash outside drawers and the totals', async () => {
    stubApi({ [`GET /api/days/${'2026-11-23'}`]: () => jsonResponse(dayOf('open')) });
    const user = userEvent.setup();
    renderAt('/day-close');
    const date = screen.getByLabelText('Business date');
    await user.clear(date);
    await user.type(date, '23/11/2026');
    const table = await screen.findByTestId('day-drawers');
    const row = within(table).getByRole('row', { name: /meena/ });
    expect(row).toHaveTextContent('Rs. 3,200.00');
    expect(row).toHaveTextContent('Short Rs. 200.00');
    expect(screen.getByTestId('outside-drawers')).toHaveTextContent('receipts Rs. 500.00');
    expect(screen.getByTestId('day-total-expected')).toHaveTextContent('Rs. 3,200.00');
  });

  it('closes the day only after the confirmation, and shows a 409 naming the open drawers', async () => {
    const fetchMock = stubApi({
      'GET /api/days/2026-11-23': () => jsonResponse(dayOf('open')),
      'POST /api/days/2026-11-23/close': () =>
        jsonResponse({ detail: 'Drawers still open: meena', code: 'DRAWERS_OPEN' }, 409),
    });
    const user = userEvent.setup();
    renderAt('/day-close');
    const date = screen.getByLabelText('Business date');
    await user.clear(date);
    await user.type(date, '23/11/2026');
    await user.click(await screen.findByRole('button', { name: 'Close day' }));
    const dialog = screen.getByRole('dialog', { name: 'Close the day?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close day' }));
    expect(await screen.findByText('Drawers still open: meena')).toBeInTheDocument();
  });

  it('reopens a closed day only with a reason of 5 characters or more, and shows the history', async () => {
    const fetchMock = stubApi({
      'GET /api/days/2026-11-23': () =>
        jsonResponse(
          dayOf('closed', [
            { action: 'close', at: '2026-11-23T13:00:00Z', user: { id: 1, username: 'admin' }, reason: null },
          ]),
        ),
      'POST /api/days/2026-11-23/reopen': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderAt('/day-close');
    const date = screen.getByLabelText('Business date');
    await user.clear(date);
    await user.type(date, '23/11/2026');
    expect(await screen.findByTestId('day-history')).toHaveTextContent('Closed');
    await user.click(screen.getByRole('button', { name: 'Reopen day' }));
    const dialog = screen.getByRole('dialog', { name: 'Reopen the day' });
    await user.type(within(dialog).getByLabelText('Reason'), 'late');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen day' }));
    expect(await within(dialog).findByText(/at least 5 characters/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), ' receipt found');
    await user.click(within(dialog).getByRole('button', { name: 'Reopen day' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([u, init]) => String(u).endsWith('/reopen') && init?.method === 'POST'),
      ).toHaveLength(1),
    );
    const body = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/reopen'))?.[1]?.body;
    expect(JSON.parse(String(body))).toEqual({ reason: 'late receipt found' });
  });
});

describe('the day-end sheet', () => {
  it("totals the day's cash from the books when no drawer was opened", async () => {
    const noDrawer: DayDetail = {
      ...dayOf('closed'),
      drawers: [],
      totals: { opening: 0, added: 0, receipts: 0, payouts: 0, expected: 0, counted: null, difference: null },
      outside_drawers: { receipts: 148950, payouts: 223082.25, count: 9 },
      day_cash: { receipts: 148950, payouts: 223082.25, count: 9 },
    };
    stubApi({ 'GET /api/days/2026-11-23': () => jsonResponse(noDrawer) });
    renderAt('/day-end/2026-11-23');
    const sheet = await screen.findByTestId('day-end-sheet');
    expect(sheet).toHaveTextContent('No drawer was opened on this day.');
    expect(within(sheet).getByTestId('day-receipts')).toHaveTextContent('Rs. 1,48,950.00');
    expect(within(sheet).getByTestId('day-payouts')).toHaveTextContent('Rs. 2,23,082.25');
    expect(within(sheet).getByText('Cash received in the day')).toBeInTheDocument();
  });

  it("prints one user's drawer with ?drawer=: opening, by kind, expected, counted by note, difference, signatures", async () => {
    stubApi({ 'GET /api/cash-drawers/31': () => jsonResponse(closedDrawer) });
    renderAt('/day-end/2026-11-23?drawer=31');
    const sheet = await screen.findByTestId('day-end-sheet');
    expect(sheet).toHaveTextContent('Main Branch');
    expect(sheet).toHaveTextContent('Day-end cash sheet · 23/11/2026');
    expect(within(sheet).getByTestId('sheet-opening')).toHaveTextContent('Rs. 5,000.00');
    expect(within(sheet).getByTestId('sheet-expected')).toHaveTextContent('Rs. 3,200.00');
    expect(within(sheet).getByTestId('sheet-counted')).toHaveTextContent('Rs. 3,000.00');
    expect(within(sheet).getByTestId('sheet-difference')).toHaveTextContent('Shortage Rs. 200.00');
    expect(within(sheet).getByRole('rowheader', { name: 'Pledge payouts (1)' })).toBeInTheDocument();
    expect(sheet).toHaveTextContent('Cashier signature');
    expect(sheet).toHaveTextContent('Manager signature');
  });
});
