import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** docs/domain-rules.md §6.4: the balance of 1200 equals the remaining principal of the open pledges. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NAME = 'Pledge Loans Receivable (1200) equals the remaining principal of open pledges';

async function check(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/books/check', headers });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { ok: boolean; checks: { name: string; status: string; detail: string }[] };
  return { ok: body.ok, loans: body.checks.find((c) => c.name === NAME) };
}

describe('books check: 1200 and the open pledges', () => {
  it('is clean after two pledges and an edit of one pledge’s loan', async () => {
    const company = await freshCompany(t);
    const first = await pledgeFor(t, company.id);
    const headers = first.actor.headers();
    await pledgeFor(t, company.id, { actor: first.actor, body: { total_loan_amount: 30000 } });
    const before = await check(headers);
    expect(before).toMatchObject({
      ok: true,
      loans: {
        name: NAME,
        status: 'ok',
        detail: 'Rs. 70,000.00 on 1200, the remaining principal of 2 open pledges.',
        offending_count: 0,
        offending: [],
      },
    });
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/pledges/${first.pledge_id}/with-items`,
      headers,
      payload: {
        customer_id: first.customer_id,
        scheme_id: first.scheme_id,
        pledge_date: first.pledge_date,
        total_loan_amount: 42500.5,
        document_charges: 150,
        cash_limit_confirmed: true,
        items: first.items.map((i) => ({ ...i, action: 'keep' })),
      },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await check(headers);
    expect(after.ok).toBe(true);
    expect(after.loans).toMatchObject({
      status: 'ok',
      detail: 'Rs. 72,500.50 on 1200, the remaining principal of 2 open pledges.',
    });
  });
});
