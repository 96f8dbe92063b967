import { addDays, businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';
import { checkBooks } from './books-check.repository.ts';

/**
 * The bug these tests keep fixed: an interest payment reversed after its pledge was sold at auction
 * left the sale's surplus (and 2100) at what the sale said, consistent with each other, and no check
 * noticed. The books check now recomputes each sale's outstanding from the pledge's payments as they
 * stand. The API refuses such a reversal now, so the tests write the reversal into the database
 * themselves, as it was written before the fix (the rows marked reversed, the Receipt's lines posted
 * back in a Journal).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NAME = 'Each auction surplus or shortfall equals the sale price less the outstanding at the sale';
const today = () => businessToday(t.config.businessTimeZone);

/**
 * Rs. 1,00,000 at 1.5 % lent 100 days ago, its Rs. 1,500 interest paid on day 60, sold today (3.5
 * months: 1,02,250 outstanding) for `price`. Answers the pledge, the payment and the sale.
 */
async function soldAfterInterest(price: number) {
  const p = await bigPledge(t, addDays(today(), -100));
  const h = p.actor.headers();
  const paid = await paymentFor(t, p.companyId, p, { payment_date: addDays(today(), -40) });
  await servedNoticeFor(t, p.companyId, p.pledge_id, {
    noticeDate: addDays(today(), -5),
    saleAfter: today(),
  });
  const lot = await t.app.inject({
    method: 'POST',
    url: '/api/auctions',
    headers: h,
    payload: { auction_date: today(), venue: 'Shop', auctioneer: 'K. Raman', pledge_ids: [p.pledge_id] },
  });
  expect(lot.statusCode, lot.body).toBe(201);
  const sale = await t.app.inject({
    method: 'POST',
    url: `/api/auctions/${lot.json().id}/sales`,
    headers: h,
    payload: {
      pledge_id: p.pledge_id,
      sale_date: today(),
      auctioneer: 'K. Raman',
      buyer_name: 'Sri Murugan Jewellers',
      sale_price: price,
      payment_method: 'bank_transfer',
      payment_reference: 'UTR123',
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  expect(sale.json().outstanding).toBe(102250);
  return { p, paid, sale: sale.json() as { voucher_no: string; surplus: number; shortfall: number } };
}

/** The interest payment reversed as the reversal wrote it before the fix: Dr 4000, Cr 1000. */
async function reverseBehindTheApi(companyId: number, paymentId: number, interest: number) {
  await t.database.db.transaction(async (tx) => {
    const voucher = await postVoucher(tx, {
      companyId,
      voucherType: 'Journal',
      entryDate: today(),
      narration: 'Receipt reversed: cheque bounced',
      lines: [
        { accountCode: '4000', debitPaise: interest * 100, creditPaise: 0 },
        { accountCode: '1000', debitPaise: 0, creditPaise: interest * 100 },
      ],
      source: { kind: 'payment-reversal' },
      createdBy: null,
    });
    await tx.execute(sql`
      update payment_receipts set reversed_at = now(), reversal_reason = 'cheque bounced',
             reversal_voucher_id = ${voucher.id}
       where company_id = ${companyId}
         and id = (select receipt_id from pledge_payments where company_id = ${companyId} and id = ${paymentId})`);
    await tx.execute(sql`
      update pledge_payments set reversed_at = now()
       where company_id = ${companyId}
         and receipt_id = (select receipt_id from pledge_payments where company_id = ${companyId} and id = ${paymentId})`);
  });
}

async function checksOf(companyId: number) {
  const [books] = await checkBooks(t.database.db, [companyId]);
  return books!;
}

describe('books check: each auction sale against its pledge’s payments', () => {
  it('passes sales whose surplus and shortfall agree with the payments', async () => {
    const surplus = await soldAfterInterest(104250);
    expect(surplus.sale.surplus).toBe(2000);
    const shortfall = await soldAfterInterest(100000);
    expect(shortfall.sale.shortfall).toBe(2250);
    for (const { p } of [surplus, shortfall]) {
      const books = await checksOf(p.companyId);
      expect(books.checks.filter((c) => c.status !== 'ok')).toEqual([]);
      expect(books.checks.find((c) => c.name === NAME)).toMatchObject({ status: 'ok', offending_count: 0 });
    }
  });

  it('names the sale whose surplus still counts an interest payment reversed after it', async () => {
    const { p, paid, sale } = await soldAfterInterest(104250);
    await reverseBehindTheApi(p.companyId, paid.id, 1500);
    const books = await checksOf(p.companyId);
    // Every other check still passes: 2100 equals the surplus row, 1200 the open pledges.
    expect(books.checks.filter((c) => c.status !== 'ok').map((c) => c.name)).toEqual([NAME]);
    expect(books.ok).toBe(false);
    expect(books.checks.find((c) => c.name === NAME)).toMatchObject({
      status: 'failed',
      offending_count: 1,
      offending: [{ voucher_number: sale.voucher_no }],
    });
  });

  it('names the sale whose shortfall still counts an interest payment reversed after it', async () => {
    const { p, paid, sale } = await soldAfterInterest(100000);
    await reverseBehindTheApi(p.companyId, paid.id, 1500);
    const books = await checksOf(p.companyId);
    expect(books.checks.filter((c) => c.status !== 'ok').map((c) => c.name)).toEqual([NAME]);
    expect(books.checks.find((c) => c.name === NAME)).toMatchObject({
      status: 'failed',
      offending: [{ voucher_number: sale.voucher_no }],
    });
  });
});
