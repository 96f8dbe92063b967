import type { Dashboard } from '@pledge-desk/domain';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyDetailsPage } from '@/features/company-details/pages/company-details-page';
import { DashboardPage } from '@/features/dashboard/pages/dashboard-page';
import { refreshLanguage } from '@/lib/i18n/language';
import { storageKeys } from '@/lib/storage';
import {
  adminUser,
  clerkUser,
  FixedSizeObserver,
  jsonResponse,
  mainBranch,
  renderApp,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { AppProviders } from '../providers';

// The screens in Tamil; the choice on the sign-in screen, in the avatar menu (saved on the
// server), and the company's default for a user who chose none.

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const figures: Dashboard = {
  as_of: '2026-11-20',
  earnings: 350400,
  spend_this_month: 125000,
  sales: { count: 1, growth_percent: null },
  balance: 10000000,
  daily: [{ date: '2026-11-20', disbursed: 125000, collected: 2075 }],
  weekly: [{ date: '2026-11-20', interest: 1500, charges: 100 }],
  due: [
    {
      pledge_id: 7,
      pledge_no: 'GL7',
      customer_name: 'முருகன் K',
      status: 'overdue',
      due_date: '2026-11-10',
      progress: 100,
    },
  ],
};

describe('the sign-in screen in Tamil', () => {
  it('switches to தமிழ், keeps the choice on this browser, and says what is missing in Tamil', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { name: 'உள்நுழைக' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'தமிழ்' })).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(storageKeys.language)).toBe('ta');
    expect(document.documentElement.lang).toBe('ta');

    await user.click(screen.getByRole('button', { name: 'உள்நுழைக' }));
    expect(await screen.findByText('பயனர் பெயர் தேவை')).toBeInTheDocument();
    expect(screen.getByText('கடவுச்சொல் தேவை')).toBeInTheDocument();
    expect(screen.getByLabelText('பயனர் பெயர்')).toHaveAttribute('aria-invalid', 'true');
    // Before sign-in the choice is this browser's only: nothing is sent.
    expect(fetchMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
  });

  it('shows a refused sign-in in Tamil', async () => {
    window.localStorage.setItem(storageKeys.language, 'ta');
    refreshLanguage();
    stubApi({ 'POST /api/auth/login': () => jsonResponse({ detail: 'Invalid username or password' }, 401) });
    const user = userEvent.setup();
    renderApp();
    await user.type(await screen.findByLabelText('பயனர் பெயர்'), 'admin');
    await user.type(screen.getByLabelText('கடவுச்சொல்'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'உள்நுழைக' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'பயனர் பெயர் அல்லது கடவுச்சொல் தவறு. மீண்டும் முயலவும்.',
    );
  });
});

function renderDashboard() {
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('a signed-in user in Tamil', () => {
  it("reads the dashboard in the user's saved language, amounts and dates as in English", async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    seedSession({ user: { ...clerkUser, language: 'ta' }, company: mainBranch });
    renderDashboard();
    expect(await screen.findByText('Rs. 3,50,400.00')).toBeInTheDocument();
    for (const label of ['வருமானம்', 'இந்த மாதம் வழங்கிய கடன்', 'புதிய அடகுகள்', 'உங்கள் இருப்பு']) {
      expect(screen.getByRole('heading', { name: label, level: 2 })).toBeInTheDocument();
    }
    // ICU plurals in Tamil: one pledge is அடகு, more are அடகுகள்.
    expect(screen.getByText('1 அடகு')).toBeInTheDocument();
    expect(screen.getByText('கடந்த மாதம் எதுவும் இல்லை')).toBeInTheDocument();
    const table = screen.getByRole('region', { name: 'கெடு நெருங்கும் மற்றும் கெடு கடந்த அடகுகள்' });
    expect(within(table).getByText('கெடு கடந்தது')).toBeInTheDocument();
    expect(within(table).getByText('10/11/2026')).toBeInTheDocument();
    expect(within(table).getByText('அடகு GL7')).toBeInTheDocument();
  });

  it("takes the company's default when the user chose none and this browser has no choice", async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    seedSession({
      user: { ...clerkUser, language: null },
      company: { ...mainBranch, default_language: 'ta' },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'வருமானம்', level: 2 })).toBeInTheDocument();
  });

  it("keeps the user's own choice over the company's default", async () => {
    stubApi({ 'GET /api/dashboard': () => jsonResponse(figures) });
    seedSession({
      user: { ...clerkUser, language: 'en' },
      company: { ...mainBranch, default_language: 'ta' },
    });
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 2 })).toBeInTheDocument();
  });

  it('switches the whole shell from the avatar menu and saves the choice for the next sign-in', async () => {
    const saved: { language: string }[] = [];
    stubApi({
      'GET /api/dashboard': () => jsonResponse(figures),
      'GET /api/users/me': () => jsonResponse({ ...adminUser, language: saved.at(-1)?.language ?? null }),
      'GET /api/companies/': () => jsonResponse([mainBranch]),
      'GET /api/companies/1/compliance': () => jsonResponse({}),
      'PUT /api/users/me/language': ({ init }) => {
        const body = JSON.parse(String(init?.body));
        saved.push(body);
        return jsonResponse({ ...adminUser, language: body.language });
      },
    });
    seedSession({ user: adminUser, company: mainBranch });
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Earnings', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Open user menu/ }));
    await user.click(screen.getByRole('button', { name: 'தமிழ்' }));
    expect(await screen.findByRole('heading', { name: 'வருமானம்', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'முதன்மை' })).toHaveTextContent('முகப்பு');
    expect(screen.getByRole('heading', { name: 'முகப்பு', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([{ language: 'ta' }]));
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user)!).language).toBe('ta');
    expect(document.title).toBe('முகப்பு · Pledge Desk');
  });
});

describe("the branch's default language", () => {
  it('is set by an admin on Company Details, and the screens of a user who chose none follow it', async () => {
    const sent: unknown[] = [];
    stubApi({
      'GET /api/companies/1': () => jsonResponse(mainBranch),
      'PUT /api/companies/1/language': ({ init }) => {
        sent.push(JSON.parse(String(init?.body)));
        return jsonResponse({ ...mainBranch, default_language: 'ta' });
      },
    });
    seedSession({ user: { ...adminUser, language: null }, company: mainBranch });
    const user = userEvent.setup();
    render(
      <AppProviders>
        <CompanyDetailsPage />
      </AppProviders>,
    );
    const section = await screen.findByRole('region', { name: 'Interface language' });
    const save = within(section).getByRole('button', { name: 'Save language' });
    expect(save).toBeDisabled();
    await user.selectOptions(within(section).getByLabelText('Default language'), 'ta');
    await user.click(save);
    expect(await screen.findByRole('region', { name: 'திரை மொழி' })).toBeInTheDocument();
    expect(sent).toEqual([{ default_language: 'ta' }]);
    expect(JSON.parse(window.localStorage.getItem(storageKeys.selectedCompany)!).default_language).toBe('ta');
  });

  it('is shown, not changed, to a clerk', async () => {
    stubApi({ 'GET /api/companies/1': () => jsonResponse({ ...mainBranch, default_language: 'en' }) });
    seedSession({ user: clerkUser, company: mainBranch });
    render(
      <AppProviders>
        <CompanyDetailsPage />
      </AppProviders>,
    );
    expect(await screen.findByTestId('default-language-view')).toHaveTextContent('Default language: English');
    expect(screen.queryByRole('button', { name: 'Save language' })).toBeNull();
  });
});
