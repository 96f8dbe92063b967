import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, FIXTURE_PASSWORD, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';

// Both languages: the interface language is kept per user on the server, with a company default for the
// users who chose none.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function me(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number; language: string | null };
}

describe('PUT /api/users/me/language', () => {
  it('keeps the language a user chose and answers it at sign-in and on /users/me', async () => {
    const company = await freshCompany(t);
    const clerk = await userFor(t, company.id);
    expect((await me(clerk.token)).language).toBeNull();

    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      headers: bearer(clerk.token),
      payload: { language: 'ta' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: clerk.userId, language: 'ta' });
    expect((await me(clerk.token)).language).toBe('ta');

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: clerk.username, password: FIXTURE_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().user.language).toBe('ta');
  });

  it('refuses a language other than English or Tamil with a message under the field', async () => {
    const company = await freshCompany(t);
    const clerk = await userFor(t, company.id);
    for (const payload of [{ language: 'fr' }, { language: '' }, {}, { language: 1 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me/language',
        headers: bearer(clerk.token),
        payload,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().detail[0]).toMatchObject({
        loc: ['body', 'language'],
        msg: 'Choose English or Tamil',
      });
    }
    expect((await me(clerk.token)).language).toBeNull();
  });

  it('keeps the change in the audit trail', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      headers: admin.headers(),
      payload: { language: 'ta' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=user&entity_id=${admin.userId}&action=settings`,
      headers: admin.headers(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [event] = res.json();
    expect(event.before.language).toBeNull();
    expect(event.after.language).toBe('ta');
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/language',
      payload: { language: 'ta' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/companies/{id}/language', () => {
  it("sets the branch's default language, which its company record answers", async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.id}`,
      headers: bearer(admin.token),
    });
    expect(before.json().default_language).toBe('en');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/language`,
      headers: bearer(admin.token),
      payload: { default_language: 'ta' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: company.id, default_language: 'ta' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/companies/?limit=500',
      headers: bearer(admin.token),
    });
    expect(list.json().find((c: { id: number }) => c.id === company.id).default_language).toBe('ta');
  });

  it('is for admins only, and refuses an unknown language', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    const byClerk = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/language`,
      headers: bearer(clerk.token),
      payload: { default_language: 'ta' },
    });
    expect(byClerk.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/language`,
      headers: bearer(admin.token),
      payload: { default_language: 'hi' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toMatchObject(['body', 'default_language']);
  });
});
