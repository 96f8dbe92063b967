import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { adminUser, currentOf, openDrawer, renderDrawerPage } from './drawer-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

function posted(fetchMock: ReturnType<typeof stubApi>, path: string) {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('cash drawer: open', () => {
  it('opens the day with the counted float: the grid’s counts go to the server and the live drawer shows', async () => {
    let drawer: ReturnType<typeof openDrawer> | null = null;
    const fetchMock = stubApi({
      'GET /api/cash-drawer/current': () => jsonResponse(currentOf(drawer)),
      'POST /api/cash-drawer/open': () => {
        drawer = openDrawer({ receipts: 0, payouts: 0, by_kind: [], expected: 5000 });
        return jsonResponse(drawer, 201);
      },
    });
    const user = userEvent.setup();
    renderDrawerPage();
    await user.type(await screen.findByLabelText('₹500 notes'), '10');
    expect(screen.getByTestId('denomination-total')).toHaveTextContent('Rs. 5,000.00');
    await user.type(screen.getByLabelText('Remarks'), 'Float from the safe');
    await user.click(screen.getByRole('button', { name: 'Open drawer' }));
    expect(await screen.findByRole('heading', { name: 'Live drawer' })).toBeInTheDocument();
    expect(screen.getByTestId('drawer-expected')).toHaveTextContent('Rs. 5,000.00');
    const [body] = posted(fetchMock, '/api/cash-drawer/open');
    expect(body).toMatchObject({
      denominations: { '500': 10, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 },
      remarks: 'Float from the safe',
    });
  });

  it('shows the server’s sentence when the day is closed, and offers no open form', async () => {
    stubApi({ 'GET /api/cash-drawer/current': () => jsonResponse(currentOf(null, 'closed')) });
    renderDrawerPage();
    expect(await screen.findByText(/The day is closed: no drawer can be opened/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open drawer' })).not.toBeInTheDocument();
  });
});

describe('cash drawer: live and close', () => {
  it('shows opening, receipts, payouts, expected and the movements by kind', async () => {
    stubApi({ 'GET /api/cash-drawer/current': () => jsonResponse(currentOf(openDrawer())) });
    renderDrawerPage();
    expect(await screen.findByTestId('drawer-opening')).toHaveTextContent('Rs. 5,000.00');
    expect(screen.getByTestId('drawer-receipts')).toHaveTextContent('Rs. 1,200.00');
    expect(screen.getByTestId('drawer-payouts')).toHaveTextContent('Rs. 3,000.00');
    expect(screen.getByTestId('drawer-expected')).toHaveTextContent('Rs. 3,200.00');
    const table = screen.getByRole('table', { name: 'Movements by kind' });
    expect(within(table).getByRole('rowheader', { name: 'Pledge payouts' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Payments' })).toBeInTheDocument();
  });

  it('shows the difference as a shortage or an excess as the count is typed', async () => {
    stubApi({ 'GET /api/cash-drawer/current': () => jsonResponse(currentOf(openDrawer())) });
    const user = userEvent.setup();
    renderDrawerPage();
    const grid = await screen.findByRole('table', { name: 'Counted at the close' });
    const fiveHundreds = within(grid).getByLabelText('₹500 notes');
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('Shortage Rs. 3,200.00');
    await user.type(fiveHundreds, '6');
    expect(screen.getByTestId('close-counted')).toHaveTextContent('Rs. 3,000.00');
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('Shortage Rs. 200.00');
    await user.type(within(grid).getByLabelText('₹200 notes'), '1');
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('Matches the expected cash');
    await user.type(within(grid).getByLabelText('Coins (₹)'), '5');
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('Excess Rs. 5.00');
  });

  it('asks a non-admin for the approving admin only when the count differs', async () => {
    stubApi({ 'GET /api/cash-drawer/current': () => jsonResponse(currentOf(openDrawer())) });
    const user = userEvent.setup();
    renderDrawerPage();
    const grid = await screen.findByRole('table', { name: 'Counted at the close' });
    expect(screen.getByTestId('approver-fields')).toBeInTheDocument();
    await user.type(within(grid).getByLabelText('₹500 notes'), '6');
    await user.type(within(grid).getByLabelText('₹200 notes'), '1');
    expect(screen.queryByTestId('approver-fields')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Approving admin password')).not.toBeInTheDocument();
  });

  it('never asks an admin for another admin: closing approves the difference', async () => {
    stubApi({
      'GET /api/cash-drawer/current': () =>
        jsonResponse(currentOf(openDrawer({ user: { id: 1, username: 'admin' } }))),
    });
    renderDrawerPage(adminUser);
    await screen.findByRole('table', { name: 'Counted at the close' });
    expect(screen.queryByTestId('approver-fields')).not.toBeInTheDocument();
    expect(screen.getByText('You are an admin: closing approves the difference.')).toBeInTheDocument();
  });

  it('sends a shortage with the approver, puts a wrong password under its field, then shows the closed drawer', async () => {
    let attempts = 0;
    let closed: ReturnType<typeof openDrawer> | null = null;
    const fetchMock = stubApi({
      'GET /api/cash-drawer/current': () => jsonResponse(currentOf(closed ?? openDrawer())),
      'POST /api/cash-drawer/close': () => {
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse(
            {
              detail: [
                { loc: ['body', 'approver', 'password'], msg: 'Wrong password for admin', type: 'approver' },
              ],
            },
            422,
          );
        }
        closed = openDrawer({
          status: 'closed',
          counted: {
            denominations: { '500': 6, '200': 0, '100': 0, '50': 0, '20': 0, '10': 0, coins: 0 },
            amount: 3000,
          },
          difference: -200,
          difference_voucher: { id: 90, voucher_number: 'JV/2026-27/0004' },
          approved_by: { id: 1, username: 'admin' },
          closed_by: { id: 7, username: 'meena' },
          closed_at: '2026-11-23T12:00:00Z',
        });
        return jsonResponse(closed);
      },
    });
    const user = userEvent.setup();
    renderDrawerPage();
    const grid = await screen.findByRole('table', { name: 'Counted at the close' });
    await user.type(within(grid).getByLabelText('₹500 notes'), '6');
    await user.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(await screen.findByText('Enter the approving admin’s username')).toBeInTheDocument();
    expect(posted(fetchMock, '/api/cash-drawer/close')).toHaveLength(0);
    await user.type(screen.getByLabelText('Approving admin username'), 'admin');
    await user.type(screen.getByLabelText('Approving admin password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(await screen.findByText('Wrong password for admin')).toBeInTheDocument();
    expect(screen.getByLabelText('Approving admin password')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(screen.getByLabelText('Approving admin password'));
    await user.type(screen.getByLabelText('Approving admin password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Close drawer' }));
    expect(await screen.findByRole('heading', { name: 'Drawer closed' })).toBeInTheDocument();
    expect(screen.getByTestId('drawer-difference')).toHaveTextContent('Shortage Rs. 200.00');
    expect(screen.getByText('JV/2026-27/0004')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print day-end sheet' })).toHaveAttribute(
      'href',
      '/day-end/2026-11-23?drawer=31',
    );
    const bodies = posted(fetchMock, '/api/cash-drawer/close');
    expect(bodies[1]).toMatchObject({
      denominations: { '500': 6 },
      approver: { username: 'admin', password: 'right' },
    });
    await waitFor(() => expect(bodies).toHaveLength(2));
  });
});
