import {
  addDays,
  auctionShortfallSchema,
  auctionSurplusSchema,
  businessToday,
  collectionReportSchema,
  financialYear,
  shortfallCollectedSchema,
  shortfallReceiptSchema,
} from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { servedNoticeFor } from './auctions-test-helpers.ts';

// Money collected on an auction shortfall gets a numbered, printable receipt and is
// in the day's Daily Collection. A pawner owed a surplus and owing a shortfall on another
// pledge is told of the other on each. The books are clean after every scenario.
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
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

/**
 * A pledge of Rs. 1,00,000 at 1.5 % lent 100 days ago with nothing paid, sold today for `price`: 3.5
 * months of interest (5,250) less the first month's 1,500, so Rs. 1,03,750 outstanding.
 */
async function soldPledge(price: number, opts: Parameters<typeof bigPledge>[2] = {}) {
  const p = await bigPledge(t, addDays(today(), -100), opts);
  const h = p.actor.headers();
  await servedNoticeFor(t, p.companyId, p.pledge_id, {
    noticeDate: addDays(today(), -5),
    saleAfter: today(),
  });
  const lot = await post(h, '/api/auctions', {
    auction_date: today(),
    venue: 'Shop',
    auctioneer: 'K. Raman',
    pledge_ids: [p.pledge_id],
  });
  expect(lot.statusCode, lot.body).toBe(201);
  const sale = await post(h, `/api/auctions/${lot.json().id}/sales`, {
    pledge_id: p.pledge_id,
    sale_date: today(),
    auctioneer: 'K. Raman',
    buyer_name: 'Sri Murugan Jewellers',
    sale_price: price,
    payment_method: 'bank_transfer',
    payment_reference: 'UTR123',
  });
  expect(sale.statusCode, sale.body).toBe(201);
  expect(sale.json().outstanding).toBe(103750);
  return {
    p,
    h,
    lotNo: lot.json().lot_no as string,
    sale: sale.json() as { shortfall_id: number | null; surplus_id: number | null },
  };
}

