import { businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { dashboardSummedFromBranches, figureDifferences } from '../../test/dashboard-oracle.ts';
import { adminFor, capitalVoucherFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';
import { readDashboard } from './dashboard.repository.ts';

// The kept per-branch daily figures (branch_day_figures and branch_cash_totals, migration 0032), which
// the all-branches dashboard reads, equal the rows they count after a whole day of every kind of
// write in two branches: pledges, an edit of a loan, payments, a full payment and the release of its
// articles, a reversal, an auction sale and a manual voucher; and the dashboard of every branch read
// from them equals the branches' own dashboards (read from the rows) summed. On PGlite and PostgreSQL.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const DAY = '2026-11-20';

async function pendingRows(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select (select count(*) from branch_day_pending)::int as n`),
  );
  return row!.n;
}

/** The kept figures' rows, zeros left out, as text (to compare before and after a rebuild). */
async function keptRows(db: DbOrTx): Promise<string[]> {
  return rowsOf<{ row: string }>(
    await db.execute(sql`
      select entry_date || ' ' || company_id || ' ' || concat_ws('/', interest, charges, cash, pledges, disbursed, collected) as row
        from branch_day_figures
       where interest <> 0 or charges <> 0 or cash <> 0 or pledges <> 0 or disbursed <> 0 or collected <> 0
      union all
      select 'cash ' || company_id || ' ' || cash from branch_cash_totals where cash <> 0
       order by 1`),
  ).map((r) => r.row);
}

describe('the kept daily figures of every branch', () => {
  it('follow a whole day of pledges, payments, a reversal, a release, an auction and a voucher, and give the dashboard of every branch', async () => {
    const db = t.database.db;
    const north = await freshCompany(t);
    const south = await freshCompany(t);
    const adminN = await adminFor(t, north.id);
    const adminS = await adminFor(t, south.id);
    const h = adminN.headers();
    const post = (url: string, payload: object, headers = h) =>
      t.app.inject({ method: 'POST', url, headers, payload });

    // Before the day: North's capital, a pledge of last month and one of this month; South's pledge.
    await capitalVoucherFor(t, adminN, '2026-10-01', 1000000);
    const older = await pledgeFor(t, north.id, { actor: adminN, body: { pledge_date: '2026-10-05' } });
    const share = {
      actor: adminN,
      schemeId: older.scheme_id,
      jewelTypeId: older.jewelTypeId!,
      designId: older.designId,
    };
    const settled = await pledgeFor(t, north.id, {
      ...share,
      rateDate: '2026-11-02',
      body: { pledge_date: '2026-11-02', total_loan_amount: 25000 },
    });
    const southOld = await pledgeFor(t, south.id, { actor: adminS, body: { pledge_date: '2026-10-28' } });
    // An auction lot of a pledge of January, its notice served, the sale allowed from 31 October.
    const sold = await bigPledge(t, '2026-01-01', { companyId: north.id, actor: adminN });
    await servedNoticeFor(t, north.id, sold.pledge_id, { noticeDate: '2026-10-01', saleAfter: '2026-10-31' });

    // The day, North: a new pledge, a capital top-up, interest on the older pledge, the settled one
    // paid in full and its articles released, a payment taken and reversed, the auction sale.
    const fresh = await pledgeFor(t, north.id, {
      ...share,
      rateDate: DAY,
      body: { pledge_date: DAY, total_loan_amount: 30000 },
    });
    await capitalVoucherFor(t, adminN, DAY, 2500.5);
    await paymentFor(t, north.id, older, { payment_date: DAY, payment_type: 'interest' });
    await paymentFor(t, north.id, settled, { payment_date: DAY, payment_type: 'full_payment' });
    const released = await post(`/api/pledges/${settled.pledge_id}/release`, { receiver_kind: 'pawner' });
    expect(released.statusCode, released.body).toBe(201);
    const mistaken = await paymentFor(t, north.id, fresh, {
      payment_date: DAY,
      payment_type: 'partial_principal',
      amount: 1000,
    });
    const reversed = await post(`/api/pledge-payments/${mistaken.id}/reverse`, { reason: 'Wrong pledge' });
    expect(reversed.statusCode, reversed.body).toBe(200);
    const lot = await post('/api/auctions', {
      auction_date: DAY,
      venue: 'Shop premises',
      auctioneer: 'K. Raman',
      pledge_ids: [sold.pledge_id],
    });
    expect(lot.statusCode, lot.body).toBe(201);
    const { id: lotId, entries } = lot.json() as { id: number; entries: { outstanding: number }[] };
    const sale = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${lotId}/sales`,
      headers: { ...h, 'idempotency-key': `figures-sale-${sold.pledge_id}` },
      payload: {
        pledge_id: sold.pledge_id,
        sale_date: DAY,
        auctioneer: 'K. Raman',
        buyer_name: 'Sri Murugan Jewellers',
        buyer_address: 'Madurai',
        sale_price: entries[0]!.outstanding + 1000,
        payment_method: 'cash',
        cash_limit_confirmed: true,
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    // The day, South: a pledge and a payment.
    await pledgeFor(t, south.id, { actor: adminS, rateDate: DAY, body: { pledge_date: DAY } });
    await paymentFor(t, south.id, southOld, {
      payment_date: DAY,
      payment_type: 'partial_principal',
      amount: 5000,
    });

    expect(await figureDifferences(db)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
    // The day's figures of North are there, and not trivially: loans out, receipts, income, cash.
    const [north20] = rowsOf<{ pledges: number; disbursed: string; collected: string; interest: string }>(
      await db.execute(sql`
        select pledges, disbursed::text, collected::text, interest::text
          from branch_day_figures where company_id = ${north.id} and entry_date = ${DAY}`),
    );
    expect(north20).toMatchObject({ pledges: 1, disbursed: '30000.00' });
    expect(Number(north20!.collected)).toBeGreaterThan(25000);
    expect(Number(north20!.interest)).toBeGreaterThan(0);
    // The settled pledge closed: no longer a new pledge of 2 November (the dashboard counts active ones).
    const [nov2] = rowsOf<{ pledges: number }>(
      await db.execute(sql`
        select coalesce((select pledges from branch_day_figures
                          where company_id = ${north.id} and entry_date = '2026-11-02'), 0)::int as pledges`),
    );
    expect(nov2!.pledges).toBe(0);

    const today = businessToday(t.config.businessTimeZone);
    for (const asOf of ['2026-10-31', DAY, '2026-11-30', today, '2027-01-05']) {
      expect(await readDashboard(db, 'all', asOf), asOf).toEqual(await dashboardSummedFromBranches(db, asOf));
    }
  });

  it('are made again from the rows by the backfill of migration 0032, to the same rows', async () => {
    const db = t.database.db;
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const p = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2026-09-10' } });
    await paymentFor(t, company.id, p, { payment_date: '2026-10-12', payment_type: 'interest' });
    await capitalVoucherFor(t, admin, '2026-10-12', 777.25);
    const kept = await keptRows(db);
    expect(kept.length).toBeGreaterThan(2);
    await db.execute(sql`select branch_day_figures_rebuild()`);
    expect(await keptRows(db)).toEqual(kept);
    expect(await figureDifferences(db)).toEqual([]);
  });

  it('leave nothing behind for a transaction rolled back, and follow writes made by hand', async () => {
    const db = t.database.db;
    const company = await freshCompany(t);
    const p = await pledgeFor(t, company.id, { body: { pledge_date: '2026-08-03' } });
    const before = await keptRows(db);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`update pledges set total_loan_amount = total_loan_amount - 1 where id = ${p.pledge_id}`,
        );
        await tx.execute(sql`update pledges set status = 'inactive' where id = ${p.pledge_id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await keptRows(db)).toEqual(before);
    expect(await pendingRows(db)).toBe(0);
    // The same writes committed, by hand (no service): the row triggers follow them.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update pledges set total_loan_amount = total_loan_amount - 1 where id = ${p.pledge_id}`,
      );
      await tx.execute(sql`update pledges set pledge_date = '2026-08-04' where id = ${p.pledge_id}`);
    });
    expect(await figureDifferences(db)).toEqual([]);
    await db.execute(sql`update pledges set status = 'inactive' where id = ${p.pledge_id}`);
    expect(await figureDifferences(db)).toEqual([]);
    expect(await pendingRows(db)).toBe(0);
  });
});
