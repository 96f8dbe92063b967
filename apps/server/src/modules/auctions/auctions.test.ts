import { auditListSchema } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { accountBalance, voucherLines } from '../../test/books.ts';
import { adminFor, freshCompany, paymentFor, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import { servedNoticeFor } from './auctions-test-helpers.ts';

// The auction (docs/domain-rules.md §8.6–§8.7; Pawnbrokers Act s. 12, §10.5). The notices are
// served by SQL (servedNoticeFor), so the dates suit each worked example.
let t: TestApp;
beforeAll(async () => {
  // Staff handle pledges here, so a clerk may sell and collect but not write a shortfall off.
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

type Headers = Record<string, string>;
const post = (headers: Headers, url: string, payload: object, extra: Headers = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...headers, ...extra }, payload });
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });

/** Every check of the books of the company, by name: all 'ok'. */
async function expectCompanyBooksClean(headers: Headers) {
  const res = await get(headers, '/api/books/check');
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { checks: { name: string; status: string; detail: string }[] };
  expect(body.checks.filter((c) => c.status !== 'ok')).toEqual([]);
  return body.checks;
}

/** A pledge of Rs. 1,00,000 dated `pledgeDate` with a notice served allowing a sale from `saleAfter`. */
async function noticedPledge(
  pledgeDate: string,
  saleAfter: string,
  opts: Parameters<typeof bigPledge>[2] = {},
) {
  const p = await bigPledge(t, pledgeDate, opts);
  const noticeDate = `${saleAfter.slice(0, 8)}01`;
  await servedNoticeFor(t, p.companyId, p.pledge_id, { noticeDate, saleAfter });
  return p;
}

