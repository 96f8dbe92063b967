import { addDays, businessToday, formatIndianDate } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { paymentFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bankFor, moveToBank, returnFromBank } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { PAYMENT_HISTORY_MESSAGES } from './payment-history.service.ts';

// The reversal rule: a payment on a pledge that was later sold, renewed, released, moved to a bank or put
// in an auction lot can no longer be reversed (409 naming what came after); a notice served after it
// does not stop the reversal (docs/decisions.md). The books are clean after every scenario.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

type Headers = Record<string, string>;
const today = () => businessToday(t.config.businessTimeZone);
const post = (headers: Headers, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const reverse = (headers: Headers, paymentId: number) =>
  post(headers, `/api/pledge-payments/${paymentId}/reverse`, { reason: 'Cheque bounced' });

async function makeLot(headers: Headers, pledgeId: number, auctionDate: string) {
  const res = await post(headers, '/api/auctions', {
    auction_date: auctionDate,
    venue: 'Shop premises',
    auctioneer: 'K. Raman',
    pledge_ids: [pledgeId],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; lot_no: string };
}

async function sell(headers: Headers, lotId: number, pledgeId: number, saleDate: string, price: number) {
  const res = await post(headers, `/api/auctions/${lotId}/sales`, {
    pledge_id: pledgeId,
    sale_date: saleDate,
    auctioneer: 'K. Raman',
    buyer_name: 'Sri Murugan Jewellers',
    sale_price: price,
    payment_method: 'bank_transfer',
    payment_reference: 'UTR123',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { surplus: number; shortfall: number; outstanding: number; surplus_id: number | null };
}

async function surplusOf(companyId: number, pledgeId: number) {
  const [row] = rowsOf<{ amount: string }>(
    await t.database.db.execute(
      sql`select amount::text from auction_surpluses where company_id = ${companyId} and pledge_id = ${pledgeId}`,
    ),
  );
  return Number(row?.amount);
}

describe('POST /api/pledge-payments/{id}/reverse after the pledge moved on', () => {
  it('refuses a principal payment of a pledge sold since: the surplus stays what the sale said', async () => {
    // Rs. 40,000 lent 20 days ago, Rs. 15,000 of it paid back 10 days ago, sold today for Rs. 50,000:
    // still within the first month (its interest was taken at the start), so Rs. 25,000 outstanding
    // and a surplus of Rs. 25,000.
    const p = await bigPledge(t, addDays(today(), -20), { loan: 40000 });
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, {
      payment_type: 'partial_principal',
      amount: 15000,
      payment_date: addDays(today(), -10),
    });
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: addDays(today(), -5),
      saleAfter: today(),
    });
    const lot = await makeLot(h, p.pledge_id, today());
    const sold = await sell(h, lot.id, p.pledge_id, today(), 50000);
    expect(sold).toMatchObject({ outstanding: 25000, surplus: 25000, shortfall: 0 });

    const res = await reverse(h, paid.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PLEDGE_SOLD',
      detail: `Pledge ${p.pledge_no} was sold at auction on ${formatIndianDate(today())} (lot ${lot.lot_no}): its payments can no longer be reversed.`,
    });
    expect(await surplusOf(p.companyId, p.pledge_id)).toBe(25000);
    await expectBooksClean(t);
  });

  it('refuses an interest payment of a pledge sold since', async () => {
    // Rs. 1,00,000 at 1.5 % lent 100 days ago; on day 60 the Rs. 1,500 interest then due was paid.
    // Sold today (day 100, 3.5 months: 5,250 due, 3,000 paid): 1,02,250 outstanding.
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    expect(paid.interest_amount).toBe(1500);
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: addDays(today(), -5),
      saleAfter: today(),
    });
    const lot = await makeLot(h, p.pledge_id, today());
    const sold = await sell(h, lot.id, p.pledge_id, today(), 104250);
    expect(sold).toMatchObject({ outstanding: 102250, surplus: 2000 });
    const res = await reverse(h, paid.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().detail).toBe(
      PAYMENT_HISTORY_MESSAGES.sold(p.pledge_no, formatIndianDate(today()), lot.lot_no),
    );
    expect(await surplusOf(p.companyId, p.pledge_id)).toBe(2000);
    await expectBooksClean(t);
  });

  it('refuses a payment of a pledge put in an auction lot after it, until it is withdrawn', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: addDays(today(), -5),
      saleAfter: today(),
    });
    const auctionDate = addDays(today(), 10);
    const lot = await makeLot(h, p.pledge_id, auctionDate);
    const refused = await reverse(h, paid.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLEDGE_IN_LOT',
      detail: PAYMENT_HISTORY_MESSAGES.inLot(p.pledge_no, lot.lot_no, formatIndianDate(auctionDate)),
    });
    const out = await post(h, `/api/auctions/${lot.id}/withdraw`, {
      pledge_id: p.pledge_id,
      reason: 'Cheque of the last payment bounced',
    });
    expect(out.statusCode, out.body).toBe(200);
    const again = await reverse(h, paid.id);
    expect(again.statusCode, again.body).toBe(200);
    await expectBooksClean(t);
  });

  it('reverses a payment taken while the pledge was already in a lot: the lot never counted it', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: addDays(today(), -5),
      saleAfter: today(),
    });
    await makeLot(h, p.pledge_id, addDays(today(), 10));
    const paid = await paymentFor(t, p.companyId, p, { payment_date: today() });
    const res = await reverse(h, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    await expectBooksClean(t);
  });

  it('reverses a payment after a notice was served on it (the notice settles no figure)', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: addDays(today(), -5),
      saleAfter: addDays(today(), 20),
    });
    const res = await reverse(h, paid.id);
    expect(res.statusCode, res.body).toBe(200);
    await expectBooksClean(t);
  });

  it('refuses a payment of a pledge whose articles are at a bank, and reverses it once they are back', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    const bank = await bankFor(t, p.actor);
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      pledged_on: addDays(today(), -20),
      amount_borrowed: 60000,
      bank_reference: 'IB/GL/0042',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const refused = await reverse(h, paid.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLEDGE_AT_BANK',
      detail: PAYMENT_HISTORY_MESSAGES.atBank(
        p.pledge_no,
        formatIndianDate(addDays(today(), -20)),
        'Indian Bank',
      ),
    });
    const back = await returnFromBank(t, h, p.pledge_id, {
      returned_on: today(),
      bank_interest: 500,
      paid_by: 'cash',
      return_reference: 'IB/REL/9',
    });
    expect(back.statusCode, back.body).toBe(201);
    const again = await reverse(h, paid.id);
    expect(again.statusCode, again.body).toBe(200);
    await expectBooksClean(t);
  });

  it('refuses an earlier payment of a pledge whose articles were released, naming the release', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    const closing = await paymentFor(t, p.companyId, p, {
      payment_type: 'full_payment',
      payment_date: today(),
    });
    const released = await post(h, `/api/pledges/${p.pledge_id}/release`, { receiver_kind: 'pawner' });
    expect(released.statusCode, released.body).toBe(201);
    const res = await reverse(h, closing.id);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PLEDGE_RELEASED',
      detail: PAYMENT_HISTORY_MESSAGES.released(p.pledge_no, formatIndianDate(today())),
    });
    await expectBooksClean(t);
  });

  it('refuses a payment of a pledge renewed since, naming the new pledge', async () => {
    const p = await bigPledge(t, addDays(today(), -100));
    const h = p.actor.headers();
    const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
    const renewed = await post(h, `/api/pledges/${p.pledge_id}/renew`, {
      renewal_date: today(),
      items: { keep: [{ pledge_item_id: p.items[0]!.pledge_item_id }] },
      total_loan_amount: 100000,
      document_charges: 0,
      payment_method: 'cash',
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const [row] = rowsOf<{ new_no: string; renewal_payment: number }>(
      await t.database.db.execute(sql`
        select n.pledge_no as new_no,
               (select max(pp.id)::int from pledge_payments pp
                 where pp.company_id = p.company_id and pp.pledge_id = p.id) as renewal_payment
          from pledges p join pledges n on n.company_id = p.company_id and n.id = p.renewed_to_pledge_id
         where p.company_id = ${p.companyId} and p.id = ${p.pledge_id}`),
    );
    const newNo = row!.new_no;
    // The earlier payment and the payment that closed the old pledge by the renewal alike.
    for (const id of [paid.id, row!.renewal_payment]) {
      const res = await reverse(h, id);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'PLEDGE_RENEWED',
        detail: PAYMENT_HISTORY_MESSAGES.renewed(p.pledge_no, formatIndianDate(today()), newNo),
      });
    }
    await expectBooksClean(t);
  });
});
