import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backups } from '@/features/backups/__tests__/backups-fixtures';
import type { User } from '@/lib/session-types';
import {
  adminUser,
  clerkUser,
  FixedSizeObserver,
  jsonResponse,
  mainBranch,
  quietDashboard,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { DashboardRoute } from '../composed/dashboard-route';
import { AppProviders } from '../providers';

beforeEach(() => vi.stubGlobal('ResizeObserver', FixedSizeObserver));
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const quiet = quietDashboard();

function renderDashboard(user: User) {
  seedSession({ user, company: mainBranch });
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route path="/dashboard" element={<DashboardRoute />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('the dashboard route', () => {
  it('shows an admin the Backups card under the figures', async () => {
    stubApi({
      'GET /api/dashboard': () => jsonResponse(quiet),
      'GET /api/companies/': () => jsonResponse([mainBranch]),
      'GET /api/system/backups': () => jsonResponse(backups()),
    });
    renderDashboard(adminUser);
    const card = await screen.findByRole('region', { name: 'Backups' });
    expect(await within(card).findByText('Last good backup: 3 hours ago')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Due and overdue pledges' })).toBeInTheDocument();
  });

  it('shows a user who is not an admin no Backups card, and does not ask for it', async () => {
    const fetchMock = stubApi({ 'GET /api/dashboard': () => jsonResponse(quiet) });
    renderDashboard(clerkUser);
    expect(await screen.findByRole('heading', { name: 'Due and overdue pledges' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Backups' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/system/backups'))).toBe(false);
  });
});
