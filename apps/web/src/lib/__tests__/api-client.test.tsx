import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '@/test/helpers';
import { ApiError, apiRequest, setUnauthorizedHandler, toApiError } from '../api-client';
import { storageKeys } from '../storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api-client', () => {
  it('sends no token or company header before sign-in, and JSON for a plain body', async () => {
    const fetchMock = stubApi({ 'POST /api/things': () => jsonResponse({ ok: true }) });
    await expect(apiRequest('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json' });
  });

  it('leaves the content type of a form body to the browser', async () => {
    const fetchMock = stubApi({ 'POST /api/files': () => jsonResponse({}) });
    const form = new FormData();
    form.set('file', new Blob(['x']), 'x.png');
    await apiRequest('/files', { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    expect(init.body).toBe(form);
  });

  it('uses the stored API address override', async () => {
    window.localStorage.setItem(storageKeys.apiBaseUrl, 'http://192.168.1.20:8000/api/');
    const fetchMock = stubApi({
      'GET http://192.168.1.20:8000/api/health': () => jsonResponse({ ok: true }),
    });
    await apiRequest('/health');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('http://192.168.1.20:8000/api/health');
  });

  it('turns a string detail into the message', () => {
    const error = toApiError(409, { detail: 'This customer has 3 pledges' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe('This customer has 3 pledges');
  });

  it('joins a 422 list and keeps the field errors for the form', () => {
    const error = toApiError(422, {
      detail: [
        { loc: ['body', 'ifsc_code'], msg: 'IFSC code is required', type: 'missing' },
        { loc: ['body', 'items', 0, 'net_weight'], msg: 'Must be above 0', type: 'value_error' },
      ],
    });
    expect(error.message).toBe('ifsc_code: IFSC code is required; items.0.net_weight: Must be above 0');
    expect(error.fieldMessages()).toEqual({
      ifsc_code: 'IFSC code is required',
      'items.0.net_weight': 'Must be above 0',
    });
    expect(error.code).toBeNull();
  });

  it("keeps the server's code, so two 409s with different causes can be told apart", () => {
    const busy = toApiError(409, {
      detail: 'The first request is still being processed.',
      code: 'IDEMPOTENCY_IN_PROGRESS',
    });
    const closed = toApiError(409, { detail: 'This pledge is closed.', code: 'PLEDGE_CLOSED' });
    expect(busy.code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(closed.code).toBe('PLEDGE_CLOSED');
    const invalid = toApiError(422, {
      detail: [{ loc: ['body', 'details', 0, 'account_id'], msg: 'Unknown account', type: 'value_error' }],
      code: 'VALIDATION',
    });
    expect(invalid.code).toBe('VALIDATION');
    expect(toApiError(500, { detail: 'Internal Server Error', code: 42 }).code).toBeNull();
  });

  it('falls back to the status when the body has no detail', () => {
    expect(toApiError(502, undefined, 'Bad Gateway').message).toBe(
      'Request failed with status 502 Bad Gateway',
    );
  });

  it('on a 401 clears the token, asks for a reload and never settles', async () => {
    window.localStorage.setItem(storageKeys.accessToken, 'expired');
    const reload = vi.fn(() => window.localStorage.removeItem(storageKeys.accessToken));
    const restore = setUnauthorizedHandler(reload);
    stubApi({ 'GET /api/users/me': () => jsonResponse({ detail: 'Not authenticated' }, 401) });
    let settled = false;
    void apiRequest('/users/me').finally(() => {
      settled = true;
    });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    restore();
  });

  it('lets the login call read its own 401', async () => {
    const reload = vi.fn();
    const restore = setUnauthorizedHandler(reload);
    stubApi({ 'POST /api/auth/login': () => jsonResponse({ detail: 'Invalid username or password' }, 401) });
    await expect(
      apiRequest('/auth/login', { method: 'POST', body: {}, skipUnauthorizedHandler: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid username or password' });
    expect(reload).not.toHaveBeenCalled();
    restore();
  });
});
