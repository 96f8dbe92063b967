import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { adminFor, designFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { checkBooks } from './books-check.repository.ts';

/** docs/domain-rules.md §6.4 with payments: 1200 follows the principal paid back; no payment takes too much. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LOANS = 'Pledge Loans Receivable (1200) equals the remaining principal of open pledges';
const EXCEEDS = 'No payment exceeds what was outstanding when it was made';
const KEPT = 'Each receipt keeps the interest, principal and pledges of its payment rows';

async function checksOf(companyId: number) {
  const [books] = await checkBooks(t.database.db, [companyId]);
  return new Map(books!.checks.map((c) => [c.name, c]));
}

describe('books check: payments', () => {
  it('is clean after interest, partial principal and a full close, and names a tampered payment', async () => {
    const company = await freshCompany(t);
    const actor = await adminFor(t, company.id);
    const design = await designFor(t, actor);
    const make = (loan: number) =>
      pledgeFor(t, company.id, {
        actor,
        designId: design.id,
        body: {
          pledge_date: '2026-01-01',
          total_loan_amount: loan,
          items: [{ jewell_design_id: design.id, gross_weight: 26, net_weight: 25 }],
        },
      });
    const open = await make(100000);
    const closed = await make(30000);
    await paymentFor(t, company.id, open, { payment_date: '2026-02-10' });
    await paymentFor(t, company.id, open, {
      payment_date: '2026-02-10',
      payment_type: 'partial_principal',
      amount: 20000,
    });
    await paymentFor(t, company.id, closed, { payment_date: '2026-02-10', payment_type: 'full_payment' });
    const checks = await checksOf(company.id);
    expect(checks.get(LOANS)).toMatchObject({
      status: 'ok',
      detail: 'Rs. 80,000.00 on 1200, the remaining principal of 1 open pledge.',
    });
    expect(checks.get(EXCEEDS)).toMatchObject({ status: 'ok', offending_count: 0 });
    for (const c of checks.values()) expect(c.status, c.name).toBe('ok');

    // A payment row tampered by hand to take more principal than the loan is named by its voucher.
    await t.database.db.execute(sql`
      update pledge_payments set principal_amount = principal_amount + 90000, amount = amount + 90000
       where company_id = ${company.id} and pledge_id = ${open.pledge_id} and principal_amount > 0`);
    const broken = await checksOf(company.id);
    expect(broken.get(EXCEEDS)).toMatchObject({ status: 'failed', offending_count: 2 });
    expect(broken.get(EXCEEDS)!.offending.map((o) => o.voucher_number)).toEqual([
      'RCT/2025-26/0001',
      'RCT/2025-26/0002',
    ]);
    expect(broken.get(LOANS)!.status).toBe('failed');
    // Put back, so the database stays clean for whoever checks it after this file.
    await t.database.db.execute(sql`
      update pledge_payments set principal_amount = principal_amount - 90000, amount = amount - 90000
       where company_id = ${company.id} and pledge_id = ${open.pledge_id} and principal_amount > 0`);
    for (const c of (await checksOf(company.id)).values()) expect(c.status, c.name).toBe('ok');
  });

  it('names a receipt whose kept figures differ from its payment rows', async () => {
    const company = await freshCompany(t);
    const actor = await adminFor(t, company.id);
    const design = await designFor(t, actor);
    const pledge = await pledgeFor(t, company.id, {
      actor,
      designId: design.id,
      body: {
        pledge_date: '2026-01-01',
        total_loan_amount: 50000,
        items: [{ jewell_design_id: design.id, gross_weight: 26, net_weight: 25 }],
      },
    });
    // A full close: interest and principal both, so each kept sum has something to be wrong about.
    const paid = await paymentFor(t, company.id, pledge, {
      payment_date: '2026-02-10',
      payment_type: 'full_payment',
    });
    expect((await checksOf(company.id)).get(KEPT)).toMatchObject({ status: 'ok' });
    // The receipt as written keeps its row's interest, principal and pledge number.
    const [kept] = rowsOf<{
      interest: string;
      principal: string;
      row_interest: string;
      row_principal: string;
    }>(
      await t.database.db.execute(sql`
        select r.total_interest::text as interest, r.total_principal::text as principal, r.pledge_nos,
               pp.interest_amount::text as row_interest, pp.principal_amount::text as row_principal
          from payment_receipts r join pledge_payments pp on pp.company_id = r.company_id and pp.receipt_id = r.id
         where r.company_id = ${company.id}`),
    );
    expect(kept).toMatchObject({ interest: kept!.row_interest, principal: kept!.row_principal });
    expect(Number(kept!.principal)).toBe(50000);
    expect(Number(kept!.interest)).toBeGreaterThan(0);

    // Principal moved to interest by hand (the receipt's total still holds): named by its number.
    await t.database.db.execute(sql`
      update payment_receipts set total_interest = total_interest + 1, total_principal = total_principal - 1
       where company_id = ${company.id}`);
    const broken = (await checksOf(company.id)).get(KEPT)!;
    expect(broken.status).toBe('failed');
    expect(broken.detail).toContain(`${paid.receipt_no} of 2026-02-10`);
    // So is a pledge number that is not the row's.
    await t.database.db.execute(sql`
      update payment_receipts set total_interest = total_interest - 1, total_principal = total_principal + 1,
             pledge_nos = array['X1'] where company_id = ${company.id}`);
    expect((await checksOf(company.id)).get(KEPT)!.status).toBe('failed');
    await t.database.db.execute(sql`
      update payment_receipts r set pledge_nos = array[(select p.pledge_no from pledges p where p.id = ${pledge.pledge_id})]
       where r.company_id = ${company.id}`);
    for (const c of (await checksOf(company.id)).values()) expect(c.status, c.name).toBe('ok');
  });
});
