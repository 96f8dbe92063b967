import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminUser, jsonResponse, mainBranch, renderApp, seedSession, stubApi } from '@/test/helpers';
import { normaliseApiAddress } from '../api/candidates';

/**
 * 'Use This API' stored 'not a url' or an address that had just failed, and every screen
 * then showed 'Network error' after a refresh.
 */
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
  window.localStorage.clear();
});

function openApiTest(handlers: Parameters<typeof stubApi>[0] = {}) {
  seedSession({ user: adminUser, company: mainBranch });
  window.location.hash = '#/api-test';
  const fetchMock = stubApi({ 'GET /api/users/me': () => jsonResponse(adminUser), ...handlers });
  renderApp();
  return fetchMock;
}

const textResponse = (text: string, status = 200) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

async function typeAddress(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = await screen.findByLabelText('API address');
  await user.clear(input);
  await user.type(input, text);
}

describe('API address', () => {
  it('is an http(s) address of a host, nothing else', () => {
    expect(normaliseApiAddress('not a url')).toBeNull();
    expect(normaliseApiAddress('http://not%20a%20url/api')).toBeNull();
    expect(normaliseApiAddress('http://user:pw@server:8000/api')).toBeNull();
    expect(normaliseApiAddress('http://server:8000/api?x=1')).toBeNull();
    expect(normaliseApiAddress('http://-bad-/api')).toBeNull();
    expect(normaliseApiAddress('counter-pc:8000/api')).toBe('http://counter-pc:8000/api');
    expect(normaliseApiAddress('http://[::1]:8000/api')).toBe('http://[::1]:8000/api');
  });

  it("refuses 'not a url' under the field and stores nothing", async () => {
    openApiTest();
    const user = userEvent.setup();
    await typeAddress(user, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    expect(screen.getByText(/Enter an address starting with http:\/\/ or https:\/\//)).toBeInTheDocument();
    expect(window.localStorage.getItem('api_base_url')).toBeNull();
  });

  it('asks before using an address whose test failed, and stores it only when told to', async () => {
    openApiTest({ 'GET http://10.0.0.9:8000/api/': () => textResponse('Bad gateway', 502) });
    const user = userEvent.setup();
    await typeAddress(user, 'http://10.0.0.9:8000/api');
    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    const ask = await screen.findByRole('dialog', { name: 'Use an Address That Failed?' });
    expect(ask).toHaveTextContent('http://10.0.0.9:8000/api did not answer its test (502');
    expect(window.localStorage.getItem('api_base_url')).toBeNull();
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(window.localStorage.getItem('api_base_url')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    const again = await screen.findByRole('dialog', { name: 'Use an Address That Failed?' });
    await user.click(within(again).getByRole('button', { name: 'Use Anyway' }));
    expect(window.localStorage.getItem('api_base_url')).toBe('http://10.0.0.9:8000/api');
  });

  it('uses an untested address that answers its test at once, without asking', async () => {
    const fetchMock = openApiTest({
      'GET http://10.0.0.7:8000/api/': () => textResponse('Pledge Desk API 1.0.0'),
    });
    const user = userEvent.setup();
    await typeAddress(user, 'http://10.0.0.7:8000/api');
    await user.click(screen.getByRole('button', { name: 'Use This API' }));
    expect(await screen.findByText('Refresh the page to use http://10.0.0.7:8000/api.')).toBeInTheDocument();
    expect(window.localStorage.getItem('api_base_url')).toBe('http://10.0.0.7:8000/api');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === 'http://10.0.0.7:8000/api/')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
