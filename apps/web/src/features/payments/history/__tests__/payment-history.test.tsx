import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '@/lib/session-types';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { paymentNo, paymentView, receiptView } from './payment-fixtures';

afterEach(() => {
  window.location.hash = '';
});

/** A counter clerk who handles pledges but is not an admin: no Reverse. */
const pledgeClerk = {
  ...adminUser,
  id: 3,
  username: 'counter',
  role: 'user',
  permissions: ['customers.read', 'customers.create', 'pledges.handle'],
} as User;

function openHistory(
  handlers: Parameters<typeof stubApi>[0],
  { hash = '#/pledge/payment-list', user = adminUser }: { hash?: string; user?: User } = {},
) {
  seedSession({ user, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(user), ...handlers });
  renderApp();
  return fetchMock;
}

function listAnswer(rows: unknown[], total: number | null) {
  const response = jsonResponse(rows);
  if (total !== null) response.headers.set('X-Total-Count', String(total));
  return response;
}

/** 37 payments, newest first, paged as the server pages them. */
function pagedList({ url }: { url: string }) {
  const params = new URL(url, 'http://x').searchParams;
  const skip = Number(params.get('skip'));
  const limit = Number(params.get('limit'));
  const rows = Array.from({ length: Math.max(0, Math.min(limit, 37 - skip)) }, (_, i) =>
    paymentNo(37 - skip - i),
  );
  return listAnswer(rows, 37);
}

const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/pledge-payments/');

const lastListQuery = (fetchMock: ReturnType<typeof stubApi>) =>
  Object.fromEntries(listUrls(fetchMock).at(-1)!.searchParams.entries());

const pagesNav = () => screen.getByRole('navigation', { name: 'Payment pages' });

