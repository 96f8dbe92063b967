import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshCompany, type PledgeMade, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { recordReceipt } from '../payments/receipt.service.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';
import { lockPledges } from './pledges.repository.ts';

/**
 * A pledge with a payment keeps its amounts and items (docs/domain-rules.md §2.4). The payment is written by the
 * payments' own core (recordReceipt), an interest payment of ₹100.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

async function payInterest(companyId: number, pledgeId: number) {
  await t.database.db.transaction(async (tx) => {
    const locked = await lockPledges(tx, companyId, [pledgeId]);
    const pledge = locked.get(pledgeId)!;
    await recordReceipt(tx, {
      companyId,
      userId: null,
      customerId: pledge.customerId,
      kind: 'single',
      paymentDate: pledge.pledgeDate,
      paymentMethod: 'cash',
      parts: [
        {
          pledge,
          paymentType: 'interest',
          interestPaise: 10000,
          principalPaise: 0,
          penaltyPaise: 0,
          discountPaise: 0,
          balanceAfterPaise: 4000000,
          closes: false,
        },
      ],
    });
  });
}
afterAll(async () => t.close());

function edit(p: PledgeMade, changes: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/pledges/${p.pledge_id}/with-items`,
    headers: p.actor.headers(),
    payload: {
      customer_id: p.customer_id,
      scheme_id: p.scheme_id,
      pledge_date: p.pledge_date,
      total_loan_amount: p.total_loan_amount,
      cash_limit_confirmed: true,
      document_charges: p.document_charges,
      items: p.items.map((i) => ({ ...i, action: 'keep' })),
      ...changes,
    },
  });
}

describe('PUT /api/pledges/{id}/with-items on a pledge with payments', () => {
  it('refuses amount and item changes with 409, and still takes status and remarks', async () => {
    const company = await freshCompany(t);
    const paid = await pledgeFor(t, company.id);
    const unpaid = await pledgeFor(t, company.id, { actor: paid.actor });
    await payInterest(company.id, paid.pledge_id);
    const res = await edit(paid, { total_loan_amount: 30000 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      detail: PLEDGE_SERVER_MESSAGES.hasPayments,
      code: 'PLEDGE_HAS_PAYMENTS',
    });
    const item = await edit(paid, {
      items: paid.items.map((i) => ({ ...i, action: 'update', net_weight: 9, net_value: undefined })),
    });
    expect(item.statusCode, item.body).toBe(409);
    const notes = await edit(paid, { remarks: 'Paid in part', status: 'inactive' });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(notes.json()).toMatchObject({
      remarks: 'Paid in part',
      status: 'inactive',
      total_loan_amount: 40000,
      cash_limit_confirmed: true,
    });
    // Another pledge of the company, without payments, still changes.
    const other = await edit(unpaid, { total_loan_amount: 30000 });
    expect(other.statusCode, other.body).toBe(200);
  });
});
