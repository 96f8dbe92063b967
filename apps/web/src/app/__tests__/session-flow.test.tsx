import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import {
  adminUser,
  clerkUser,
  jsonResponse,
  mainBranch,
  renderApp,
  seedSession,
  stubApi,
} from '@/test/helpers';

beforeEach(() => {
  window.location.hash = '#/profile';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('session flow', () => {
  it('treats corrupt stored user JSON as signed out and clears the session', async () => {
    seedSession({ company: mainBranch });
    window.localStorage.setItem(storageKeys.user, '{"id": 1, "username": "adm');
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.selectedCompany)).toBeNull();
  });

  it('treats a token without a stored user as signed out', async () => {
    seedSession();
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('treats a stored user of the wrong shape as corrupt', async () => {
    seedSession();
    window.localStorage.setItem(storageKeys.user, JSON.stringify({ name: 'admin' }));
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('opens the shell with a token, a user and a company', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser) });
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Profile', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Pages /')).toHaveTextContent('Pages / Profile');
    expect(screen.getByText('Main Branch')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Company' })).toHaveAttribute('title', 'Change Company');
    expect(screen.getByPlaceholderText('Search...')).toBeInTheDocument();
  });

  it('sends the header, token and company with every call', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser) });
    renderApp();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['X-Company-Id']).toBe('1');
    expect(headers.Accept).toBe('application/json');
  });

  it("returns to company selection from the header's Change button", async () => {
    seedSession({ user: adminUser, company: mainBranch });
    stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'GET /api/companies/': () => jsonResponse([mainBranch]),
    });
    renderApp();
    await userEvent.click(await screen.findByRole('button', { name: 'Change Company' }));
    expect(await screen.findByRole('heading', { name: 'Select a Company' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.selectedCompany)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('token-123');
  });

  it('signs out from the avatar menu: calls logout and clears the session', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    const fetchMock = stubApi({
      'GET /api/users/me': () => jsonResponse(adminUser),
      'POST /api/auth/logout': () => new Response(null, { status: 204 }),
    });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: /^Open user menu/ }));
    const menuHead = screen.getByText('Hey, admin').parentElement!;
    expect(within(menuHead).getByText('admin@example.in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    const logoutCall = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/logout');
    expect((logoutCall![1]!.headers as Record<string, string>).Authorization).toBe('Bearer token-123');
    for (const key of [storageKeys.accessToken, storageKeys.user, storageKeys.selectedCompany]) {
      expect(window.localStorage.getItem(key)).toBeNull();
    }
  });

  it('closes the avatar menu on a click outside it', async () => {
    seedSession({ user: clerkUser, company: mainBranch });
    stubApi({ 'GET /api/users/me': () => jsonResponse(clerkUser) });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: /^Open user menu/ }));
    expect(screen.getByText('Hey, clerk')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Profile', level: 1 }));
    expect(screen.queryByText('Hey, clerk')).not.toBeInTheDocument();
  });

  it('keeps the theme in storage and as a class on <html>', async () => {
    seedSession({ user: adminUser, company: mainBranch });
    stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser) });
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem(storageKeys.theme)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light mode' }));
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem(storageKeys.theme)).toBe('light');
  });

  it('shows the profile tiles', async () => {
    seedSession({ user: clerkUser, company: mainBranch });
    stubApi({ 'GET /api/users/me': () => jsonResponse(clerkUser) });
    renderApp();
    expect(await screen.findByText('Role')).toBeInTheDocument();
    expect(screen.getByText('User')).toBeInTheDocument();
    expect(screen.getByText('01/02/2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});
