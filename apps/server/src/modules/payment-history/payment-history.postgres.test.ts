import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';
import { balanceView, booksOf, payFor } from './payment-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('a reversal racing a new payment on the same pledge', () => {
  it('stays consistent whichever wins: never a reversed receipt with a later payment counted on it', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const today = businessToday(t.config.businessTimeZone);
    const pledge = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(today, -40) },
    });
    const outcomes: string[] = [];
    for (let round = 0; round < 8; round++) {
      const first = await payFor(t, {
        companyId: company.id,
        userId: admin.userId,
        customerId: pledge.customer_id,
        parts: [{ pledgeId: pledge.pledge_id, principal: 100 }],
      });
      const [reversal, payment] = await Promise.allSettled([
        t.app.inject({
          method: 'POST',
          url: `/api/pledge-payments/${first.paymentIds[0]}/reverse`,
          headers: admin.headers(),
          payload: { reason: `Race ${round}` },
        }),
        payFor(t, {
          companyId: company.id,
          userId: admin.userId,
          customerId: pledge.customer_id,
          parts: [{ pledgeId: pledge.pledge_id, principal: 50 }],
        }),
      ]);
      expect(payment.status).toBe('fulfilled');
      const answer = reversal.status === 'fulfilled' ? reversal.value : undefined;
      expect(answer).toBeDefined();
      // Either the reversal came first (200) or the new payment did and the reversal is refused,
      // naming the new receipt (409 PAYMENT_NOT_LATEST). Never a 500, never both counted wrong.
      if (answer!.statusCode === 200) outcomes.push('reversed');
      else {
        expect(answer!.statusCode, answer!.body).toBe(409);
        expect(answer!.json().code).toBe('PAYMENT_NOT_LATEST');
        if (payment.status === 'fulfilled') expect(answer!.json().detail).toContain(payment.value.receiptNo);
        outcomes.push('refused');
      }
    }
    // Every round left 50 paid, plus 100 for each refused reversal.
    const refused = outcomes.filter((o) => o === 'refused').length;
    const balance = await balanceView(t, admin.headers(), pledge.pledge_id);
    expect(balance.paid_principal).toBe(8 * 50 + refused * 100);
    const books = await booksOf(t, company.id);
    expect(books.unbalancedVouchers).toBe(0);
    expect(books.failedChecks).toEqual([]);
    expect(books.loans1200).toBe(books.openPrincipal);
    expect(books.openPrincipal).toBe(40000 - balance.paid_principal);
  });
});

describe('a reversal racing the auction sale of its pledge', () => {
  it('one of them goes first: a sale never settles on a payment reversed after it', async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < 4; round++) {
      const today = businessToday(t.config.businessTimeZone);
      const p = await bigPledge(t, addDays(today, -100));
      const h = p.actor.headers();
      const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today, -40) });
      await servedNoticeFor(t, p.companyId, p.pledge_id, {
        noticeDate: addDays(today, -5),
        saleAfter: today,
      });
      const lot = await t.app.inject({
        method: 'POST',
        url: '/api/auctions',
        headers: h,
        payload: {
          auction_date: addDays(today, 1),
          venue: 'Shop',
          auctioneer: 'K. Raman',
          pledge_ids: [p.pledge_id],
        },
      });
      expect(lot.statusCode, lot.body).toBe(201);
      // The race is between the sale and the reversal alone: the lot is dated before the payment, so
      // the lot does not refuse the reversal by itself.
      await t.database.db.execute(
        sql`update auction_lot_pledges set created_at = created_at - interval '1 day' where company_id = ${p.companyId}`,
      );
      const [reversal, sale] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/pledge-payments/${paid.id}/reverse`,
          headers: h,
          payload: { reason: `Race ${round}` },
        }),
        t.app.inject({
          method: 'POST',
          url: `/api/auctions/${lot.json().id}/sales`,
          headers: h,
          payload: {
            pledge_id: p.pledge_id,
            sale_date: today,
            auctioneer: 'K. Raman',
            buyer_name: 'Sri Murugan Jewellers',
            sale_price: 104250,
            payment_method: 'bank_transfer',
            payment_reference: 'UTR123',
          },
        }),
      ]);
      expect(sale.statusCode, sale.body).toBe(201);
      if (reversal.statusCode === 200) {
        // The reversal went first: the sale counted the interest as unpaid (1,03,750 outstanding).
        expect(sale.json().outstanding).toBe(103750);
        outcomes.push('reversed');
      } else {
        expect(reversal.statusCode, reversal.body).toBe(409);
        expect(reversal.json().code).toBe('PLEDGE_SOLD');
        expect(sale.json().outstanding).toBe(102250);
        outcomes.push('refused');
      }
      const books = await booksOf(t, p.companyId);
      expect(books.failedChecks).toEqual([]);
    }
    expect(outcomes).toHaveLength(4);
  });
});
