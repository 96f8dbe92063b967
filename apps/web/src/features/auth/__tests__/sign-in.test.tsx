import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/lib/storage';
import { adminUser, heldAnswer, jsonResponse, mainBranch, renderApp, stubApi } from '@/test/helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  renderApp();
  if (username) await user.type(await screen.findByLabelText('Username'), username);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('sign-in screen', () => {
  it('shows the sign-in screen when no token is stored', async () => {
    renderApp();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Switch to (dark|light) mode/ })).toBeInTheDocument();
  });

  it('requires both username and password before calling the server', async () => {
    const fetchMock = stubApi({});
    await fillAndSubmit('', '');
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says the credentials are wrong on a 401, without reloading the page', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse({ detail: 'Invalid username or password' }, 401) });
    await fillAndSubmit('admin', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid username or password. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('counts an answer without an access token as a failed sign-in', async () => {
    stubApi({ 'POST /api/auth/login': () => jsonResponse({ token_type: 'bearer', user: adminUser }) });
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid username or password. Please try again.',
    );
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBeNull();
  });

  it('reports a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Network error. Please check your connection.',
    );
  });

  it("shows the server's wait on a 429", async () => {
    const detail = 'Too many failed sign-in attempts. Try again in 42 seconds.';
    stubApi({ 'POST /api/auth/login': () => jsonResponse({ detail }, 429) });
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
  });

  it("reads 'Signing In...' while the call runs", async () => {
    const login = heldAnswer<Response>();
    stubApi({ 'POST /api/auth/login': login.hold });
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('button', { name: 'Signing In...' })).toBeDisabled();
    await login.release(jsonResponse({ detail: 'Invalid username or password' }, 401));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it('stores the token and user and moves on to company selection', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/login': () =>
        jsonResponse({ access_token: 'tok-abc', token_type: 'bearer', user: adminUser }),
      'GET /api/companies/': () => jsonResponse([mainBranch]),
    });
    await fillAndSubmit('admin', 'secret');
    expect(await screen.findByRole('heading', { name: 'Select a Company' })).toBeInTheDocument();
    expect(window.localStorage.getItem(storageKeys.accessToken)).toBe('tok-abc');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user)!)).toMatchObject({ username: 'admin' });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'admin', password: 'secret' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const companiesUrl = String(fetchMock.mock.calls[1]![0]);
    expect(companiesUrl).toBe('/api/companies/?skip=0&limit=10');
  });
});
