import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { book, entry, open, vault, withTotal } from './registers-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.location.hash = '';
});

describe('pledge book', () => {
  it('shows each heading in English and Tamil, the entries with Indian grouping and DD/MM/YYYY', async () => {
    stubApi({
      'GET /api/registers/pledge-book': () =>
        withTotal(
          book([
            entry(11, {
              payments: [
                {
                  payment_id: 1,
                  receipt_no: 'R/1',
                  payment_date: '2026-11-20',
                  amount: 1875,
                  interest_amount: 1875,
                  principal_amount: 0,
                  reversed: true,
                },
              ],
            }),
          ]),
          1,
        ),
    });
    open('/registers/pledge-book');
    const table = await screen.findByRole('table', { name: 'Pledge book' });
    for (const [en, ta] of [
      ['Pledge No.', 'அடகு எண்'],
      ['Pawner', 'அடகு வைத்தவர்'],
      ['Date', 'தேதி'],
      ['Amount Lent', 'கடன் தொகை'],
      ['Interest', 'வட்டி'],
      ['Weight (g)', 'எடை (கி)'],
    ] as const) {
      const header = within(table).getByRole('columnheader', { name: `${en} ${ta}` });
      expect(within(header).getByText(ta)).toHaveAttribute('lang', 'ta');
    }
    const row = within(table).getByText('GL11').closest('tr')!;
    expect(row).toHaveTextContent('02/11/2026');
    expect(row).toHaveTextContent('1,25,000.00');
    expect(row).toHaveTextContent('10.500');
    // The reversed payment is struck out and said to be reversed.
    expect(within(row).getByText(/20\/11\/2026/).tagName).toBe('S');
    expect(row).toHaveTextContent('reversed');
  });

  it('prints the redeemer or the buyer at auction beside each entry (Form E)', async () => {
    stubApi({
      'GET /api/registers/pledge-book': () =>
        withTotal(
          book([
            entry(1, {
              closed_by: 'payment',
              closed_date: '2026-11-20',
              released_on: '2026-11-21',
              redeemer: { kind: 'agent', name: 'Selvam Rajendran' },
            }),
            entry(2, {
              auction_date: '2026-11-22',
              redeemer: { kind: 'buyer', name: 'Sri Murugan Jewellers' },
            }),
            entry(3),
          ]),
          3,
        ),
    });
    open('/registers/pledge-book/print?from=2026-11-01&to=2026-11-23');
    const table = await screen.findByRole('table', { name: 'Pledge book page 1' });
    expect(
      within(table).getByRole('columnheader', { name: 'Redeemer / Buyer மீட்டவர் / வாங்கியவர்' }),
    ).toBeInTheDocument();
    const cells = (pledgeNo: string) =>
      within(within(table).getByText(pledgeNo).closest('tr')!).getAllByRole('cell');
    expect(cells('GL1').at(-1)).toHaveTextContent('Selvam RajendranAgent with letter');
    expect(cells('GL2').at(-1)).toHaveTextContent('Sri Murugan JewellersBuyer at auction');
    expect(cells('GL3').at(-1)).toHaveTextContent('—');
  });

  it('says so when the range has no pledges', async () => {
    stubApi({ 'GET /api/registers/pledge-book': () => withTotal(book([], 0), 0) });
    open('/registers/pledge-book');
    expect(await screen.findByText('No pledges in this range.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('pages on the server: page 2 asks for page=2', async () => {
    const fetchMock = stubApi({
      'GET /api/registers/pledge-book': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return withTotal(book([entry(page === 2 ? 51 : 1)], 60, page), 60);
      },
    });
    open('/registers/pledge-book');
    await screen.findByText('GL1');
    expect(screen.getByText(/Showing 1–50 of 60 pledges/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pledge book page 2' }));
    expect(await screen.findByText('GL51')).toBeInTheDocument();
    expect(screen.getByText(/Showing 51–60 of 60 pledges/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => /[?&]page=2(&|$)/.test(String(url)))).toBe(true);
  });

  it('shows the server’s refusal of a range as an error', async () => {
    stubApi({
      'GET /api/registers/pledge-book': () => jsonResponse({ detail: 'The register is busy.' }, 409),
    });
    open('/registers/pledge-book');
    expect(await screen.findByRole('alert')).toHaveTextContent('The register is busy.');
  });

  it('prints the whole range under fixed Page N headings, loading it page by page', async () => {
    const fetchMock = stubApi({
      'GET /api/registers/pledge-book': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        // 203 pledges: serials 8 to 210, two requests of 200.
        const rows = Array.from({ length: page === 1 ? 200 : 3 }, (_, i) => entry(8 + (page - 1) * 200 + i));
        return withTotal(book(rows, 203, page), 203);
      },
    });
    open('/registers/pledge-book/print?from=2026-11-01&to=2026-11-23');
    expect(await screen.findByRole('region', { name: 'Page 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Page 21' })).toBeInTheDocument();
    // Serials 8–10 on page 1, as in the whole book.
    expect(within(screen.getByRole('region', { name: 'Page 1' })).getAllByRole('row')).toHaveLength(1 + 3);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('page_size=200'))).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Content Only' })).toHaveAttribute(
      'href',
      expect.stringContaining('from=2026-11-01&to=2026-11-23'),
    );
    // Back to the screen with the same range, not the current month.
    expect(screen.getByRole('link', { name: 'Back to Pledge Book' })).toHaveAttribute(
      'href',
      '#/registers/pledge-book?from=2026-11-01&to=2026-11-23',
    );
  });

  it('keeps its range in the address: read on opening, written when a date changes, passed to Print', async () => {
    const fetchMock = stubApi({ 'GET /api/registers/pledge-book': () => withTotal(book([entry(1)], 1), 1) });
    open('/registers/pledge-book?from=2026-10-01&to=2026-10-31');
    await screen.findByText('GL1');
    expect(screen.getByText('01/10/2026 to 31/10/2026')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('from=2026-10-01&to=2026-10-31'))).toBe(
      true,
    );
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '#/registers/pledge-book/print?from=2026-10-01&to=2026-10-31',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-15' } });
    await waitFor(() => expect(window.location.hash).toContain('from=2026-10-15'));
    expect(window.location.hash).toContain('to=2026-10-31');
    expect(await screen.findByText('15/10/2026 to 31/10/2026')).toBeInTheDocument();
  });
});

