import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldAnswer, jsonResponse, stubApi } from '@/test/helpers';
import { RATIO_NOT_RBI } from '../components/rbi-ratio';
import { RbiRatioPage, RbiRatioPrintPage } from '../pages/rbi-ratio-page';
import { renderAt, report } from './operations-reports-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('RBI Ratio Report', () => {
  it('shows the twelve columns in English and Tamil, Indian grouping, and a call link', async () => {
    const fetchMock = stubApi({ 'GET /api/reports/rbi-ratio': () => jsonResponse(report()) });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    const table = await screen.findByRole('table', { name: 'Pledges past their tier' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.querySelector('span')?.textContent),
    ).toEqual([
      'Pledge No.',
      'Customer',
      'Mobile',
      'Jewel Type',
      'Net Wt (g)',
      'Rate (₹/g)',
      'Value',
      'Tier %',
      'Limit',
      'Outstanding',
      'Excess',
      'Ratio %',
    ]);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Pledge No.அடகு எண்');
    const row = within(table).getByText('GL1').closest('tr')!;
    expect(row).toHaveTextContent(
      'GL1முருகன் Selvam9840012345Chain20.0006,000.001,20,000.007590,000.001,06,500.5016,500.5088.75',
    );
    expect(within(row).getByRole('link', { name: 'Call முருகன் Selvam on 9840012345' })).toHaveAttribute(
      'href',
      'tel:+919840012345',
    );
    expect(screen.getByRole('heading', { name: /RBI Ratio Report/ })).toHaveTextContent(
      'RBI Ratio Report / கடன்-மதிப்பு விகித அறிக்கை',
    );
    expect(screen.getByText('As of 01/10/2026')).toBeInTheDocument();
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({ as_of: '2026-10-01', page: '1', page_size: '50' });
  });

  it('says the regime and how many open pledges were looked at, and those without a rate', async () => {
    stubApi({
      'GET /api/reports/rbi-ratio': () => jsonResponse(report({ regime: 'tn_pawnbroker', without_rate: 3 })),
    });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    expect(await screen.findByText(RATIO_NOT_RBI)).toBeInTheDocument();
    expect(RATIO_NOT_RBI).toBe('This branch is not under the RBI regime: the figures use its RBI numbers.');
    expect(
      screen.getByText(
        '42 open pledges looked at as of 01/10/2026; 3 have no stored rate for its jewel type and are not judged.',
      ),
    ).toBeInTheDocument();
  });

  it('says so when no pledge passes its tier, still naming what was looked at', async () => {
    stubApi({ 'GET /api/reports/rbi-ratio': () => jsonResponse(report({ without_rate: 1 }, 0)) });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    expect(
      await screen.findByText('No pledge passes its loan-to-value tier on this date.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/under the RBI regime: each pledge is judged/)).toBeInTheDocument();
    expect(
      screen.getByText(/1 has no stored rate for its jewel type and is not judged\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a loading line while the report is worked out', async () => {
    const answer = heldAnswer<Response>();
    stubApi({ 'GET /api/reports/rbi-ratio': answer.hold });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the RBI ratio report...');
    await answer.release(jsonResponse(report()));
    expect(await screen.findByText('GL1')).toBeInTheDocument();
  });

  it('shows the server error in words', async () => {
    stubApi({
      'GET /api/reports/rbi-ratio': () => jsonResponse({ detail: 'The date cannot be after today' }, 422),
    });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
      'The date cannot be after today',
    );
  });

  it('pages on the server: Next asks for page 2', async () => {
    const fetchMock = stubApi({
      'GET /api/reports/rbi-ratio': ({ url }) => {
        const page = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(report({}, 60, page));
      },
    });
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    await screen.findByText('GL1');
    await userEvent.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    expect(await screen.findByText('GL51')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('page=2'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Print' })).toHaveAttribute(
      'href',
      '/registers/rbi-ratio/print?as_of=2026-10-01',
    );
  });

  it('writes the CSV of the whole report itself, with the byte order mark, quoting and no formulas', async () => {
    const fetchMock = stubApi({
      'GET /api/reports/rbi-ratio': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        const answer = report({}, 1, Number(q.get('page')), Number(q.get('page_size')));
        answer.rows = answer.rows.map((r) => ({ ...r, customer_name: '=Selvam, Murugan' }));
        return jsonResponse(answer);
      },
    });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:register';
    });
    URL.revokeObjectURL = vi.fn();
    renderAt(<RbiRatioPage />, '/registers/rbi-ratio?as_of=2026-10-01');
    await screen.findByText('GL1');
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(blobs).toHaveLength(1));
    // jsdom's Blob has no arrayBuffer(): read it as a browser would, through a FileReader.
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]!);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.split('\r\n')).toEqual([
      'Pledge No.,Customer,Mobile,Jewel Type,Net Wt (g),Rate (Rs/g),Value,Borrower Total,Tier %,Limit,Principal,Interest,Outstanding,Excess,Ratio %',
      `GL1,"'=Selvam, Murugan",9840012345,Chain,20.000,6000.00,120000.00,100000.00,75.00,90000.00,100000.00,6500.50,106500.50,16500.50,88.75`,
      '',
    ]);
    // The server has no CSV of this report: nothing asked it for one.
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('format=csv'))).toBe(false);
  });

  it('print view loads every page, then shows the whole report with its preface', async () => {
    const fetchMock = stubApi({
      'GET /api/reports/rbi-ratio': ({ url }) => {
        const q = new URL(url, 'http://x').searchParams;
        return jsonResponse(report({}, 250, Number(q.get('page')), Number(q.get('page_size'))));
      },
    });
    renderAt(<RbiRatioPrintPage />, '/registers/rbi-ratio/print?as_of=2026-10-01');
    expect(await screen.findByText('GL250')).toBeInTheDocument();
    expect(screen.getByText('GL1')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(screen.getByText(/42 open pledges looked at/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to RBI Ratio Report' })).toBeInTheDocument();
  });
});