async function collect(h: Headers, shortfallId: number, amount: number) {
  const res = await post(h, `/api/auction-shortfalls/${shortfallId}/collect`, {
    on: today(),
    amount,
    method: 'cash',
    cash_limit_confirmed: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return shortfallCollectedSchema.parse(res.json());
}

describe('POST /api/auction-shortfalls/{id}/collect: a receipt for the money taken in', () => {
  it('numbers each collection SR/<year>/<n>, prints it, and counts it in the Daily Collection', async () => {
    const { p, h, lotNo, sale } = await soldPledge(100000);
    const fy = financialYear(today());
    // A payment of another pledge the same day, so the day has both kinds of money.
    const other = await bigPledge(t, addDays(today(), -45), { companyId: p.companyId, actor: p.actor });
    const paid = await paymentFor(t, p.companyId, other, { payment_date: today() });

    const first = await collect(h, sale.shortfall_id!, 1000);
    expect(first.receipt_no).toBe(`SR/${fy}/0001`);
    expect(first.open).toBe(2750);
    expect(first.settlements.map((s) => [s.id, s.receipt_no])).toEqual([
      [first.settlement_id, `SR/${fy}/0001`],
    ]);
    const second = await collect(h, sale.shortfall_id!, 750);
    expect(second.receipt_no).toBe(`SR/${fy}/0002`);

    const receipt = await get(h, `/api/auction-shortfall-collections/${first.settlement_id}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(shortfallReceiptSchema.parse(receipt.json())).toMatchObject({
      settlement_id: first.settlement_id,
      receipt_no: `SR/${fy}/0001`,
      shortfall_id: sale.shortfall_id,
      lot_no: lotNo,
      pledge_no: p.pledge_no,
      customer_id: p.customer_id,
      sale_price: 100000,
      outstanding: 103750,
      shortfall: 3750,
      collected_on: today(),
      amount: 1000,
      method: 'cash',
      // What was left right after this receipt, not after the later one.
      open_after: 2750,
    });
    expect(
      (await get(h, `/api/auction-shortfall-collections/${second.settlement_id}`)).json().open_after,
    ).toBe(2000);

    // A write-off is no receipt.
    const off = await post(h, `/api/auction-shortfalls/${sale.shortfall_id}/write-off`, {
      amount: 500,
      reason: 'Pawner cannot pay',
    });
    expect(off.statusCode, off.body).toBe(200);
    const offId = auctionShortfallSchema.parse(off.json()).settlements.at(-1)!;
    expect(offId.receipt_no).toBeNull();
    expect((await get(h, `/api/auction-shortfall-collections/${offId.id}`)).statusCode).toBe(404);

    const day = await get(h, `/api/reports/collections?from=${today()}&to=${today()}`);
    expect(day.statusCode, day.body).toBe(200);
    const report = collectionReportSchema.parse(day.json());
    expect(report.totals.net).toBe(paid.amount);
    expect(report.shortfalls_collected).toEqual({
      rows: [
        expect.objectContaining({
          settlement_id: first.settlement_id,
          receipt_no: `SR/${fy}/0001`,
          collected_on: today(),
          pledge_no: p.pledge_no,
          payment_method: 'cash',
          amount: 1000,
        }),
        expect.objectContaining({ receipt_no: `SR/${fy}/0002`, amount: 750 }),
      ],
      receipts: 2,
      net: 1750,
    });
    expect(report.total_collected).toBe(paid.amount + 1750);

    const csv = await get(h, `/api/reports/collections?from=${today()}&to=${today()}&format=csv&headings=en`);
    expect(csv.statusCode, csv.body).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines.at(-5)).toMatch(/^Total,1 receipts,/);
    expect(lines.at(-4)).toMatch(
      new RegExp(
        `^\\d\\d/\\d\\d/\\d{4},SR/${fy}/0001,.*,${p.pledge_no},cash,.*,1000\\.00,Auction shortfall collected$`,
      ),
    );
    expect(lines.at(-3)).toMatch(new RegExp(`,SR/${fy}/0002,.*,750\\.00,Auction shortfall collected$`));
    expect(lines.at(-2)).toBe('Shortfalls collected,2 receipts,,,,,,,,,1750.00,');
    expect(lines.at(-1)).toBe(`Total collected,3 receipts,,,,,,,,,${(paid.amount + 1750).toFixed(2)},`);
    await expectBooksClean(t);
  });
});

describe('a pawner owed a surplus and owing a shortfall on another pledge', () => {
  it('names the other open amount on the surplus and on the shortfall, until it is settled', async () => {
    const owed = await soldPledge(110000);
    const { p } = owed;
    const owing = await soldPledge(100000, {
      companyId: p.companyId,
      actor: p.actor,
      customerId: p.customer_id,
    });
    const h = owed.h;
    const surplus = auctionSurplusSchema.parse(
      (await get(h, `/api/auction-surpluses/${owed.sale.surplus_id}`)).json(),
    );
    expect(surplus.amount).toBe(6250);
    expect(surplus.pawner_shortfalls).toEqual([
      { shortfall_id: owing.sale.shortfall_id, pledge_no: owing.p.pledge_no, open: 3750 },
    ]);
    const shortfall = auctionShortfallSchema.parse(
      (await get(h, `/api/auction-shortfalls/${owing.sale.shortfall_id}`)).json(),
    );
    expect(shortfall.pawner_surpluses).toEqual([
      { surplus_id: owed.sale.surplus_id, pledge_no: p.pledge_no, amount: 6250 },
    ]);
    // Another pawner's amounts are never shown.
    const stranger = await soldPledge(100000, { companyId: p.companyId, actor: p.actor });
    const list = (await get(h, '/api/auction-surpluses?status=owed')).json().items as {
      id: number;
      pawner_shortfalls: { shortfall_id: number }[];
    }[];
    expect(
      list.find((s) => s.id === owed.sale.surplus_id)!.pawner_shortfalls.map((s) => s.shortfall_id),
    ).toEqual([owing.sale.shortfall_id]);
    expect(stranger.sale.shortfall_id).not.toBe(owing.sale.shortfall_id);

    await collect(h, owing.sale.shortfall_id!, 3750);
    expect(
      auctionSurplusSchema.parse((await get(h, `/api/auction-surpluses/${owed.sale.surplus_id}`)).json())
        .pawner_shortfalls,
    ).toEqual([]);
    await expectBooksClean(t);
  });
});
