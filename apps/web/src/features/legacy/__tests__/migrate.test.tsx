import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clerkUser, heldAnswer, jsonResponse, renderApp, type stubApi } from '@/test/helpers';
import { addressWithPhone } from '../api/legacy-customer';
import { DEFAULT_SEARCH_TERM } from '../pages/migrate-page';
import { murugan, openMigrate, selvi, toast } from './migrate-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const searchCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.includes('/api/legacy/customers/search'))
    .map((url) => new URL(url, 'http://localhost').searchParams.get('q'));

describe('the address shown with the phone (spec §2)', () => {
  it('joins the phone to an address that does not hold it', () => {
    expect(addressWithPhone('12, கீழ ரத வீதி, மதுரை', '0452-2345678')).toBe(
      '12, கீழ ரத வீதி, மதுரை, 0452-2345678',
    );
  });
  it('leaves an address that already holds the number, even written with spaces', () => {
    expect(addressWithPhone('4, பஜார் தெரு, Ph 0452 2233445', '0452-2233445')).toBe(
      '4, பஜார் தெரு, Ph 0452 2233445',
    );
    expect(addressWithPhone('Ph 9842012345', '9842012345')).toBe('Ph 9842012345');
  });
  it('shows whichever of the two exists', () => {
    expect(addressWithPhone('', '0452-2345678')).toBe('0452-2345678');
    expect(addressWithPhone('Madurai', '')).toBe('Madurai');
    expect(addressWithPhone(null, null)).toBe('');
  });
});

