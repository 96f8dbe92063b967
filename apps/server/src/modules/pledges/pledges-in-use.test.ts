import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A customer or a scheme with pledges stays (the pledges keep pointing at them). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('deleting what a pledge uses', () => {
  it('refuses to delete a customer with pledges, counting them', async () => {
    const company = await freshCompany(t);
    const first = await pledgeFor(t, company.id);
    const del = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/customers/${first.customer_id}`,
        headers: first.actor.headers(),
      });
    const once = await del();
    expect(once.statusCode, once.body).toBe(409);
    expect(once.json()).toMatchObject({
      detail: 'This customer has 1 pledge.',
      code: 'CUSTOMER_HAS_PLEDGES',
    });
    await pledgeFor(t, company.id, {
      actor: first.actor,
      customerId: first.customer_id,
      schemeId: first.scheme_id,
      skipRate: true,
    });
    const twice = await del();
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().detail).toBe('This customer has 2 pledges.');
  });

  it('refuses to delete a scheme a pledge was made under, and keeps it', async () => {
    const company = await freshCompany(t);
    const made = await pledgeFor(t, company.id);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/schemes/${made.scheme_id}`,
      headers: made.actor.headers(),
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ detail: 'This scheme is used by 1 pledge.', code: 'SCHEME_IN_USE' });
    const list = await t.app.inject({ method: 'GET', url: '/api/schemes/', headers: made.actor.headers() });
    expect(list.json().map((s: { id: number }) => s.id)).toContain(made.scheme_id);
  });
});