async function makeLot(headers: Headers, auctionDate: string, pledgeIds: number[]) {
  const res = await post(headers, '/api/auctions', {
    auction_date: auctionDate,
    venue: 'Shop premises, 12 West Masi Street',
    auctioneer: 'K. Raman',
    pledge_ids: pledgeIds,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; lot_no: string; entries: { pledge_id: number; outstanding: number }[] };
}

/** The audit events of one record, newest first (`headers` an admin's). */
async function trail(headers: Headers, entity: string, id: number) {
  const res = await get(headers, `/api/audit?entity=${entity}&entity_id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

const sale = (pledgeId: number, saleDate: string, price: number, extra: object = {}) => ({
  pledge_id: pledgeId,
  sale_date: saleDate,
  auctioneer: 'K. Raman',
  buyer_name: 'Sri Murugan Jewellers',
  buyer_address: '4 South Avani Moola Street, Madurai',
  sale_price: price,
  payment_method: 'bank_transfer',
  payment_reference: 'UTR123',
  ...extra,
});

describe('a sale with a surplus: owed to the pawner (2100), never income', () => {
  it('lot, catalogue, sale at Rs. 1,19,250.50 against Rs. 1,15,000 outstanding, vouchers and books', async () => {
    // Rs. 1,00,000 at 1.5 % from 2026-01-01: on 2026-11-20 (10 months 19 days, counted as 11 months,
    // docs/interest-examples.md) the interest due is Rs. 16,500, of which Rs. 1,500 was the first
    // month's: Rs. 15,000 remains, Rs. 1,15,000 outstanding.
    const p = await noticedPledge('2026-01-01', '2026-10-31');
    const h = p.actor.headers();
    const lot = await makeLot(h, '2026-11-20', [p.pledge_id]);
    expect(lot.lot_no).toBe('AL/2026-27/0001');
    const detail = (await get(h, `/api/auctions/${lot.id}`)).json();
    expect(detail).toMatchObject({
      lot_no: 'AL/2026-27/0001',
      auction_date: '2026-11-20',
      status: 'open',
      pledges: 1,
      sold: 0,
      entries: [
        {
          pledge_id: p.pledge_id,
          pledge_no: p.pledge_no,
          state: 'in_lot',
          sale_after: '2026-10-31',
          articles: [{ gross_weight: 26, net_weight: 25 }],
          gross_weight: 26,
          net_weight: 25,
          outstanding_as_of: '2026-11-20',
          principal: 100000,
        },
      ],
    });
    const owed = detail.entries[0].outstanding as number;
    const interest = detail.entries[0].interest as number;
    expect(interest).toBe(15000);
    expect(owed).toBe(115000);

    const res = await post(
      h,
      `/api/auctions/${lot.id}/sales`,
      sale(p.pledge_id, '2026-11-20', owed + 4250.5),
      {
        'idempotency-key': `sale-${p.pledge_id}`,
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({
      pledge_id: p.pledge_id,
      sale_price: owed + 4250.5,
      principal_due: 100000,
      interest_due: interest,
      outstanding: owed,
      surplus: 4250.5,
      shortfall: 0,
      shortfall_id: null,
    });
    expect(saved.voucher_no).toMatch(/^RCT\//);
    expect(await voucherLines(t, p.companyId, saved.voucher_id, 'code')).toEqual([
      ['1190', owed + 4250.5, 0],
      ['1200', 0, 100000],
      ['2100', 0, 4250.5],
      ['4000', 0, interest],
    ]);
    // A replay of the same key answers the same sale; nothing is sold twice.
    const replay = await post(
      h,
      `/api/auctions/${lot.id}/sales`,
      sale(p.pledge_id, '2026-11-20', owed + 4250.5),
      {
        'idempotency-key': `sale-${p.pledge_id}`,
      },
    );
    expect(replay.json().sale_id).toBe(saved.sale_id);

    const [pledge] = rowsOf<{ closed_date: string; closed_by: string; status: string; released_on: string }>(
      await t.database.db.execute(sql`
        select closed_date::text, closed_by, status, released_on::text from pledges where id = ${p.pledge_id}`),
    );
    expect(pledge).toEqual({
      closed_date: '2026-11-20',
      closed_by: 'auction',
      status: 'inactive',
      released_on: '2026-11-20',
    });
    // The surplus is owed, not income: 4000 holds the first month's and the remaining interest only.
    expect(await accountBalance(t, p.companyId, '2100')).toBe(-4250.5);
    expect(await accountBalance(t, p.companyId, '4000')).toBe(-(1500 + interest));
    expect(await accountBalance(t, p.companyId, '1200')).toBe(0);
    const checks = await expectCompanyBooksClean(h);
    expect(checks.find((c) => c.name.startsWith('Auction Surplus Payable (2100)'))?.detail).toBe(
      'Rs. 4,250.50 on 2100, the surpluses not yet paid or deposited.',
    );
    expect((await get(h, `/api/auctions/${lot.id}`)).json()).toMatchObject({
      status: 'closed',
      sold: 1,
      entries: [{ state: 'sold', sale: { surplus: 4250.5, buyer_name: 'Sri Murugan Jewellers' } }],
    });

    // Owed, with its age and dates; paying it out (deposit refused before the holding period).
    const list = (await get(h, '/api/auction-surpluses?status=owed')).json();
    expect(list).toMatchObject({ total: 1, total_owed: 4250.5 });
    expect(list.items[0]).toMatchObject({
      id: saved.surplus_id,
      amount: 4250.5,
      status: 'owed',
      deliver_by: '2026-12-20',
      deposit_due: '2027-05-20',
      may_deposit: false,
      customer_id: p.customer_id,
    });
    const early = await post(h, `/api/auction-surpluses/${saved.surplus_id}/deposit`, {
      deposited_on: '2026-11-25',
      reference: 'CHALLAN-1',
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().detail).toContain('2027-05-20');

    const paid = await post(h, `/api/auction-surpluses/${saved.surplus_id}/pay`, {
      paid_on: '2026-11-25',
      method: 'cash',
      cash_limit_confirmed: true,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', settled_on: '2026-11-25', age_days: 5 });
    expect(paid.json().settled_to).toBeTruthy();
    expect(await voucherLines(t, p.companyId, paid.json().voucher_id, 'code')).toEqual([
      ['1000', 0, 4250.5],
      ['2100', 4250.5, 0],
    ]);
    const again = await post(h, `/api/auction-surpluses/${saved.surplus_id}/pay`, {
      paid_on: '2026-11-25',
      method: 'cash',
      cash_limit_confirmed: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('This surplus was already paid out on 2026-11-25.');
    expect(await accountBalance(t, p.companyId, '2100')).toBe(0);
    await expectCompanyBooksClean(h);
  });

  it('an unclaimed surplus is deposited with the Government once the holding period has passed', async () => {
    const p = await noticedPledge('2025-06-01', '2026-03-31');
    const h = p.actor.headers();
    const lot = await makeLot(h, '2026-04-30', [p.pledge_id]);
    const owed = lot.entries[0]!.outstanding;
    const res = await post(h, `/api/auctions/${lot.id}/sales`, sale(p.pledge_id, '2026-05-01', owed + 1000));
    expect(res.statusCode, res.body).toBe(201);
    const { surplus_id, surplus } = res.json();
    expect(surplus).toBe(1000);
    const before = (await get(h, `/api/auction-surpluses/${surplus_id}`)).json();
    expect(before).toMatchObject({ deposit_due: '2026-11-01', may_deposit: true, status: 'owed' });
    expect(before.age_days).toBeGreaterThanOrEqual(209);
    const tooEarly = await post(h, `/api/auction-surpluses/${surplus_id}/deposit`, {
      deposited_on: '2026-10-31',
      reference: 'CHALLAN-7',
    });
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().detail).toContain('2026-11-01');
    const dep = await post(h, `/api/auction-surpluses/${surplus_id}/deposit`, {
      deposited_on: '2026-11-02',
      reference: 'CHALLAN-7',
    });
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json()).toMatchObject({ status: 'deposited', settled_to: 'Government', age_days: 185 });
    expect(await voucherLines(t, p.companyId, dep.json().voucher_id, 'code')).toEqual([
      ['1190', 0, 1000],
      ['2100', 1000, 0],
    ]);
    const [v] = rowsOf<{ narration: string; voucher_type: string }>(
      await t.database.db.execute(
        sql`select narration, voucher_type from vouchers where id = ${dep.json().voucher_id}`,
      ),
    );
    expect(v!.voucher_type).toBe('Payment');
    expect(v!.narration).toContain('deposited with the Government');
    expect((await get(h, '/api/auction-surpluses?status=deposited')).json().total).toBe(1);
    expect((await get(h, '/api/auction-surpluses?status=owed')).json().total).toBe(0);
    await expectCompanyBooksClean(h);
  });
});

describe('a sale with a shortfall: receivable from the pawner (1210)', () => {
  it('sold at Rs. 90,000: Dr 1210 the shortfall; collected in part by a clerk, the rest written off by an admin', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const p = await noticedPledge('2026-01-01', '2026-10-31', { companyId, actor: admin });
    const clerk = await userFor(t, companyId);
    const h = clerk.headers();
    const lot = await makeLot(h, '2026-11-20', [p.pledge_id]);
    const owed = lot.entries[0]!.outstanding;
    const interest = owed - 100000;
    const res = await post(h, `/api/auctions/${lot.id}/sales`, sale(p.pledge_id, '2026-11-20', 90000));
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json();
    expect(saved).toMatchObject({ surplus: 0, shortfall: owed - 90000, surplus_id: null });
    expect(await voucherLines(t, companyId, saved.voucher_id, 'code')).toEqual([
      ['1190', 90000, 0],
      ['1200', 0, 100000],
      ['1210', owed - 90000, 0],
      ['4000', 0, interest],
    ]);
    await expectCompanyBooksClean(admin.headers());

    const id = saved.shortfall_id as number;
    const tooMuch = await post(h, `/api/auction-shortfalls/${id}/collect`, {
      on: '2026-11-21',
      amount: owed - 90000 + 1,
      method: 'cash',
    });
    expect(tooMuch.statusCode).toBe(422);
    const collected = await post(h, `/api/auction-shortfalls/${id}/collect`, {
      on: '2026-11-21',
      amount: 5000,
      method: 'cash',
    });
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ collected: 5000, open: owed - 95000, status: 'open' });
    const collectVoucher = collected.json().settlements[0].voucher_id;
    expect(await voucherLines(t, companyId, collectVoucher, 'code')).toEqual([
      ['1000', 5000, 0],
      ['1210', 0, 5000],
    ]);
    await expectCompanyBooksClean(admin.headers());

    const refused = await post(h, `/api/auction-shortfalls/${id}/write-off`, {
      amount: owed - 95000,
      reason: 'Pawner cannot be traced',
    });
    expect(refused.statusCode).toBe(403);
    const written = await post(admin.headers(), `/api/auction-shortfalls/${id}/write-off`, {
      on: '2026-11-22',
      amount: owed - 95000,
      reason: 'Pawner cannot be traced',
    });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ open: 0, status: 'settled', written_off: owed - 95000 });
    const w = written.json().settlements[1];
    expect(w).toMatchObject({
      kind: 'written_off',
      approved_by: admin.username,
      reason: 'Pawner cannot be traced',
    });
    expect(await voucherLines(t, companyId, w.voucher_id, 'code')).toEqual([
      ['1210', 0, owed - 95000],
      ['5200', owed - 95000, 0],
    ]);
    expect(await accountBalance(t, companyId, '1210')).toBe(0);
    await expectCompanyBooksClean(admin.headers());
    const settled = await post(h, `/api/auction-shortfalls/${id}/collect`, {
      on: '2026-11-22',
      amount: 1,
      method: 'cash',
    });
    expect(settled.statusCode).toBe(409);
    expect((await get(h, '/api/auction-shortfalls?status=settled')).json().total).toBe(1);
  });
});

describe('refusals', () => {
  it('a lot refuses, naming each pledge: no notice, not sent, sale date not reached, at a bank, closed, in another lot', async () => {
    const base = await noticedPledge('2026-01-01', '2026-10-31');
    const opts = { companyId: base.companyId, actor: base.actor };
    const h = base.actor.headers();
    const noNotice = await bigPledge(t, '2026-01-01', opts);
    const unsent = await bigPledge(t, '2026-01-01', opts);
    await servedNoticeFor(t, base.companyId, unsent.pledge_id, {
      noticeDate: '2026-10-01',
      sentOn: null,
      saleAfter: '2026-10-31',
    });
    const notYet = await noticedPledge('2026-01-01', '2026-11-25', opts);
    const atBank = await noticedPledge('2026-01-01', '2026-10-31', opts);
    await t.database.db.execute(
      sql`update pledges set is_move_to_bank = true where id = ${atBank.pledge_id}`,
    );
    const closed = await noticedPledge('2026-01-01', '2026-10-31', opts);
    await paymentFor(t, base.companyId, closed, { payment_type: 'full_payment', payment_date: '2026-11-01' });
    const lot = await makeLot(h, '2026-11-20', [base.pledge_id]);

    const res = await post(h, '/api/auctions', {
      auction_date: '2026-11-20',
      pledge_ids: [
        noNotice.pledge_id,
        unsent.pledge_id,
        notYet.pledge_id,
        atBank.pledge_id,
        closed.pledge_id,
        base.pledge_id,
      ],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PLEDGE_STATE');
    const detail = (res.json().detail as { loc: (string | number)[]; msg: string }[]).map((d) => [
      d.loc.join('.'),
      d.msg,
    ]);
    expect(detail).toMatchObject([
      [
        'body.pledge_ids.0',
        `Pledge ${noNotice.pledge_no} has no notice before sale that was sent to the pawner.`,
      ],
      [
        'body.pledge_ids.1',
        `Pledge ${unsent.pledge_no} has no notice before sale that was sent to the pawner.`,
      ],
      [
        'body.pledge_ids.2',
        `Pledge ${notYet.pledge_no} may not be sold before 2026-11-25 (its notice's date of sale).`,
      ],
      ['body.pledge_ids.3', `Pledge ${atBank.pledge_no} is at a bank; bring the articles back first.`],
      ['body.pledge_ids.4', `Pledge ${closed.pledge_no} is closed.`],
      ['body.pledge_ids.5', `Pledge ${base.pledge_no} is already in auction lot ${lot.lot_no}.`],
    ]);
    // Another company's pledge is unknown here.
    const other = await noticedPledge('2026-01-01', '2026-10-31');
    const foreign = await post(h, '/api/auctions', {
      auction_date: '2026-11-20',
      pledge_ids: [other.pledge_id],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail[0].msg).toBe('No such pledge in this branch.');
  });

  it('a sale refuses a withdrawn pledge, a pledge paid off in the lot, a date before the notice allows or after today, and a second sale', async () => {
    const a = await noticedPledge('2026-01-01', '2026-10-31');
    const opts = { companyId: a.companyId, actor: a.actor };
    const b = await noticedPledge('2026-01-01', '2026-10-31', opts);
    const c = await noticedPledge('2026-01-01', '2026-10-31', opts);
    const h = a.actor.headers();
    const lot = await makeLot(h, '2026-11-20', [a.pledge_id, b.pledge_id, c.pledge_id]);

    const w = await post(h, `/api/auctions/${lot.id}/withdraw`, {
      pledge_id: a.pledge_id,
      reason: 'Pawner paid',
    });
    expect(w.statusCode, w.body).toBe(200);
    expect(w.json().entries[0]).toMatchObject({ state: 'withdrawn', withdrawn_reason: 'Pawner paid' });
    const withdrawn = await post(h, `/api/auctions/${lot.id}/sales`, sale(a.pledge_id, '2026-11-20', 120000));
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().detail).toBe(`Pledge ${a.pledge_no} was withdrawn from lot ${lot.lot_no}.`);
    expect(
      (await post(h, `/api/auctions/${lot.id}/withdraw`, { pledge_id: a.pledge_id, reason: 'x' })).statusCode,
    ).toBe(409);

    await paymentFor(t, a.companyId, b, { payment_type: 'full_payment', payment_date: '2026-11-19' });
    const closed = await post(h, `/api/auctions/${lot.id}/sales`, sale(b.pledge_id, '2026-11-20', 120000));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe(`Pledge ${b.pledge_no} is closed; it can no longer be sold.`);

    const early = await post(h, `/api/auctions/${lot.id}/sales`, sale(c.pledge_id, '2026-10-30', 120000));
    expect(early.statusCode).toBe(422);
    expect(early.json().detail[0]).toMatchObject({
      loc: ['body', 'sale_date'],
      msg: 'The articles may not be sold before 2026-10-31, the date of sale of the notice.',
    });
    const future = await post(h, `/api/auctions/${lot.id}/sales`, sale(c.pledge_id, '2999-01-01', 120000));
    expect(future.statusCode).toBe(422);
    const noRef = await post(
      h,
      `/api/auctions/${lot.id}/sales`,
      sale(c.pledge_id, '2026-11-20', 120000, { payment_reference: null }),
    );
    expect(noRef.statusCode).toBe(422);

    const ok = await post(h, `/api/auctions/${lot.id}/sales`, sale(c.pledge_id, '2026-11-20', 120000));
    expect(ok.statusCode, ok.body).toBe(201);
    const twice = await post(h, `/api/auctions/${lot.id}/sales`, sale(c.pledge_id, '2026-11-20', 120000));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(`Pledge ${c.pledge_no} was sold at auction on 2026-11-20.`);
    // Every pledge sold, withdrawn or closed: the lot is closed.
    expect((await get(h, `/api/auctions/${lot.id}`)).json().status).toBe('closed');

    // Another company's lot is not found.
    const stranger = await adminFor(t, (await freshCompany(t)).id);
    expect((await get(stranger.headers(), `/api/auctions/${lot.id}`)).statusCode).toBe(404);
    expect(
      (await post(stranger.headers(), `/api/auctions/${lot.id}/sales`, sale(c.pledge_id, '2026-11-20', 1)))
        .statusCode,
    ).toBe(404);
    await expectCompanyBooksClean(h);
  });
});

