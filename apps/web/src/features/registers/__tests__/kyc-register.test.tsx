import { businessToday } from '@pledge-desk/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, jsonResponse, stubApi } from '@/test/helpers';
import { kycRegister, kycRow, open, withTotal } from './registers-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
});

const PATH = 'GET /api/registers/kyc-incomplete';

/** The register's requests (JSON pages and CSV files), as URLs. */
const requests = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname === '/api/registers/kyc-incomplete');

describe('incomplete-KYC register', () => {
  it('lists the customers with what each lacks in words, their open pledges and loans, under bilingual headings', async () => {
    stubApi({
      [PATH]: () =>
        withTotal(
          kycRegister([
            kycRow(5),
            kycRow(9, {
              customer_name: 'Selvam Rajendran',
              mobile_number: '9443098765',
              gaps: ['id_document', 'id_proof_review'],
              open_pledges: 0,
              open_loans: 0,
            }),
          ]),
          2,
        ),
    });
    open('/registers/kyc-incomplete');
    const table = await screen.findByRole('table', { name: 'Incomplete KYC register' });
    for (const [en, ta] of [
      ['Customer Code', 'வாடிக்கையாளர் குறியீடு'],
      ['Name', 'பெயர்'],
      ['Mobile', 'கைபேசி'],
      ['Missing', 'இல்லாதவை'],
      ['Open Pledges', 'நடப்பு அடகுகள்'],
      ['Open Loans (₹)', 'நடப்புக் கடன் (₹)'],
    ] as const) {
      const header = within(table).getByRole('columnheader', { name: `${en} ${ta}` });
      expect(within(header).getByText(ta)).toHaveAttribute('lang', 'ta');
    }
    const cells = (code: string) =>
      within(within(table).getByText(code).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('C000005')).toEqual([
      'C000005',
      'Meenakshi Sundaram',
      '9842012345',
      'No photographNo PAN or Form 60',
      '2',
      '1,25,000.50',
    ]);
    expect(cells('C000009')).toEqual([
      'C000009',
      'Selvam Rajendran',
      '9443098765',
      'No ID documentOld ID proof to be checked',
      '0',
      '0.00',
    ]);
    expect(
      screen.getByRole('heading', { name: 'Incomplete KYC Register / முழுமையற்ற KYC பதிவேடு' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Customers whose KYC is incomplete, as of ${businessToday().split('-').reverse().join('/')}`,
      ),
    ).toBeInTheDocument();
  });

  it('counts the customers by what they lack, over the whole register', async () => {
    stubApi({ [PATH]: () => withTotal(kycRegister([kycRow(5)], 1300), 1300) });
    open('/registers/kyc-incomplete');
    await screen.findByText('C000005');
    expect(screen.getByLabelText('Customers by what is missing')).toHaveTextContent(
      'No ID document: 3No photograph: 1,300No PAN or Form 60: 1,240Old ID proof to be checked: 0',
    );
  });

  it('links each customer to the customers list searched by the code', async () => {
    const fetchMock = stubApi({
      [PATH]: () => withTotal(kycRegister([kycRow(5)]), 1),
      'GET /api/customers/': () => jsonResponse([]),
    });
    open('/registers/kyc-incomplete');
    const link = await screen.findByRole('link', { name: 'Open customer C000005, Meenakshi Sundaram' });
    expect(link).toHaveAttribute('href', '#/customers?search=C000005');
    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([url]) => /\/api\/customers\/\?.*search=C000005/.test(String(url))),
      ).toBe(true),
    );
    expect(screen.getByRole('searchbox')).toHaveValue('C000005');
  });

  it('pages on the server: page 2 asks for page=2', async () => {
    const fetchMock = stubApi({
      [PATH]: ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return withTotal(kycRegister([kycRow(page === 2 ? 51 : 1)], 60, page), 60);
      },
    });
    open('/registers/kyc-incomplete');
    await screen.findByText('C000001');
    expect(screen.getByText(/Showing 1–50 of 60 customers/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Incomplete KYC register page 2' }));
    expect(await screen.findByText('C000051')).toBeInTheDocument();
    expect(screen.getByText(/Showing 51–60 of 60 customers/)).toBeInTheDocument();
    const last = requests(fetchMock).at(-1)!;
    expect(last.searchParams.get('page')).toBe('2');
    expect(last.searchParams.get('page_size')).toBe('50');
  });

  it('searches by name, mobile or code on the server, from the first page, and keeps the search for Print', async () => {
    const fetchMock = stubApi({
      [PATH]: ({ url }) => {
        const search = new URL(url, 'http://x').searchParams.get('search');
        return search === '98420'
          ? withTotal(kycRegister([kycRow(7)], 1), 1)
          : withTotal(kycRegister([kycRow(1)], 60), 60);
      },
    });
    const user = userEvent.setup();
    open('/registers/kyc-incomplete');
    await screen.findByText('C000001');
    await user.click(screen.getByRole('button', { name: 'Incomplete KYC register page 2' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by name, mobile or code' }), '98420');
    expect(await screen.findByText('C000007')).toBeInTheDocument();
    const searched = requests(fetchMock).filter((u) => u.searchParams.has('search'));
    // One request after the pause in typing, not one a key; a new search starts at page 1.
    expect(searched.map((u) => [u.searchParams.get('search'), u.searchParams.get('page')])).toEqual([
      ['98420', '1'],
    ]);
    // The first request, before any search, sent none.
    expect(requests(fetchMock)[0]!.searchParams.has('search')).toBe(false);
    await waitFor(() => expect(window.location.hash).toContain('search=98420'));
    expect(screen.getByText(/matching “98420”/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '#/registers/kyc-incomplete/print?search=98420',
    );
  });

  it('says every customer’s KYC is complete when nobody lacks anything', async () => {
    stubApi({ [PATH]: () => withTotal(kycRegister([], 0), 0) });
    open('/registers/kyc-incomplete');
    expect(await screen.findByText('Every customer’s KYC is complete.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says so when a search finds nobody', async () => {
    stubApi({ [PATH]: () => withTotal(kycRegister([], 0), 0) });
    open('/registers/kyc-incomplete?search=Ravi');
    expect(await screen.findByText('No customer with incomplete KYC matches “Ravi”.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox')).toHaveValue('Ravi');
  });

  it('shows that it is loading, then the rows', async () => {
    const held = heldAnswer<Response>();
    stubApi({ [PATH]: () => held.hold() });
    open('/registers/kyc-incomplete');
    expect(await screen.findByText('Loading the incomplete-KYC register...')).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await held.release(withTotal(kycRegister([kycRow(5)]), 1));
    expect(await screen.findByText('C000005')).toBeInTheDocument();
  });

  it('shows the server’s refusal as an error', async () => {
    stubApi({ [PATH]: () => jsonResponse({ detail: 'The register is busy.' }, 409) });
    open('/registers/kyc-incomplete');
    expect(await screen.findByRole('alert')).toHaveTextContent('The register is busy.');
  });

  it('downloads the server’s CSV (format=csv) of the search as kyc-incomplete-<today>.csv', async () => {
    const csv = '\uFEFFCustomer Code,Name\r\nC000005,Meenakshi Sundaram\r\n';
    const fetchMock = stubApi({
      [PATH]: ({ url }) =>
        url.includes('format=csv')
          ? new Response(csv, { headers: { 'content-type': 'text/csv; charset=utf-8' } })
          : withTotal(kycRegister([kycRow(5)]), 1),
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:kyc';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    open('/registers/kyc-incomplete?search=Meena');
    await screen.findByText('C000005');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    const file = requests(fetchMock).find((u) => u.searchParams.get('format') === 'csv')!;
    expect(file.searchParams.get('search')).toBe('Meena');
    expect(names).toEqual([`kyc-incomplete-${businessToday()}.csv`]);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(text).toContain('C000005,Meenakshi Sundaram');
  });

  it('is under Registers in the sidebar, lit while open', async () => {
    stubApi({ [PATH]: () => withTotal(kycRegister([kycRow(5)]), 1) });
    open('/registers/kyc-incomplete');
    await screen.findByText('C000005');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Incomplete KYC' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('incomplete-KYC register, printed', () => {
  it('prints every customer of the search, loaded page by page, with the counts under the company heading', async () => {
    const fetchMock = stubApi({
      [PATH]: ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        // 203 customers: two requests of 200.
        const rows = Array.from({ length: page === 1 ? 200 : 3 }, (_, i) => kycRow(1 + (page - 1) * 200 + i));
        return withTotal(kycRegister(rows, 203, page), 203);
      },
    });
    open('/registers/kyc-incomplete/print?search=Meena');
    const table = await screen.findByRole('table', { name: 'Incomplete KYC register' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 203);
    expect(within(table).getByText('C000203')).toBeInTheDocument();
    const prints = requests(fetchMock);
    expect(prints.map((u) => [u.searchParams.get('page'), u.searchParams.get('page_size')])).toEqual([
      ['1', '200'],
      ['2', '200'],
    ]);
    expect(prints.every((u) => u.searchParams.get('search') === 'Meena')).toBe(true);
    expect(
      screen.getByRole('heading', { name: 'Incomplete KYC Register / முழுமையற்ற KYC பதிவேடு' }),
    ).toBeInTheDocument();
    expect(screen.getByText('12 Car Street, Madurai · Licence TN-PB-0042')).toBeInTheDocument();
    expect(screen.getByText(/matching “Meena”/)).toBeInTheDocument();
    expect(screen.getByLabelText('Customers by what is missing')).toHaveTextContent(
      'No PAN or Form 60: 1,240',
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Incomplete KYC Register' })).toHaveAttribute(
      'href',
      '#/registers/kyc-incomplete?search=Meena',
    );
    expect(screen.getByRole('link', { name: 'Content Only' })).toHaveAttribute(
      'href',
      expect.stringContaining('search=Meena'),
    );
  });

  it('says every customer’s KYC is complete on paper too, and leaves Print off', async () => {
    stubApi({ [PATH]: () => withTotal(kycRegister([], 0), 0) });
    open('/registers/kyc-incomplete/print');
    expect(await screen.findByText('Every customer’s KYC is complete.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to Incomplete KYC Register' })).toHaveAttribute(
      'href',
      '#/registers/kyc-incomplete',
    );
  });
});