describe('migrate screen', () => {
  it('searches the default name on load and shows the banner with the count, the converted name over the original', async () => {
    const fetchMock = openMigrate({
      'GET /api/legacy/customers/search': () => jsonResponse({ data: [murugan, selvi] }),
    });
    renderApp();
    const table = await screen.findByRole('table', { name: 'Customers of the older system' });
    expect(searchCalls(fetchMock)).toEqual([DEFAULT_SEARCH_TERM]);
    expect(screen.getByText(/Search Results for/)).toHaveTextContent(
      `Search Results for "${DEFAULT_SEARCH_TERM}"2 customers`,
    );
    await toast('Search Completed');
    expect(screen.getByText(`Found 2 customers matching "${DEFAULT_SEARCH_TERM}"`)).toBeInTheDocument();

    const row = within(table).getByText('P1001').closest('tr')!;
    const name = within(row).getByText('முருகன்');
    expect(name).toHaveAttribute('lang', 'ta');
    expect(name.style.fontFamily).toContain('Noto Sans Tamil');
    expect(within(row).getByText(murugan.name_original)).toBeInTheDocument();
    // Address joined with the phone; the second row's address already holds its number.
    expect(within(row).getByText('12, கீழ ரத வீதி, மதுரை, 0452-2345678')).toBeInTheDocument();
    const second = within(table).getByText('P1002').closest('tr')!;
    expect(within(second).getByText('4, பஜார் தெரு, Ph 0452 2233445')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer No', 'Name', 'Address', 'Phone', 'Mobile', 'Reference', 'Actions']);
  });

  it("refuses a blank term with 'Search Required' and sends nothing", async () => {
    const fetchMock = openMigrate({ 'GET /api/legacy/customers/search': () => jsonResponse({ data: [] }) });
    renderApp();
    await screen.findByText(`No customers found for "${DEFAULT_SEARCH_TERM}".`);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Search term');
    await user.clear(input);
    await user.type(input, '   {Enter}');
    await toast('Search Required');
    expect(screen.getByText('Please enter a search term to find customers.')).toBeInTheDocument();
    expect(searchCalls(fetchMock)).toHaveLength(1);
  });

  it('searches the trimmed term on Enter and on the button; Clear Results empties list, term and banner', async () => {
    const fetchMock = openMigrate({
      'GET /api/legacy/customers/search': ({ url }) =>
        jsonResponse({ data: new URL(url, 'http://x').searchParams.get('q') === 'Selvi' ? [selvi] : [] }),
    });
    renderApp();
    await screen.findByText(`No customers found for "${DEFAULT_SEARCH_TERM}".`);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Search term');
    await user.clear(input);
    await user.type(input, '  Selvi  {Enter}');
    expect(await screen.findByText('P1002')).toBeInTheDocument();
    expect(screen.getByText(/Search Results for/)).toHaveTextContent('Search Results for "Selvi"1 customer');
    await user.clear(input);
    await user.type(input, 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No customers found for "nobody".')).toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual([DEFAULT_SEARCH_TERM, 'Selvi', 'nobody']);
    // Each search's toast replaces the one before, so they do not pile up over the form.
    expect(screen.getAllByText('Search Completed')).toHaveLength(1);
    expect(screen.getByText('Found 0 customers matching "nobody"')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Results' }));
    expect(screen.getByText('Enter a search term to find customers.')).toBeInTheDocument();
    expect(screen.queryByText(/Search Results for/)).not.toBeInTheDocument();
    expect(input).toHaveValue('');
  });

  it("shows 'Searching customers...' while the search runs", async () => {
    const search = heldAnswer<Response>();
    openMigrate({
      'GET /api/legacy/customers/search': search.hold,
    });
    renderApp();
    expect(await screen.findByText('Searching customers...')).toBeInTheDocument();
    await search.release(jsonResponse({ data: [murugan] }));
    expect(await screen.findByText('P1001')).toBeInTheDocument();
    expect(screen.queryByText('Searching customers...')).not.toBeInTheDocument();
  });

  it("shows a failed search in a box headed 'Error:' and a 'Search Failed' toast", async () => {
    openMigrate({
      'GET /api/legacy/customers/search': () =>
        new Response('{}', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderApp();
    await toast('Search Failed');
    const box = screen.getAllByRole('alert').find((el) => el.textContent?.startsWith('Error:'));
    expect(box).toHaveTextContent('Error:Failed to fetch customers: 500 Internal Server Error');
  });

  it('migrates one row, which then shows it is migrated and links to Customers', async () => {
    const fetchMock = openMigrate({
      'GET /api/legacy/customers/search': () => jsonResponse({ data: [murugan, selvi] }),
      'POST /api/legacy/customers/P1001/migrate': () =>
        jsonResponse(
          {
            created: true,
            customer: {
              id: 41,
              acc_code: 'C000041',
              customer_name: 'முருகன்',
              legacy_pno: 'P1001',
              incomplete_fields: ['guardian_name', 'pincode'],
            },
          },
          201,
        ),
    });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Migrate customer P1001' }));
    await toast('Customer Migrated');
    expect(
      screen.getByText(
        'முருகன் is now customer C000041. Still to complete on the Customers screen: guardian name, pincode.',
      ),
    ).toBeInTheDocument();
    const row = screen.getByText('P1001').closest('tr')!;
    expect(within(row).getByText('Migrated')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Customer C000041' })).toHaveAttribute(
      'href',
      '#/admin/customers',
    );
    expect(within(row).queryByRole('button', { name: /Migrate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Migrate customer P1002' })).toBeEnabled();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('shows a record migrated earlier as migrated, as text for a clerk who cannot open Customers', async () => {
    openMigrate(
      {
        'GET /api/legacy/customers/search': () =>
          jsonResponse({
            data: [{ ...murugan, migrated_customer_id: 7, migrated_customer_code: 'C000007' }, selvi],
          }),
      },
      { ...clerkUser, permissions: ['customers.read', 'customers.create'] },
    );
    renderApp();
    const row = (await screen.findByText('P1001')).closest('tr')!;
    expect(within(row).getByText('Migrated')).toBeInTheDocument();
    expect(within(row).getByText('Customer C000007')).toBeInTheDocument();
    expect(within(row).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Migrate customer P1002' })).toBeInTheDocument();
  });

  it('hides Migrate and Migrate All without the customers.create permission, and keeps View', async () => {
    openMigrate({ 'GET /api/legacy/customers/search': () => jsonResponse({ data: [murugan] }) }, clerkUser);
    renderApp();
    await screen.findByText('P1001');
    expect(screen.queryByRole('button', { name: /^Migrate/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View customer P1001' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('View shows every field of the old record, converted and as stored', async () => {
    openMigrate({ 'GET /api/legacy/customers/search': () => jsonResponse({ data: [murugan] }) });
    renderApp();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'View customer P1001' }));
    const dialog = screen.getByRole('dialog', { name: 'Customer P1001 (older system)' });
    for (const text of [
      murugan.name,
      murugan.name_original,
      murugan.address,
      murugan.address_original,
      murugan.phoneno,
      murugan.mobile,
      murugan.cust_refno,
      'Not migrated yet',
    ]) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
  });

  it('Migrate All sends the rows not yet migrated, lists the skipped ones with the reason, and reloads the rows', async () => {
    let migrated = false;
    const fetchMock = openMigrate({
      'GET /api/legacy/customers/search': () =>
        jsonResponse({
          data: [
            {
              ...murugan,
              migrated_customer_id: migrated ? 50 : null,
              migrated_customer_code: migrated ? 'C000050' : null,
            },
            selvi,
            { ...selvi, pno: 'P1003', migrated_customer_id: 9, migrated_customer_code: 'C000009' },
          ],
        }),
      'POST /api/legacy/customers/migrate': () => {
        migrated = true;
        return jsonResponse({
          created: [
            {
              pno: 'P1001',
              customer: { id: 50, acc_code: 'C000050', customer_name: 'முருகன்', incomplete_fields: [] },
            },
          ],
          skipped: [
            {
              pno: 'P1002',
              reason: 'already_migrated',
              detail: 'Already migrated as C000012.',
              customer_id: 12,
            },
          ],
        });
      },
    });
    renderApp();
    const user = userEvent.setup();
    await screen.findByText('P1003');
    await user.click(screen.getByRole('button', { name: 'Migrate All' }));
    const dialog = screen.getByRole('dialog', { name: 'Migrate All' });
    await user.click(within(dialog).getByRole('button', { name: 'Migrate 2' }));
    await toast('Migration Completed');
    expect(screen.getByText('Migrated 1 customer; 1 skipped.')).toBeInTheDocument();
    expect(screen.getByText('P1002: Already migrated as C000012.')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ pnos: ['P1001', 'P1002'] });
    await waitFor(() =>
      expect(within(screen.getByText('P1001').closest('tr')!).getByText('Migrated')).toBeInTheDocument(),
    );
    expect(
      within(screen.getByText('P1001').closest('tr')!).getByRole('link', { name: 'Customer C000050' }),
    ).toBeInTheDocument();
  });
});
