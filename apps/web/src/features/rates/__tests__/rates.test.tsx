import { businessToday, formatIndianDate } from '@pledge-desk/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clerkUser, jsonResponse, stubApi } from '@/test/helpers';
import { GoldSilverRatesPage } from '../pages/gold-silver-rates-page';
import { RateManagementPage } from '../pages/rate-management-page';
import { gold22kPaise, summariseRates } from '../rate-math';
import { rate, renderPage } from './rates-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('rate arithmetic', () => {
  it('derives 22K as 24K × 11/12, to the paisa: Rs. 7,512 → Rs. 6,886', () => {
    expect(gold22kPaise(751_200)).toBe(688_600);
    expect(gold22kPaise(750_000)).toBe(687_500);
    // 7,513 × 11 / 12 = 6,886.9166… → 6,886.92
    expect(gold22kPaise(751_300)).toBe(688_692);
  });

  it('compares the latest day with the previous stored day, whatever the order, and keeps 7 days', () => {
    const rates = [
      rate(1, '2026-11-10', 7400, 90),
      ...[11, 12, 13, 14, 15, 16, 17].map((d, i) => rate(d, `2026-11-${d}`, 7500 + i, 94)),
      rate(20, '2026-11-19', 7600.5, 95.25), // the 18th was a holiday: no rate
    ];
    const summary = summariseRates([...rates].reverse())!;
    expect(summary.latest.date).toBe('2026-11-19');
    expect(summary.previous?.date).toBe('2026-11-17');
    expect(summary.goldChange.deltaPaise).toBe(760_050 - 750_600);
    expect(summary.goldChange.percent).toBe(1.26);
    expect(summary.silverChange.deltaPaise).toBe(125);
    expect(summary.history.map((h) => h.date)).toEqual([
      '2026-11-12',
      '2026-11-13',
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-19',
    ]);
    expect(summary.rows[2]).toMatchObject({
      perGramPaise: 9525,
      per10GramsPaise: 95_250,
      perKgPaise: 9_525_000,
    });
  });

  it('has nothing to summarise without rates', () => {
    expect(summariseRates([])).toBeNull();
  });
});

describe('Gold & Silver Daily Rates dashboard', () => {
  it('shows the cards, the change and the detailed table from the stored rates', async () => {
    const fetchMock = stubApi({
      'GET /api/gold_silver_rates': () =>
        jsonResponse([rate(2, '2026-11-21', 7512, 95.5), rate(1, '2026-11-20', 7500, 96)]),
    });
    renderPage(<GoldSilverRatesPage />);
    const gold = await screen.findByRole('region', { name: 'Gold 24K' });
    expect(gold).toHaveTextContent('Rs. 7,512.00');
    expect(gold).toHaveTextContent('+Rs. 12.00 (+0.16%)');
    expect(screen.getByRole('region', { name: 'Silver' })).toHaveTextContent('-Rs. 0.50 (-0.52%)');
    expect(screen.getByText(/Rates of/)).toHaveTextContent(
      'Rates of 21/11/2026, compared with 20/11/2026. No rate is stored for today yet.',
    );
    const table = screen.getByRole('table', { name: 'Detailed Rates' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Gold24K (999)Rs. 7,512.00Rs. 75,120.00—');
    expect(rows[2]).toHaveTextContent('Gold22K (916)Rs. 6,886.00Rs. 68,860.00—');
    expect(rows[3]).toHaveTextContent('Silver999 fineRs. 95.50Rs. 955.00Rs. 95,500.00');
    // Only the week it draws, not the whole history.
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/gold_silver_rates?limit=7');
  });

  it('sends an admin to Rate Management when no rate is stored', async () => {
    stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    renderPage(<GoldSilverRatesPage />);
    expect(await screen.findByText('No gold and silver rates yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Rate Management' })).toHaveAttribute(
      'href',
      '/admin/gold-silver-rates',
    );
  });

  it('tells a user to ask an admin when no rate is stored', async () => {
    stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    renderPage(<GoldSilverRatesPage />, clerkUser);
    expect(await screen.findByText("Ask an admin to add today's gold and silver rate.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Rate Management' })).not.toBeInTheDocument();
  });
});

describe('Rate Management', () => {
  it('lists the rates with DD/MM/YYYY dates and Indian grouping', async () => {
    const fetchMock = stubApi({
      'GET /api/gold_silver_rates': () => jsonResponse([rate(2, '2026-11-21', 12512.5, 95.5)]),
    });
    renderPage(<RateManagementPage />);
    // The server's default page is 100 days; the list asks for its maximum.
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/gold_silver_rates?limit=1000');
    const cell = await screen.findByText('21/11/2026');
    expect(cell.closest('tr')).toHaveTextContent('21/11/2026Rs. 12,512.50Rs. 95.50');
    expect(cell.closest('table')).toHaveAccessibleName('Gold & Silver Rates');
  });

  it('says the daily rates do not value pledges, and which rate does', async () => {
    stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    renderPage(<RateManagementPage />);
    expect(
      await screen.findByText(
        "One rate per day: the market's gold and silver prices, shown on the rates dashboard. They do not value pledges: a new pledge is valued at its jewel type's rate in Jewel Rates in force on the pledge date.",
      ),
    ).toBeInTheDocument();
  });

  it('defaults a new rate to the business day and requires both rates', async () => {
    const fetchMock = stubApi({ 'GET /api/gold_silver_rates': () => jsonResponse([]) });
    const user = userEvent.setup();
    renderPage(<RateManagementPage />);
    await user.click((await screen.findAllByRole('button', { name: 'Add Rate' }))[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Add Rate' });
    expect(within(dialog).getByLabelText('Date')).toHaveValue(formatIndianDate(businessToday()));
    expect(within(dialog).getByLabelText('Gold Rate per gram (24K, Rs.)')).toHaveAttribute('step', '0.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Gold rate is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Silver rate is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's 409 for a second rate on a date under the date, and keeps what was typed", async () => {
    let sent: unknown;
    stubApi({
      'GET /api/gold_silver_rates': () => jsonResponse([rate(2, '2026-11-21', 7512, 95.5)]),
      'POST /api/gold_silver_rates': ({ init }) => {
        sent = JSON.parse(String(init?.body));
        return jsonResponse({ detail: 'A rate for this date already exists.' }, 409);
      },
    });
    const user = userEvent.setup();
    renderPage(<RateManagementPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Rate' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Rate' });
    await user.clear(within(dialog).getByLabelText('Date'));
    await user.type(within(dialog).getByLabelText('Date'), '21/11/2026');
    await user.type(within(dialog).getByLabelText('Gold Rate per gram (24K, Rs.)'), '7520.25');
    await user.type(within(dialog).getByLabelText('Silver Rate per gram (Rs.)'), '96');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A rate for this date already exists.')).toBeInTheDocument();
    expect(sent).toEqual({ date: '2026-11-21', gold_rate_per_gram: 7520.25, silver_rate_per_gram: 96 });
    expect(within(dialog).getByLabelText('Gold Rate per gram (24K, Rs.)')).toHaveValue(7520.25);
  });
});
