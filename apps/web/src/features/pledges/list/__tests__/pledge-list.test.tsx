import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import {
  adminUser,
  heldAnswer,
  jsonResponse,
  mainBranch,
  renderApp,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { murugan, muruganKyc, pledgeNo, pledgeView } from './pledge-fixtures';

afterEach(() => {
  window.location.hash = '';
});

function openPledges(handlers: Parameters<typeof stubApi>[0], hash = '#/pledges') {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = hash;
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

function listAnswer(rows: unknown[], total: number | null) {
  const response = jsonResponse(rows);
  if (total !== null) response.headers.set('X-Total-Count', String(total));
  return response;
}

/** 37 pledges, newest first, paged as the server pages them. */
function pagedList({ url }: { url: string }) {
  const params = new URL(url, 'http://x').searchParams;
  const skip = Number(params.get('skip'));
  const limit = Number(params.get('limit'));
  const rows = Array.from({ length: Math.max(0, Math.min(limit, 37 - skip)) }, (_, i) =>
    pledgeNo(37 - skip - i),
  );
  return listAnswer(rows, 37);
}

const listUrls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/pledges/');

describe('pledge list', () => {
  it('pages 10 at a time on the server with up to 5 page buttons, the total from X-Total-Count', async () => {
    const fetchMock = openPledges({ 'GET /api/pledges/': pagedList });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Pledge Management', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Showing 1–10 of 37')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pledge pages' });
    // 37 pledges are 4 pages.
    expect(within(pages).getAllByRole('button', { name: /^Pledges page/ })).toHaveLength(4);
    expect(within(pages).getByRole('button', { name: 'Pledges page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pages).getByRole('button', { name: 'Pledges page 4' }));
    expect(await screen.findByText('Showing 31–37 of 37')).toBeInTheDocument();
    expect(screen.getByText('Customer 1')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
    const last = listUrls(fetchMock).at(-1)!;
    expect(last.searchParams.get('skip')).toBe('30');
    expect(last.searchParams.get('limit')).toBe('10');
  });

  it('offers at most five page buttons, around the page shown', async () => {
    openPledges({
      'GET /api/pledges/': ({ url }) => {
        const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
        return listAnswer([pledgeNo(200 - skip)], 200);
      },
    });
    const user = userEvent.setup();
    await screen.findByText(/of 200$/);
    const pages = screen.getByRole('navigation', { name: 'Pledge pages' });
    const numbers = () =>
      within(pages)
        .getAllByRole('button', { name: /^Pledges page/ })
        .map((b) => b.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    await user.click(within(pages).getByRole('button', { name: 'Pledges page 5' }));
    await screen.findByText('Customer 160');
    expect(numbers()).toEqual(['3', '4', '5', '6', '7']);
  });

  it('shows the row: number, customer and code, Indian dates, loan in Indian grouping, weights, status', async () => {
    openPledges({
      'GET /api/pledges/': () =>
        listAnswer(
          [
            pledgeView({ total_loan_amount: 125000 }),
            pledgeView({
              pledge_id: 8,
              pledge_no: 'GL/2026-27/0008',
              closed_date: '2026-11-21',
              status: 'inactive',
              is_move_to_bank: true,
            }),
          ],
          2,
        ),
    });
    const row = (await screen.findByText('GL/2026-27/0007')).closest('tr')!;
    for (const text of [
      'முருகன்',
      'C000041',
      '20/11/2026',
      'Due 20/05/2027',
      'Rs. 1,25,000.00',
      '12.500 g',
      'Net 10.250 g',
      'Active',
    ]) {
      expect(within(row).getByText(text)).toBeInTheDocument();
    }
    const closed = screen.getByText('GL/2026-27/0008').closest('tr')!;
    for (const text of ['Inactive', 'Closed', 'At bank'])
      expect(within(closed).getByText(text)).toBeInTheDocument();
    expect(within(row).queryByText('Closed')).not.toBeInTheDocument();
  });

  it('searches on the server once after a pause in typing, and Clear lists everything again', async () => {
    const fetchMock = openPledges({
      'GET /api/pledges/': ({ url }) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        return search ? listAnswer([pledgeView()], 1) : listAnswer([pledgeNo(1)], 1);
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Customer 1');
    await user.type(screen.getByLabelText('Search pledges'), 'முரு');
    expect(await screen.findByText('முருகன்', {}, { timeout: 3000 })).toBeInTheDocument();
    const searches = listUrls(fetchMock).filter((u) => u.searchParams.has('search'));
    // One request for the whole word, not one per key.
    expect(searches.map((u) => u.searchParams.get('search'))).toEqual(['முரு']);
    expect(window.location.hash).toBe(`#/pledges?search=${encodeURIComponent('முரு')}`);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Search pledges')).toHaveValue('');
  });

  it('searches at once on Search, from the first page', async () => {
    const fetchMock = openPledges({ 'GET /api/pledges/': pagedList });
    const user = userEvent.setup();
    await screen.findByText('Showing 1–10 of 37');
    await user.click(screen.getByRole('button', { name: 'Pledges page 3' }));
    await screen.findByText('Showing 21–30 of 37');
    const box = screen.getByLabelText('Search pledges');
    await user.type(box, 'GL/2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listUrls(fetchMock).at(-1)!.searchParams.get('search')).toBe('GL/2026'));
    expect(listUrls(fetchMock).at(-1)!.searchParams.get('skip')).toBe('0');
  });

  it("reads its search from the address (the header search opens a customer's pledges)", async () => {
    const fetchMock = openPledges(
      { 'GET /api/pledges/': () => listAnswer([pledgeView()], 1) },
      '#/pledges?search=C000041',
    );
    await screen.findByText('GL/2026-27/0007');
    expect(screen.getByLabelText('Search pledges')).toHaveValue('C000041');
    expect(listUrls(fetchMock).every((u) => u.searchParams.get('search') === 'C000041')).toBe(true);
  });

  it("shows '1,000+' when the server stopped counting a search's matches, and pages on while pages come back full", async () => {
    openPledges({
      'GET /api/pledges/': ({ url }: { url: string }) => {
        const skip = Number(new URL(url, 'http://x').searchParams.get('skip'));
        const response = listAnswer(
          Array.from({ length: 10 }, (_, i) => pledgeNo(2000 - skip - i)),
          1001,
        );
        response.headers.set('X-Total-Count-Capped', 'true');
        return response;
      },
    });
    expect(await screen.findByText('Showing 1–10 of 1,000+')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pledge pages' });
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('counts with GET /pledges/count when the list carries no X-Total-Count', async () => {
    openPledges({
      'GET /api/pledges/': () => listAnswer([pledgeNo(3)], null),
      'GET /api/pledges/count': () => jsonResponse({ count: 23 }),
    });
    expect(await screen.findByText('Showing 1–1 of 23')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Pledges page/ })).toHaveLength(3);
  });

  it("says 'No pledges found' and offers Create Pledge; says 'Failed to fetch pledges' when the call fails", async () => {
    let fail = false;
    openPledges({
      'GET /api/pledges/': () => (fail ? jsonResponse({ detail: 'boom' }, 500) : listAnswer([], 0)),
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No pledges found')).toBeInTheDocument();
    const create = screen.getAllByRole('link', { name: 'Create Pledge' });
    expect(create[0]).toHaveAttribute('href', '#/pledge/create');
    fail = true;
    await user.type(screen.getByLabelText('Search pledges'), 'zz{Enter}');
    expect(await screen.findByText('Failed to fetch pledges', {}, { timeout: 8000 })).toBeInTheDocument();
  });

  it('shows a loading state while the first page comes', async () => {
    const list = heldAnswer<void>();
    openPledges({
      'GET /api/pledges/': async () => {
        await list.hold();
        return listAnswer([pledgeNo(1)], 1);
      },
    });
    expect(await screen.findByText('Loading pledges...')).toBeInTheDocument();
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(10);
    await list.release();
    expect(await screen.findByText('Customer 1')).toBeInTheDocument();
  });

  it('Edit opens the edit screen of that pledge', async () => {
    openPledges({ 'GET /api/pledges/': () => listAnswer([pledgeView()], 1) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit pledge GL/2026-27/0007' }));
    await waitFor(() => expect(window.location.hash).toBe('#/pledge/edit/7'));
  });
});

describe('pledge detail modal', () => {
  const detailHandlers = {
    'GET /api/pledges/': () => listAnswer([pledgeView()], 1),
    'GET /api/pledges/7': () => jsonResponse(pledgeView()),
    'GET /api/customers/41': () => jsonResponse(murugan),
  };

  it('View shows the customer, the pledge figures, the items with their photos, and the two prints', async () => {
    openPledges(detailHandlers);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View pledge GL/2026-27/0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pledge GL/2026-27/0007' });
    expect(window.location.hash).toBe('#/pledges?view=7');
    for (const text of [
      'முருகன்',
      'C000041',
      '9842012345',
      'Gold 6M',
      '20/11/2026',
      '20/05/2027',
      'Rs. 6,361.00',
      '2% per month',
      'Rs. 48,900.00',
      'Rs. 978.00',
      'Rs. 100.00',
      'Rs. 47,822.00',
      'Rs. 65,200.00',
      'PV/2026-27/0012',
      'Stone missing',
    ]) {
      expect(within(dialog).getAllByText(text).length).toBeGreaterThan(0);
    }
    expect(await within(dialog).findByText('12, தெற்கு மாசி வீதி, மதுரை, Madurai - 625001')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Chain' })).toHaveAttribute(
      'src',
      '/api/files/90?exp=1&sig=abc',
    );
    expect(within(dialog).getByRole('link', { name: 'Full Print' })).toHaveAttribute(
      'href',
      '#/pledge/print/7?kind=full',
    );
    expect(within(dialog).getByRole('link', { name: 'Content Only' })).toHaveAttribute(
      'href',
      '#/pledge/print/7?kind=content',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.hash).toBe('#/pledges');
  });

  it("shows the customer's photograph and nominee from the customer's KYC", async () => {
    openPledges({ ...detailHandlers, 'GET /api/customers/41/kyc': () => jsonResponse(muruganKyc()) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View pledge GL/2026-27/0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pledge GL/2026-27/0007' });
    expect(await within(dialog).findByRole('img', { name: 'Photograph of முருகன்' })).toHaveAttribute(
      'src',
      '/api/files/77?exp=1&sig=photo',
    );
    const nominee = within(dialog).getByTestId('detail-nominee');
    expect(nominee).toHaveTextContent('செல்வி (மனைவி)');
    expect(nominee).toHaveTextContent('Mobile 9842099999');
    expect(within(dialog).getByText('Nominee')).toBeInTheDocument();
  });

  it('says there is no nominee and draws no photograph when the customer has neither', async () => {
    openPledges({
      ...detailHandlers,
      'GET /api/customers/41/kyc': () => jsonResponse(muruganKyc({ photo: null, nominee: null })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View pledge GL/2026-27/0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pledge GL/2026-27/0007' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('detail-nominee')).toHaveTextContent('None on file'),
    );
    expect(within(dialog).queryByRole('img', { name: /Photograph/ })).toBeNull();
  });

  it("says so when the customer's KYC cannot be read", async () => {
    openPledges(
      { ...detailHandlers, 'GET /api/customers/41/kyc': () => jsonResponse({ detail: 'boom' }, 500) },
      '#/pledges?view=7',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pledge GL/2026-27/0007' });
    await waitFor(
      () =>
        expect(within(dialog).getByTestId('detail-nominee')).toHaveTextContent(
          "Could not read the customer's photograph and nominee",
        ),
      { timeout: 8000 },
    );
  });

  it('opens from a link to /pledges?view={id}', async () => {
    openPledges(detailHandlers, '#/pledges?view=7');
    expect(await screen.findByRole('dialog', { name: 'Pledge GL/2026-27/0007' })).toBeInTheDocument();
  });

  it("says 'Failed to fetch pledge details' when the pledge cannot be read", async () => {
    openPledges(
      { ...detailHandlers, 'GET /api/pledges/9': () => jsonResponse({ detail: 'Pledge not found' }, 404) },
      '#/pledges?view=9',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Pledge Details' });
    expect(
      await within(dialog).findByText('Failed to fetch pledge details', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
  });

  it('ignores a view id that is not a pledge id', async () => {
    const fetchMock = openPledges(detailHandlers, '#/pledges?view=99999999999');
    await screen.findByText('GL/2026-27/0007');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/pledges/99999999999'))).toBe(false);
  });
});