describe('payment history list', () => {
  it('shows the row: receipt, date, pledge, customer, type and method badges, paid amount and balance', async () => {
    openHistory({
      'GET /api/pledge-payments/': () =>
        listAnswer(
          [
            paymentView({
              amount: 125000,
              principal_amount: 125000,
              interest_amount: 0,
              payment_type: 'full_payment',
              balance_amount: 0,
            }),
            paymentNo(5, { payment_type: 'partial_principal', payment_method: 'online', reversed: true }),
          ],
          2,
        ),
    });
    const row = (await screen.findByText('R/2026-27/000021')).closest('tr')!;
    for (const text of [
      '21/11/2026',
      'GL/2026-27/0007',
      'முருகன்',
      'Full Close',
      'Cash',
      'Rs. 1,25,000.00',
      'Rs. 0.00',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const reversedRow = screen.getByText('R/2026-27/000005').closest('tr')!;
    expect(within(reversedRow).getByText('Partial')).toBeInTheDocument();
    expect(within(reversedRow).getByText('Reversed')).toBeInTheDocument();
    expect(within(reversedRow).getByText('Online Payment')).toBeInTheDocument();
    // A reversed payment cannot be reversed again.
    expect(within(reversedRow).queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /^Reverse/ })).toBeInTheDocument();
    expect(screen.getByText('Showing 1–2 of 2')).toBeInTheDocument();
  });

  it('offers Reverse only on the rows the server says it would reverse', async () => {
    openHistory({
      'GET /api/pledge-payments/': () =>
        listAnswer([paymentNo(2, { reversible: true }), paymentNo(1, { reversible: false })], 2),
    });
    const latest = (await screen.findByText('R/2026-27/000002')).closest('tr')!;
    const earlier = screen.getByText('R/2026-27/000001').closest('tr')!;
    expect(within(latest).getByRole('button', { name: /^Reverse/ })).toBeInTheDocument();
    expect(within(earlier).queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
    expect(within(earlier).getByRole('button', { name: /^View/ })).toBeInTheDocument();
  });

  it("pages with Previous and Next, 'Showing a–b of n' from X-Total-Count", async () => {
    const fetchMock = openHistory({ 'GET /api/pledge-payments/': pagedList });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Payment History', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 37')).toBeInTheDocument();
    expect(lastListQuery(fetchMock)).toEqual({ skip: '0', limit: '10' });
    const nav = pagesNav();
    expect(within(nav).getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const expected of ['Showing 11–20 of 37', 'Showing 21–30 of 37', 'Showing 31–37 of 37']) {
      await user.click(within(nav).getByRole('button', { name: 'Next' }));
      expect(await screen.findByText(expected)).toBeInTheDocument();
    }
    expect(lastListQuery(fetchMock)).toEqual({ skip: '30', limit: '10' });
    expect(screen.getByText('Customer 1')).toBeInTheDocument();
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled());
    await user.click(within(nav).getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Showing 21–30 of 37')).toBeInTheDocument();
    expect(window.location.hash).toContain('page=3');
  });

  it("says '1,000+' past the server's count cap and offers Next while pages come back full", async () => {
    openHistory({
      'GET /api/pledge-payments/': ({ url }) => {
        const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
        const response = listAnswer(
          Array.from({ length: 10 }, (_, i) => paymentNo(5000 - skip - i)),
          1001,
        );
        response.headers.set('X-Total-Count-Capped', 'true');
        return response;
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 1–10 of 1,000+')).toBeInTheDocument();
    for (const page of [2, 3]) {
      await user.click(within(pagesNav()).getByRole('button', { name: 'Next' }));
      expect(
        await screen.findByText(`Showing ${(page - 1) * 10 + 1}–${page * 10} of 1,000+`),
      ).toBeInTheDocument();
    }
    expect(within(pagesNav()).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('does not reload while filters are edited; Search sends them and goes back to page 1', async () => {
    const fetchMock = openHistory(
      { 'GET /api/pledge-payments/': pagedList },
      { hash: '#/pledge/payment-list?page=2' },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 11–20 of 37')).toBeInTheDocument();
    const calls = listUrls(fetchMock).length;

    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-11-30' } });
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'Full Close');
    await user.selectOptions(screen.getByLabelText('Payment Method'), 'Online Payment');
    // Nothing is asked until Search.
    expect(listUrls(fetchMock)).toHaveLength(calls);
    expect(screen.getByText('Showing 11–20 of 37')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastListQuery(fetchMock)).toEqual({
        skip: '0',
        limit: '10',
        from_date: '2026-11-01',
        to_date: '2026-11-30',
        payment_type: 'full_payment',
        payment_method: 'online',
      }),
    );
    expect(await screen.findByText('Showing 1–10 of 37')).toBeInTheDocument();
    // The address keeps the search, so a link or Back brings it back.
    expect(window.location.hash).toContain('from_date=2026-11-01');
    expect(window.location.hash).toContain('payment_type=full_payment');
    expect(window.location.hash).not.toContain('page=');
  });

  it('refuses a From Date after the To Date and asks nothing', async () => {
    const fetchMock = openHistory({ 'GET /api/pledge-payments/': pagedList });
    const user = userEvent.setup();
    await screen.findByText('Showing 1–10 of 37');
    const calls = listUrls(fetchMock).length;
    fireEvent.change(screen.getByLabelText('From Date'), { target: { value: '2026-11-30' } });
    fireEvent.change(screen.getByLabelText('To Date'), { target: { value: '2026-11-01' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('From Date cannot be after To Date')).toBeInTheDocument();
    expect(listUrls(fetchMock)).toHaveLength(calls);
  });

  it('reloads on a page size change, from page 1; Clear resets the filters and the size to 10', async () => {
    const fetchMock = openHistory(
      { 'GET /api/pledge-payments/': pagedList },
      { hash: '#/pledge/payment-list?payment_method=cash&page=3' },
    );
    const user = userEvent.setup();
    expect(await screen.findByText('Showing 21–30 of 37')).toBeInTheDocument();
    expect(lastListQuery(fetchMock)).toEqual({ skip: '20', limit: '10', payment_method: 'cash' });
    // The filter row shows what the address applied.
    expect(screen.getByLabelText('Payment Method')).toHaveValue('cash');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByText('Showing 1–25 of 37')).toBeInTheDocument();
    expect(lastListQuery(fetchMock)).toEqual({ skip: '0', limit: '25', payment_method: 'cash' });

    await user.selectOptions(screen.getByLabelText('Payment Type'), 'Interest');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(lastListQuery(fetchMock)).toEqual({ skip: '0', limit: '10' }));
    expect(screen.getByLabelText('Payment Method')).toHaveValue('');
    expect(screen.getByLabelText('Payment Type')).toHaveValue('');
    expect(screen.getByLabelText('Rows per page')).toHaveValue('10');
    expect(await screen.findByText('Showing 1–10 of 37')).toBeInTheDocument();
  });

  it('finds a pledge by its number through the search, by its id when it is a number, and none when unknown', async () => {
    const fetchMock = openHistory({
      'GET /api/pledge-payments/': ({ url }) => {
        const pledgeId = new URL(url, 'http://x').searchParams.get('pledge_id');
        return listAnswer(
          pledgeId ? [paymentNo(Number(pledgeId))] : [paymentNo(1), paymentNo(2)],
          pledgeId ? 1 : 2,
        );
      },
      'GET /api/search': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams.get('q');
        return jsonResponse({
          pledges:
            q?.toLowerCase() === 'gl/2026-27/0007'
              ? [
                  {
                    pledge_id: 70,
                    pledge_no: 'GL/2026-27/00070',
                    customer_name: 'A',
                    status: 'active',
                    closed_date: null,
                  },
                  {
                    pledge_id: 7,
                    pledge_no: 'GL/2026-27/0007',
                    customer_name: 'B',
                    status: 'active',
                    closed_date: null,
                  },
                ]
              : [],
          customers: [],
        });
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Showing 1–2 of 2');
    const pledge = screen.getByLabelText('Pledge ID');

    await user.type(pledge, 'gl/2026-27/0007');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastListQuery(fetchMock).pledge_id).toBe('7'));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();

    await user.clear(pledge);
    await user.type(pledge, '12');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastListQuery(fetchMock).pledge_id).toBe('12'));

    const calls = listUrls(fetchMock).length;
    await user.clear(pledge);
    await user.type(pledge, 'GL/NOPE');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument();
    expect(listUrls(fetchMock)).toHaveLength(calls);
  });

  it("says 'No payments found'; on a failure toasts 'Failed to load payments', empties the list and counts 0", async () => {
    let fail = false;
    openHistory({
      'GET /api/pledge-payments/': () => (fail ? jsonResponse({ detail: 'boom' }, 500) : listAnswer([], 0)),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument();
    fail = true;
    await user.selectOptions(screen.getByLabelText('Payment Type'), 'Interest');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Failed to load payments', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('No payments found')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0')).toBeInTheDocument();
  });
});

describe('payment View modal', () => {
  it('shows every field of the payment, the discount negative, and links Print Receipt', async () => {
    const detail = paymentView({
      payment_type: 'partial_principal',
      payment_method: 'bank',
      amount: 10000,
      interest_amount: 0,
      principal_amount: 10000,
      penalty_amount: 150,
      discount_amount: 50,
      balance_amount: 38900,
      bank_reference: 'UTR123456',
      remarks: 'Paid by son',
      created_by_username: 'ravi',
    });
    openHistory({
      'GET /api/pledge-payments/': () => listAnswer([detail], 1),
      'GET /api/pledge-payments/31': () => jsonResponse(detail),
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'View payment R/2026-27/000021 of GL/2026-27/0007' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment R/2026-27/000021' });
    await within(dialog).findByText('ravi');
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Receipt No')).toHaveTextContent('R/2026-27/000021');
    expect(field('Payment Date')).toHaveTextContent('21/11/2026');
    expect(field('Payment Type')).toHaveTextContent('Partial');
    expect(field('Payment Method')).toHaveTextContent('Bank Transfer');
    expect(field('Pledge No')).toHaveTextContent('GL/2026-27/0007');
    expect(field('Customer Name')).toHaveTextContent('முருகன்');
    expect(field('Total Paid')).toHaveTextContent('Rs. 10,000.00');
    expect(field('Interest')).toHaveTextContent('Rs. 0.00');
    expect(field('Principal')).toHaveTextContent('Rs. 10,000.00');
    expect(field('Penalty')).toHaveTextContent('Rs. 150.00');
    expect(field('Discount')).toHaveTextContent('-Rs. 50.00');
    expect(field('Net Received')).toHaveTextContent('Rs. 10,100.00');
    expect(field('Remaining Balance')).toHaveTextContent('Rs. 38,900.00');
    expect(field('Created At')).toHaveTextContent('21/11/2026, 11:00 am');
    expect(field('Created By')).toHaveTextContent('ravi');
    expect(field('Bank Reference')).toHaveTextContent('UTR123456');
    expect(field('Remarks')).toHaveTextContent('Paid by son');
    expect(within(dialog).queryByText('Reversed At')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Print Receipt' })).toHaveAttribute(
      'href',
      '#/pledge/receipt/21',
    );
    // The address names the payment shown, so the modal can be linked to.
    expect(window.location.hash).toContain('view=31');
  });

  it("says 'N/A' without a bank reference, and shows who reversed it, when and why", async () => {
    const reversed = paymentView({
      reversed: true,
      reversed_at: '2026-11-22T06:00:00Z',
      reversed_by_username: 'admin',
      reversal_reason: 'Entered on the wrong pledge',
      reversal_voucher_number: 'JV/2026-27/0003',
    });
    openHistory(
      {
        'GET /api/pledge-payments/': () => listAnswer([reversed], 1),
        'GET /api/pledge-payments/31': () => jsonResponse(reversed),
      },
      { hash: '#/pledge/payment-list?view=31' },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Payment R/2026-27/000021' });
    const field = (label: string) => within(dialog).getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(field('Bank Reference')).toHaveTextContent('N/A');
    const reversal = within(dialog).getByRole('region', { name: 'Reversal' });
    expect(within(reversal).getByText('22/11/2026, 11:30 am')).toBeInTheDocument();
    expect(within(reversal).getByText('admin')).toBeInTheDocument();
    expect(within(reversal).getByText('Entered on the wrong pledge')).toBeInTheDocument();
    expect(within(reversal).getByText('JV/2026-27/0003')).toBeInTheDocument();
  });

  it("shows the list's row when the detail cannot be read", async () => {
    openHistory({
      'GET /api/pledge-payments/': () => listAnswer([paymentView()], 1),
      'GET /api/pledge-payments/31': () => jsonResponse({ detail: 'boom' }, 500),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^View payment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment R/2026-27/000021' });
    expect(
      await within(dialog).findByText(/Failed to load payment details/, {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Total Paid', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Rs. 978.00',
    );
  });
});

describe('Reverse', () => {
  it('is offered to admins only', async () => {
    openHistory({ 'GET /api/pledge-payments/': () => listAnswer([paymentView()], 1) }, { user: pledgeClerk });
    await screen.findByText('R/2026-27/000021');
    expect(screen.getByRole('button', { name: /^View payment/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });

  it('needs a reason, asks to confirm, posts it, toasts and reloads the list', async () => {
    let reversed = false;
    const fetchMock = openHistory({
      'GET /api/pledge-payments/': () =>
        listAnswer([paymentView(reversed ? { reversed: true, reversal_reason: 'Wrong pledge' } : {})], 1),
      'POST /api/pledge-payments/31/reverse': () => {
        reversed = true;
        return jsonResponse(receiptView({ reversed: true, reversal_reason: 'Wrong pledge' }));
      },
    });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Reverse payment R/2026-27/000021 of GL/2026-27/0007' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reverse Payment' });
    // No reason: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Reverse Payment' }));
    expect(await within(dialog).findByText('Please give the reason for the reversal')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for reversal'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse Payment' }));
    expect(within(dialog).getByText('Please give the reason for the reversal')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Reason for reversal'), 'Wrong pledge');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse Payment' }));
    expect(within(dialog).getByText(/Reverse receipt R\/2026-27\/000021\?/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Yes, Reverse' }));
    expect(await screen.findByText('Receipt R/2026-27/000021 was reversed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reverse Payment' })).not.toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ reason: 'Wrong pledge' });
    // A key per reversal, so a retry after a lost answer is not reversed twice.
    expect((posts[0]![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    // The list is read again and shows the payment Reversed.
    const row = (await screen.findByText('Reversed')).closest('tr')!;
    expect(within(row).queryByRole('button', { name: /^Reverse/ })).not.toBeInTheDocument();
  });

  it("shows the server's 409 detail in the dialog", async () => {
    const detail =
      'Only the latest payment of a pledge can be reversed: receipt R/2026-27/000022 came after it.';
    openHistory({
      'GET /api/pledge-payments/': () => listAnswer([paymentView({ receipt_kind: 'multiple' })], 1),
      'POST /api/pledge-payments/31/reverse': () => jsonResponse({ detail, code: 'PAYMENT_NOT_LATEST' }, 409),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Reverse payment/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse Payment' });
    expect(within(dialog).getByText(/the whole receipt is reversed/)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason for reversal'), 'Customer asked');
    await user.click(within(dialog).getByRole('button', { name: 'Reverse Payment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Reverse' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(detail);
    // The dialog stays open with its own message: no second toast of the same sentence.
    expect(screen.getAllByText(detail)).toHaveLength(1);
  });
});
