import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backups } from '@/features/backups/__tests__/backups-fixtures';
import { earlyRequestsWaiting, forgetEarlyRequests } from '@/lib/api-client';
import type { User } from '@/lib/session-types';
import {
  adminUser,
  clerkUser,
  complianceView,
  FixedSizeObserver,
  jsonResponse,
  mainBranch,
  quietDashboard,
  renderApp,
  seedSession,
  stubApi,
} from '@/test/helpers';
import { startFirstRequests } from '../first-requests';

// The first screen's questions go out from main.tsx before the screens' code has come: each must be
// the very request the screen makes (taken, not asked twice), and none may be left untaken.

beforeEach(() => {
  forgetEarlyRequests();
  vi.stubGlobal('ResizeObserver', FixedSizeObserver);
});
afterEach(() => vi.unstubAllGlobals());

const quiet = quietDashboard();

function stubAll(user: User) {
  return stubApi({
    'GET /api/users/me': () => jsonResponse(user),
    'GET /api/companies/': () => jsonResponse([mainBranch]),
    'GET /api/companies/1/compliance': () => jsonResponse(complianceView()),
    'GET /api/system/backups': () => jsonResponse(backups()),
    'GET /api/dashboard': () => jsonResponse(quiet),
  });
}

/** The URLs fetched, with how many times each. */
function fetched(fetchMock: ReturnType<typeof stubApi>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [url] of fetchMock.mock.calls) counts.set(String(url), (counts.get(String(url)) ?? 0) + 1);
  return counts;
}

describe('the first requests', () => {
  it.each([
    ['an admin', adminUser, 6],
    ['a clerk', clerkUser, 4],
  ])("are the dashboard's own for %s: each taken once, none left", async (_who, user, expected) => {
    seedSession({ user, company: mainBranch });
    window.location.hash = '#/dashboard';
    const fetchMock = stubAll(user);
    startFirstRequests();
    const started = earlyRequestsWaiting().length;
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Due and overdue pledges' })).toBeInTheDocument();
    await waitFor(() => expect(earlyRequestsWaiting()).toEqual([]));
    // Every early request was made once and nothing asked it again.
    const counts = fetched(fetchMock);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    expect(started).toBe(expected);
  });

  it("are the shell's only on another screen", async () => {
    seedSession({ user: adminUser, company: mainBranch });
    window.location.hash = '#/profile';
    const fetchMock = stubAll(adminUser);
    startFirstRequests();
    expect(earlyRequestsWaiting()).toHaveLength(4);
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(earlyRequestsWaiting()).toEqual([]));
    expect([...fetched(fetchMock)].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('are none for a reader who is not signed in', () => {
    window.location.hash = '#/dashboard';
    startFirstRequests();
    expect(earlyRequestsWaiting()).toEqual([]);
  });
});
