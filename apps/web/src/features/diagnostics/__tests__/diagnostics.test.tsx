import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getApiBaseUrl } from '@/lib/api-client';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { candidateApiAddresses, normaliseApiAddress } from '../api/candidates';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

function open(path: string, handlers: Parameters<typeof stubApi>[0] = {}) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = `#${path}`;
  return stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
}

const textResponse = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

describe('candidate API addresses', () => {
  it('derives them from the page host: its port 8000, its own /api, then this computer', () => {
    const list = candidateApiAddresses({
      protocol: 'http:',
      hostname: '192.168.1.20',
      origin: 'http://192.168.1.20:3000',
    });
    expect(list.map((c) => c.url)).toEqual([
      'http://192.168.1.20:8000/api',
      'http://192.168.1.20:3000/api',
      'http://localhost:8000/api',
      'http://127.0.0.1:8000/api',
    ]);
  });

  it('lists an address once when the page is itself on localhost:8000', () => {
    const list = candidateApiAddresses({
      protocol: 'http:',
      hostname: 'localhost',
      origin: 'http://localhost:8000',
    });
    expect(list.map((c) => c.url)).toEqual(['http://localhost:8000/api', 'http://127.0.0.1:8000/api']);
  });

  it('makes a typed address usable, or refuses it', () => {
    expect(normaliseApiAddress(' 192.168.1.20:8000/api/ ')).toBe('http://192.168.1.20:8000/api');
    expect(normaliseApiAddress('https://desk.example.in/api')).toBe('https://desk.example.in/api');
    expect(normaliseApiAddress('ftp://x/api')).toBeNull();
    expect(normaliseApiAddress('   ')).toBeNull();
  });
});

describe('API Connection Test', () => {
  it('lists the candidates of this host, and Use This API stores the override the api-client uses', async () => {
    const fetchMock = open('/api-test', {
      'GET http://localhost:8000/api/': () => textResponse('Pledge Desk API 1.0.0'),
    });
    renderApp();
    const user = userEvent.setup();
    const group = await screen.findByRole('group', { name: 'Suggested addresses' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual([
      'http://localhost:8000/api',
      // jsdom's page is http://localhost:3000
      `${window.location.origin}/api`,
      'http://127.0.0.1:8000/api',
    ]);
    await user.click(radios[0]!);
    expect(screen.getByLabelText('API address')).toHaveValue('http://localhost:8000/api');

    await user.click(screen.getByRole('button', { name: 'Test Connection' }));
    const log = await screen.findByRole('table', { name: 'Connection test results' });
    const entry = within(log).getAllByRole('row')[1]!;
    expect(entry).toHaveTextContent('http://localhost:8000/api');
    expect(entry).toHaveTextContent('OK · 200');
    expect(entry).toHaveTextContent(/\d+ ms/);
    expect(entry).toHaveTextContent('Pledge Desk API 1.0.0');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === 'http://localhost:8000/api/')).toBe(true);

    expect(getApiBaseUrl()).toBe('/api');
    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    expect(window.localStorage.getItem('api_base_url')).toBe('http://localhost:8000/api');
    expect(getApiBaseUrl()).toBe('http://localhost:8000/api');
    expect(await screen.findByText('Refresh the page to use http://localhost:8000/api.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Now' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear Override' }));
    expect(window.localStorage.getItem('api_base_url')).toBeNull();
  });

  it('refuses to store an address that is not http(s)', async () => {
    open('/api-test');
    renderApp();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('API address');
    await user.clear(input);
    await user.type(input, 'ftp://server/api');
    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    expect(screen.getByText(/Enter an address starting with http:\/\/ or https:\/\//)).toBeInTheDocument();
    expect(window.localStorage.getItem('api_base_url')).toBeNull();
  });

  it('logs a failed test with its status', async () => {
    open('/api-test', { 'GET http://localhost:8000/api/': () => textResponse('Bad gateway', 502) });
    renderApp();
    const user = userEvent.setup();
    const input = await screen.findByLabelText('API address');
    await user.clear(input);
    await user.type(input, 'localhost:8000/api{Enter}');
    const log = await screen.findByRole('table', { name: 'Connection test results' });
    expect(within(log).getAllByRole('row')[1]).toHaveTextContent('Failed · 502');
  });
});

describe('Network Diagnostics', () => {
  it('shows online with the API text, and the authenticated endpoint result', async () => {
    const fetchMock = open('/network-diagnostics', {
      'GET /api/': () => textResponse('Pledge Desk API 1.0.0'),
      'HEAD /api/auth/login': () => new Response(null, { status: 200 }),
    });
    renderApp();
    await waitFor(() => expect(screen.getByTestId('backend-status')).toHaveTextContent('Online'));
    expect(screen.getByText(/Pledge Desk API 1\.0\.0/)).toBeInTheDocument();
    expect(screen.getByText(`${window.location.origin}/api`)).toBeInTheDocument();
    expect(screen.getByText('navigator.onLine', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'true',
    );
    expect(screen.getByRole('link', { name: /Open API Docs/ })).toHaveAttribute('href', '/api/docs');

    const meCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/users/me');
    const before = meCalls().length;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Test Authenticated Endpoint' }));
    expect(await screen.findByText(/^200 .*in \d+ ms — Signed in as admin \(admin\)\.$/)).toBeInTheDocument();
    expect(meCalls()).toHaveLength(before + 1);
    const headers = (meCalls().at(-1)?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
  });

  it('shows offline when the server does not answer', async () => {
    open('/network-diagnostics', {
      'GET /api/': () => Promise.reject(new TypeError('Failed to fetch')),
      'HEAD /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    renderApp();
    await waitFor(() => expect(screen.getByTestId('backend-status')).toHaveTextContent('Offline'));
    expect(screen.getByText(/The server could not be reached/)).toBeInTheDocument();
  });
});
