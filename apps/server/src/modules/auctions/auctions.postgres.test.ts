import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { servedNoticeFor } from './auctions-test-helpers.ts';

// Concurrency only means something on PostgreSQL: PGlite has one connection and runs one at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

describe('auction steps racing each other', () => {
  it('10 simultaneous sales of one pledge: exactly one is recorded, the others 409', async () => {
    const p = await bigPledge(t, '2026-01-01');
    await servedNoticeFor(t, p.companyId, p.pledge_id, { noticeDate: '2026-10-01', saleAfter: '2026-10-31' });
    const h = p.actor.headers();
    const lot = await t.app.inject({
      method: 'POST',
      url: '/api/auctions',
      headers: h,
      payload: { auction_date: '2026-11-20', pledge_ids: [p.pledge_id] },
    });
    expect(lot.statusCode, lot.body).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/auctions/${lot.json().id}/sales`,
          headers: h,
          payload: {
            pledge_id: p.pledge_id,
            sale_date: '2026-11-20',
            auctioneer: 'K. Raman',
            buyer_name: `Buyer ${i}`,
            sale_price: 120000 + i,
            payment_method: 'bank',
            payment_reference: `UTR${i}`,
          },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).filter((c) => c === 201)).toHaveLength(1);
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    const [row] = rowsOf<{ sales: number; surpluses: number; vouchers: number }>(
      await t.database.db.execute(sql`
        select (select count(*)::int from auction_sales where company_id = ${p.companyId}) as sales,
               (select count(*)::int from auction_surpluses where company_id = ${p.companyId}) as surpluses,
               (select count(*)::int from vouchers where company_id = ${p.companyId} and source_kind = 'auction-sale') as vouchers`),
    );
    expect(row).toEqual({ sales: 1, surpluses: 1, vouchers: 1 });
  });

  it('a surplus paid twice at once is paid once; two lots over one pledge at once: one gets it', async () => {
    const p = await bigPledge(t, '2026-01-01');
    await servedNoticeFor(t, p.companyId, p.pledge_id, { noticeDate: '2026-10-01', saleAfter: '2026-10-31' });
    const h = p.actor.headers();
    const lots = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/auctions',
          headers: h,
          payload: { auction_date: '2026-11-20', pledge_ids: [p.pledge_id] },
        }),
      ),
    );
    expect(lots.map((l) => l.statusCode).sort()).toEqual([201, 409]);
    const lot = lots.find((l) => l.statusCode === 201)!.json();
    const sold = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${lot.id}/sales`,
      headers: h,
      payload: {
        pledge_id: p.pledge_id,
        sale_date: '2026-11-20',
        auctioneer: 'K. Raman',
        buyer_name: 'Buyer',
        sale_price: 130000,
        payment_method: 'bank',
        payment_reference: 'UTR',
      },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const pays = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'POST',
          url: `/api/auction-surpluses/${sold.json().surplus_id}/pay`,
          headers: h,
          payload: { paid_on: '2026-11-21', method: 'bank', reference: 'NEFT1' },
        }),
      ),
    );
    expect(pays.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