describe('the sale book (Form G)', () => {
  it('lists exactly the sales of its range, with articles and the settlement; CSV and eligible list', async () => {
    const a = await noticedPledge('2026-01-01', '2026-09-30');
    const opts = { companyId: a.companyId, actor: a.actor };
    const b = await noticedPledge('2026-01-01', '2026-09-30', opts);
    const c = await noticedPledge('2026-01-01', '2026-09-30', opts);
    const h = a.actor.headers();
    const eligible = (await get(h, '/api/auctions/eligible?as_of=2026-10-05')).json();
    expect(eligible.items.map((i: { pledge_id: number }) => i.pledge_id)).toEqual([
      a.pledge_id,
      b.pledge_id,
      c.pledge_id,
    ]);
    const lot = await makeLot(h, '2026-10-05', [a.pledge_id, b.pledge_id, c.pledge_id]);
    expect((await get(h, '/api/auctions/eligible?as_of=2026-10-05')).json().items).toEqual([]);
    for (const [p, date] of [
      [a, '2026-10-05'],
      [b, '2026-10-31'],
      [c, '2026-11-01'],
    ] as const) {
      const r = await post(h, `/api/auctions/${lot.id}/sales`, sale(p.pledge_id, date, 110000));
      expect(r.statusCode, r.body).toBe(201);
    }
    const book = await get(h, '/api/registers/sale-book?from=2026-10-01&to=2026-10-31');
    expect(book.statusCode, book.body).toBe(200);
    expect(book.headers['x-total-count']).toBe('2');
    const body = book.json();
    expect(body.rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([a.pledge_no, b.pledge_no]);
    expect(body.rows[0]).toMatchObject({
      serial: 1,
      lot_no: lot.lot_no,
      sale_date: '2026-10-05',
      buyer_name: 'Sri Murugan Jewellers',
      sale_price: 110000,
      articles: [{ gross_weight: 26, net_weight: 25 }],
    });
    expect(body.rows[0].surplus - body.rows[0].shortfall).toBeCloseTo(110000 - body.rows[0].outstanding, 2);
    expect(body.totals).toMatchObject({ sales: 2, sale_price: 220000 });
    const page2 = (
      await get(h, '/api/registers/sale-book?from=2026-10-01&to=2026-10-31&page=2&page_size=1')
    ).json();
    expect(page2.rows.map((r: { serial: number }) => r.serial)).toEqual([2]);
    const csv = await get(h, '/api/registers/sale-book?from=2026-10-01&to=2026-11-30&format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toContain('"Sale Price\nவிற்பனை விலை"');
    // The totals the screen shows close the file too, equal to the answer's totals.
    const all = (await get(h, '/api/registers/sale-book?from=2026-10-01&to=2026-11-30')).json();
    const t = all.totals;
    expect(lines[4]).toBe(
      [
        '',
        '',
        'Total: 3 sales',
        '',
        '',
        '',
        '',
        '',
        '3',
        '78.000',
        '75.000',
        '',
        '',
        '',
        '',
        t.sale_price.toFixed(2),
        all.rows.reduce((s: number, r: { principal_due: number }) => s + r.principal_due, 0).toFixed(2),
        all.rows.reduce((s: number, r: { interest_due: number }) => s + r.interest_due, 0).toFixed(2),
        t.outstanding.toFixed(2),
        t.surplus.toFixed(2),
        t.shortfall.toFixed(2),
      ].join(','),
    );
    const bad = await get(h, '/api/registers/sale-book?from=2026-11-01&to=2026-10-01');
    expect(bad.statusCode).toBe(422);
    await expectCompanyBooksClean(h);
  });
});

describe('the audit trail', () => {
  it('records the lot, a withdrawal with its reason, the sale with its figures and the surplus paid', async () => {
    const a = await noticedPledge('2026-01-01', '2026-10-31');
    const b = await noticedPledge('2026-01-01', '2026-10-31', { companyId: a.companyId, actor: a.actor });
    const h = a.actor.headers();
    const lot = await makeLot(h, '2026-11-20', [a.pledge_id, b.pledge_id]);
    const made = await trail(h, 'auction_lot', lot.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ action: 'create', before: null, route: 'POST /api/auctions' });
    expect(made[0]!.after).toMatchObject({
      id: lot.id,
      lot_no: lot.lot_no,
      auction_date: '2026-11-20',
      pledges: [{ pledge_id: a.pledge_id }, { pledge_id: b.pledge_id }],
    });

    const w = await post(h, `/api/auctions/${lot.id}/withdraw`, {
      pledge_id: b.pledge_id,
      reason: 'Pawner paid',
    });
    expect(w.statusCode, w.body).toBe(200);
    const [withdrawal] = await trail(h, 'auction_lot', lot.id);
    expect(withdrawal).toMatchObject({ action: 'withdraw', reason: 'Pawner paid' });
    expect(withdrawal!.before).toMatchObject({ pledges: [{ withdrawn_at: null }, { withdrawn_at: null }] });
    expect(withdrawal!.after).toMatchObject({
      withdrawn_pledge_id: b.pledge_id,
      pledges: [
        { pledge_id: a.pledge_id, withdrawn_at: null },
        { pledge_id: b.pledge_id, withdrawn_reason: 'Pawner paid' },
      ],
    });

    const owed = lot.entries.find((e) => e.pledge_id === a.pledge_id)!.outstanding;
    const sold = await post(
      h,
      `/api/auctions/${lot.id}/sales`,
      sale(a.pledge_id, '2026-11-20', owed + 4250.5),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const saved = sold.json();
    const sales = (await trail(h, 'pledge', a.pledge_id)).filter((e) => e.action === 'sell');
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ route: 'POST /api/auctions/:id/sales', user_id: a.actor.userId });
    expect(sales[0]!.before).toMatchObject({ id: a.pledge_id, closed_date: null, status: 'active' });
    expect(sales[0]!.after).toMatchObject({
      id: a.pledge_id,
      closed_date: '2026-11-20',
      closed_by: 'auction',
      auction_sale: {
        id: saved.sale_id,
        lot_id: lot.id,
        sale_price: owed + 4250.5,
        outstanding: owed,
        surplus: 4250.5,
        shortfall: 0,
        buyer_name: 'Sri Murugan Jewellers',
      },
      auction_surplus: { id: saved.surplus_id, amount: 4250.5, settled_kind: null },
      auction_shortfall: null,
    });

    const paid = await post(h, `/api/auction-surpluses/${saved.surplus_id}/pay`, {
      paid_on: '2026-11-21',
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const surplusEvents = await trail(h, 'auction_surplus', saved.surplus_id);
    expect(surplusEvents).toHaveLength(1);
    expect(surplusEvents[0]).toMatchObject({
      action: 'pay',
      before: { amount: 4250.5, settled_kind: null },
      after: { amount: 4250.5, settled_kind: 'paid', settled_on: '2026-11-21', settled_to: a.customer_name },
    });
  });

  it('records the shortfall collected and its write-off with the reason', async () => {
    const p = await noticedPledge('2026-01-01', '2026-10-31');
    const h = p.actor.headers();
    const lot = await makeLot(h, '2026-11-20', [p.pledge_id]);
    const owed = lot.entries[0]!.outstanding;
    const res = await post(h, `/api/auctions/${lot.id}/sales`, sale(p.pledge_id, '2026-11-20', 90000));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().shortfall_id as number;
    const collected = await post(h, `/api/auction-shortfalls/${id}/collect`, {
      on: '2026-11-21',
      amount: 5000,
      method: 'cash',
    });
    expect(collected.statusCode, collected.body).toBe(200);
    const written = await post(h, `/api/auction-shortfalls/${id}/write-off`, {
      on: '2026-11-22',
      amount: owed - 95000,
      reason: 'Pawner cannot be traced',
    });
    expect(written.statusCode, written.body).toBe(200);

    const events = await trail(h, 'auction_shortfall', id);
    expect(events.map((e) => e.action)).toEqual(['write_off', 'collect']);
    const [off, collect] = events;
    expect(collect).toMatchObject({
      reason: null,
      before: { amount: owed - 90000, collected: 0, written_off: 0 },
      after: { collected: 5000, settlement: { kind: 'collected', amount: 5000, method: 'cash' } },
    });
    expect(off).toMatchObject({
      reason: 'Pawner cannot be traced',
      user_id: p.actor.userId,
      before: { collected: 5000, written_off: 0 },
      after: {
        written_off: owed - 95000,
        settlement: {
          kind: 'written_off',
          amount: owed - 95000,
          reason: 'Pawner cannot be traced',
          approved_by: p.actor.userId,
        },
      },
    });
  });
});
