import type { Dashboard } from '@pledge-desk/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import type { User } from '@/lib/session-types';
import { storageKeys } from '@/lib/storage';
import {
  adminUser,
  clerkUser,
  FixedSizeObserver,
  jsonResponse,
  mainBranch,
  secondBranch,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { DashboardPage } from '../pages/dashboard-page';

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

/** Where a due row's link landed: the pledge list's path and query. */
function PledgeListProbe() {
  const location = useLocation();
  return <p data-testid="pledge-list">{`${location.pathname}${location.search}`}</p>;
}

function renderPage(user: User = adminUser) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/pledge/list" element={<PledgeListProbe />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The calls made to GET /api/dashboard: their query and the X-Company-Id they named. */
const dashboardCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).split('?')[0] === '/api/dashboard')
    .map(([input, init]) => ({
      query: String(input).split('?')[1] ?? '',
      company: new Headers((init as RequestInit).headers).get('X-Company-Id'),
    }));

describe('dashboard', () => {
  it('reads GET /dashboard for the selected branch and shows the four cards in Indian grouping', async () => {
    const fetchMock = stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dashboard...');
    expect(await screen.findByText('Rs. 3,50,400.00')).toBeInTheDocument();
    for (const label of ['Earnings', 'Loans paid out this month', 'New pledges', 'Your balance']) {
      expect(screen.getByRole('heading', { name: label, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getAllByText('Rs. 64,23,900.50').length).toBeGreaterThan(0);
    expect(screen.getByText('Rs. 1,00,00,000.00')).toBeInTheDocument();
    expect(screen.getByText('23 pledges')).toBeInTheDocument();
    expect(screen.getAllByText('+15%')[0]!.parentElement).toHaveTextContent('+15% since last month');
    expect(dashboardCalls(fetchMock)).toEqual([{ query: '', company: String(mainBranch.id) }]);
    expect(screen.queryByText(/Sample figures/)).toBeNull();
  });

  it('shows the month line chart with the month’s totals, and the Weekly Revenue chart', async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'This month' })).toBeInTheDocument();
    expect(screen.getByText('Rs. 2,075.00', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Weekly Revenue' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /day by day this month/ })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /the last 7 days/ })).toBeInTheDocument();
    // A screen reader reads the figures as tables: a row per day under the columns' header.
    const month = screen.getByRole('table', { name: /day by day this month/ });
    expect(within(month).getAllByRole('row')).toHaveLength(21);
    expect(within(month).getAllByRole('row')[15]).toHaveTextContent('15/11/2026Rs. 0.00Rs. 2,075.00');
    expect(within(screen.getByRole('table', { name: /the last 7 days/ })).getAllByRole('row')).toHaveLength(
      8,
    );
  });

  it('reads a day’s figures off each chart with the arrow keys', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    const month = await screen.findByRole('img', { name: /day by day this month/ });
    const monthSection = screen.getByRole('region', { name: 'This month' });
    month.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(monthSection).getByRole('status')).toHaveTextContent(
      '03/11/2026: Disbursed Rs. 1,25,000.00, Collected Rs. 0.00',
    );
    await user.keyboard('{Escape}');
    expect(within(monthSection).getByRole('status')).toHaveTextContent('');

    screen.getByRole('img', { name: /the last 7 days/ }).focus();
    await user.keyboard('{ArrowLeft}');
    expect(
      within(screen.getByRole('region', { name: 'Weekly Revenue' })).getByRole('status'),
    ).toHaveTextContent('20/11/2026: Interest Rs. 1,500.00, Charges Rs. 100.00');
  });

  it('lists the due and overdue pledges with NAME, STATUS, DATE and PROGRESS', async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Due and overdue pledges' });
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
    expect(screen.queryByRole('table', { name: 'Due and overdue pledges' })).toBeNull();
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

  it("gives an admin a branch selector: 'All branches' reads scope=all, a branch is named in X-Company-Id, the session's company stays", async () => {
    const allFigures: Dashboard = {
      ...figures,
      spend_this_month: 9000000,
      due: figures.due.map((r, i) => ({
        ...r,
        company_id: i === 0 ? mainBranch.id : secondBranch.id,
        company_name: i === 0 ? mainBranch.company_name : secondBranch.company_name,
      })),
    };
    const secondFigures: Dashboard = { ...figures, spend_this_month: 1234, due: [] };
    const fetchMock = stubApi({
      'GET /api/companies/': () => jsonResponse([mainBranch, secondBranch]),
      'GET /api/dashboard': ({ url, init }) => {
        if (url.includes('scope=all')) return jsonResponse(allFigures);
        return new Headers(init?.headers).get('X-Company-Id') === String(secondBranch.id)
          ? jsonResponse(secondFigures)
          : jsonResponse(figures);
      },
    });
    renderPage();
    const selector = await screen.findByRole('combobox', { name: 'Branch' });
    expect(await screen.findAllByText('Rs. 64,23,900.50')).not.toHaveLength(0);
    await waitFor(() =>
      expect(
        within(selector)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All branches', 'Main Branch (this session)', 'Tirunelveli Branch']),
    );
    expect(selector).toHaveValue(String(mainBranch.id));

    await userEvent.selectOptions(selector, 'All branches');
    expect(await screen.findAllByText('Rs. 90,00,000.00')).not.toHaveLength(0);
    expect(screen.getByText(/Every branch together/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Due and overdue pledges' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Main Branch');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Tirunelveli Branch');
    expect(dashboardCalls(fetchMock).at(-1)).toEqual({ query: 'scope=all', company: String(mainBranch.id) });

    await userEvent.selectOptions(selector, 'Tirunelveli Branch');
    expect(await screen.findAllByText('Rs. 1,234.00')).not.toHaveLength(0);
    expect(dashboardCalls(fetchMock).at(-1)).toEqual({ query: '', company: String(secondBranch.id) });
    // The session still works in Main Branch.
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!).id).toBe(mainBranch.id);
  });

  it('shows a clerk no branch selector and never asks for every branch', async () => {
    const fetchMock = stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    renderPage(clerkUser);
    expect(await screen.findByText('Rs. 3,50,400.00')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Branch' })).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/companies/'))).toBe(false);
  });

  it('opens a due pledge in the pledge list’s detail view', async () => {
    stubApi({
      'GET /api/companies/': () => jsonResponse([mainBranch, secondBranch]),
      'GET /api/dashboard': () => jsonResponse(figures),
    });
    renderPage();
    const link = await screen.findByRole('link', { name: /Murugan K\s*Pledge GL7/ });
    expect(link).toHaveAttribute('href', '/pledge/list?view=7');
    await userEvent.click(link);
    expect(await screen.findByTestId('pledge-list')).toHaveTextContent('/pledge/list?view=7');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!).id).toBe(mainBranch.id);
  });

  it("opens another branch's due pledge (all branches) after switching the session to that branch", async () => {
    const allFigures: Dashboard = {
      ...figures,
      due: [{ ...figures.due[1]!, company_id: secondBranch.id, company_name: secondBranch.company_name }],
    };
    stubApi({
      'GET /api/companies/': () => jsonResponse([mainBranch, secondBranch]),
      'GET /api/dashboard': ({ url }) => jsonResponse(url.includes('scope=all') ? allFigures : figures),
    });
    renderPage();
    const selector = await screen.findByRole('combobox', { name: 'Branch' });
    await waitFor(() => expect(within(selector).getAllByRole('option')).toHaveLength(3));
    await userEvent.selectOptions(selector, 'all');
    const link = await screen.findByRole('link', { name: /Lakshmi S\s*Pledge GL9/ });
    expect(link).toHaveAttribute('title', 'Opens in Tirunelveli Branch: the session changes to that branch');
    await userEvent.click(link);
    expect(await screen.findByTestId('pledge-list')).toHaveTextContent('/pledge/list?view=9');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!).id).toBe(secondBranch.id);
  });

  it('totals the month’s collections in paise, so amounts with paise add up exactly', async () => {
    // As numbers 1.1 + 2.2 is 3.3000000000000003, which cannot be shown as money: the total is Rs. 3.30.
    const daily = days(20, (i) => ({ disbursed: 0, collected: i === 0 ? 1.1 : i === 1 ? 2.2 : 0 }));
    stubApi({ 'GET /api/dashboard': () => jsonResponse({ ...figures, daily }) });
    renderPage();
    expect(await screen.findByText('Rs. 3.30')).toBeInTheDocument();
  });
});
