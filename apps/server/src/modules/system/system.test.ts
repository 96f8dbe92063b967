import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/', () => {
  it('answers plain text with the version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/^Pledge Desk API \d+\.\d+\.\d+$/);
  });
});

describe('GET /api/health', () => {
  it('reports the database reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'reachable' });
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document with the sign-in path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
  });

  it('serves the reference page at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('error contract', () => {
  it('answers an unknown API path with 404 and a detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ detail: 'Not Found', code: 'ROUTE_NOT_FOUND' });
  });

  it('answers malformed JSON with a 422 naming the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });

  it('answers missing fields with a 422 naming each', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} });
    expect(res.statusCode).toBe(422);
    const detail = res.json().detail as { loc: string[]; msg: string }[];
    expect(detail).toContainEqual(
      expect.objectContaining({
        loc: ['body', 'username'],
        msg: 'Username is required',
        code: 'USERNAME_REQUIRED',
      }),
    );
    expect(detail).toContainEqual(
      expect.objectContaining({ loc: ['body', 'password'], msg: 'Password is required' }),
    );
  });

  it('refuses an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1_100_000), password: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ detail: 'The request body is too large.', code: 'BODY_TOO_LARGE' });
  });
});

describe('security headers', () => {
  it('sets CSP, nosniff, referrer policy, no-store and a request id on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('keeps a well-formed request id given by a proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { 'x-request-id': 'abcdef12-proxy' },
    });
    expect(res.headers['x-request-id']).toBe('abcdef12-proxy');
  });
});

describe('health when the database is gone', () => {
  it('answers 503 with a detail', async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        status: 'error',
        database: 'unreachable',
        detail: 'The database is not reachable.',
      });
    } finally {
      await other.app.close();
      await other.close().catch(() => {});
    }
  });
});