describe('vault register', () => {
  it('lists the articles with bilingual headings and the totals by jewel type', async () => {
    const fetchMock = stubApi({ 'GET /api/registers/vault': () => withTotal(vault, 1) });
    open('/registers/vault');
    const table = await screen.findByRole('table', { name: 'Vault register' });
    expect(within(table).getByRole('columnheader', { name: 'Packet No. பொட்டல எண்' })).toBeInTheDocument();
    expect(within(table).getByText('Bangle').closest('tr')).toHaveTextContent('24.25023.500');
    const totals = screen.getByRole('table', { name: 'Totals by jewel type' });
    expect(within(totals).getByText('Gold 22K').closest('tr')).toHaveTextContent('Gold 22K1124.25023.500');
    expect(
      fetchMock.mock.calls.some(([url]) => /registers\/vault\?as_of=\d{4}-\d{2}-\d{2}/.test(String(url))),
    ).toBe(true);
  });

  it('says so when nothing is held', async () => {
    stubApi({
      'GET /api/registers/vault': () =>
        withTotal(
          {
            ...vault,
            rows: [],
            totals: { by_jewel_type: [], overall: { pledges: 0, items: 0, gross_weight: 0, net_weight: 0 } },
          },
          0,
        ),
    });
    open('/registers/vault');
    expect(await screen.findByText('No articles in the vault on this day.')).toBeInTheDocument();
  });

  it('prints the articles, the totals and the lines for the physical check', async () => {
    stubApi({ 'GET /api/registers/vault': () => withTotal(vault, 1) });
    open('/registers/vault/print?as_of=2026-11-23');
    await screen.findByRole('table', { name: 'Vault register' });
    await waitFor(() => expect(screen.getByText(/Checked by/)).toBeInTheDocument());
    expect(screen.getByText('Articles held at the end of 23/11/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to Vault Register' })).toHaveAttribute(
      'href',
      '#/registers/vault?as_of=2026-11-23',
    );
  });

  it('numbers every printed sheet and groups the weights and counts the Indian way', async () => {
    const heavy = {
      ...vault,
      totals: {
        by_jewel_type: [
          { jewel_type: 'Gold 22K', pledges: 1240, items: 2310, gross_weight: 4914.551, net_weight: 4702.25 },
        ],
        overall: { pledges: 1240, items: 2310, gross_weight: 4914.551, net_weight: 4702.25 },
      },
    };
    stubApi({ 'GET /api/registers/vault': () => withTotal(heavy, 1) });
    open('/registers/vault/print?as_of=2026-11-23');
    const totals = await screen.findByRole('table', { name: 'Totals by jewel type' });
    const overall = within(totals).getByRole('rowheader', { name: 'Total / மொத்தம்' }).closest('tr')!;
    expect(
      within(overall)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,240', '2,310', '4,914.551', '4,702.250']);
    const pageRule = [...document.querySelectorAll('style')]
      .map((s) => s.textContent ?? '')
      .find((s) => s.includes('@page'));
    expect(pageRule).toMatch(/@bottom-right\s*\{\s*content:\s*counter\(page\) ' \/ ' counter\(pages\)/);
  });

  it('opens on the date in the address', async () => {
    const fetchMock = stubApi({ 'GET /api/registers/vault': () => withTotal(vault, 1) });
    open('/registers/vault?as_of=2026-11-01');
    await screen.findByRole('table', { name: 'Vault register' });
    expect(screen.getByText('Articles held at the end of 01/11/2026')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('as_of=2026-11-01'))).toBe(true);
  });
});
