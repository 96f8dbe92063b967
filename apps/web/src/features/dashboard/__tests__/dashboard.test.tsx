import type { Dashboard } from '@pledge-desk/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { adminUser, jsonResponse, mainBranch, seedSession, stubApi } from '../../../test/helpers';
import { DashboardPage } from '../pages/dashboard-page';

// jsdom has no layout: give recharts' ResponsiveContainer an observer that reports a real size.
class FixedSizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe(target: Element) {
    this.callback(
      [{ target, contentRect: { width: 600, height: 256 } } as unknown as ResizeObserverEntry],
      this as never,
    );
  }
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const days = (n: number, fill: (i: number) => { disbursed: number; collected: number }) =>
  Array.from({ length: n }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, ...fill(i) }));

const figures: Dashboard = {
  as_of: '2026-11-20',
  earnings: 350400,
  spend_this_month: 6423900.5,
  sales: { count: 23, growth_percent: 15 },
  balance: 10000000,
  daily: days(20, (i) => ({ disbursed: i === 2 ? 125000 : 0, collected: i === 14 ? 2075 : 0 })),
  weekly: days(20, () => ({ disbursed: 0, collected: 0 }))
    .slice(13)
    .map((d) => ({ date: d.date, interest: 1500, charges: 100 })),
  due: [
    {
      pledge_id: 7,
      pledge_no: 'GL7',
      customer_name: 'Murugan K',
      status: 'overdue',
      due_date: '2026-11-10',
      progress: 100,
    },
    {
      pledge_id: 9,
      pledge_no: 'GL9',
      customer_name: 'Lakshmi S',
      status: 'due_soon',
      due_date: '2026-11-25',
      progress: 98,
    },
  ],
};

const empty: Dashboard = {
  as_of: '2026-11-20',
  earnings: 0,
  spend_this_month: 0,
  sales: { count: 0, growth_percent: null },
  balance: 0,
  daily: days(20, () => ({ disbursed: 0, collected: 0 })),
  weekly: figures.weekly.map((w) => ({ ...w, interest: 0, charges: 0 })),
  due: [],
};

function renderPage() {
  seedSession({ user: adminUser, company: mainBranch });
  return render(
    <AppProviders>
      <DashboardPage />
    </AppProviders>,
  );
}

describe('dashboard', () => {
  it('reads GET /dashboard for the selected branch and shows the four cards in Indian grouping', async () => {
    const fetchMock = stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard...');
    expect(await screen.findByText('Rs. 3,50,400.00')).toBeInTheDocument();
    for (const label of ['Earnings', 'Spend this month', 'Sales', 'Your balance']) {
      expect(screen.getByRole('heading', { name: label, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Rs. 64,23,900.50').length).toBeGreaterThan(0);
    expect(screen.getByText('Rs. 1,00,00,000.00')).toBeInTheDocument();
    expect(screen.getByText('23 pledges')).toBeInTheDocument();
    expect(screen.getAllByText('+15%')[0]!.parentElement).toHaveTextContent('+15% since last month');
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect(new Headers(init.headers).get('X-Company-Id')).toBe(String(mainBranch.id));
    expect(screen.queryByText(/Sample figures/)).toBeNull();
  });

  it('shows the month line chart with the month’s totals, and the Weekly Revenue chart', async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This month' })).toBeInTheDocument();
    expect(screen.getByText('Rs. 2,075.00')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly Revenue' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /day by day this month/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /the last 7 days/ })).toBeInTheDocument();
  });

  it('lists the due and overdue pledges with NAME, STATUS, DATE and PROGRESS', async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['NAME', 'STATUS', 'DATE', 'PROGRESS']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Murugan K');
    expect(rows[1]).toHaveTextContent('Overdue');
    expect(rows[1]).toHaveTextContent('10/11/2026');
    expect(rows[2]).toHaveTextContent('Due soon');
    expect(within(table).getByRole('progressbar', { name: 'GL9 term elapsed' })).toHaveAttribute(
      'aria-valuenow',
      '98',
    );
  });

  it('shows zeros and an empty table for a branch with nothing yet', async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(empty) });
    renderPage();
    expect(await screen.findByText('No pledges due')).toBeInTheDocument();
    expect(screen.getByText(/No pledges or payments yet this month/)).toBeInTheDocument();
    expect(screen.getByText('0 pledges')).toBeInTheDocument();
    expect(screen.getByText('None last month')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows an error with Try again (after the query’s one retry), which reads the figures again', async () => {
    let calls = 0;
    stubApi({
      'GET /api/dashboard': () => {
        calls += 1;
        return calls <= 2
          ? jsonResponse({ detail: 'The server is not answering.' }, 503)
          : jsonResponse(figures);
      },
    });
    renderPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent(/not answering/);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Rs. 3,50,400.00')).toBeInTheDocument());
  });
});
