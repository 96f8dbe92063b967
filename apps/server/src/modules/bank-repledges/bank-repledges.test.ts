import {
  auditListSchema,
  BANK_REPLEDGE_MESSAGES,
  bankRepledgeRegisterSchema,
  bankRepledgeSchema,
  RBI_MESSAGES,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { setCompliance } from '../compliance/compliance-test-helpers.ts';
import { bigPledge, expectBooksClean } from '../payments/payments-test-helpers.ts';
import {
  bankFor,
  expectBorrowingsMatch,
  flagOf,
  moveToBank,
  postings,
  returnFromBank,
  voucherOf,
} from './bank-repledges-test-helpers.ts';

// Re-pledge with a bank (docs/domain-rules.md §8.4): Move to Bank, Return from Bank, the
// register of what is at which bank, and the pledge's flag that follows them.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const PLEDGE_DATE = '2026-01-05';

async function atBankSetup() {
  const p = await bigPledge(t, PLEDGE_DATE);
  const bank = await bankFor(t, p.actor);
  return { p, bank, h: p.actor.headers() };
}

describe('POST /api/pledges/{id}/move-to-bank and /return-from-bank', () => {
  it('refuses a pledge in a live auction lot (409 naming the lot): its articles stay for the sale', async () => {
    const { p, bank, h } = await atBankSetup();
    await servedNoticeFor(t, p.companyId, p.pledge_id, { noticeDate: '2026-10-01', saleAfter: '2026-10-31' });
    const lot = await t.app.inject({
      method: 'POST',
      url: '/api/auctions',
      headers: h,
      payload: { auction_date: '2026-11-10', auctioneer: 'K. Raman', pledge_ids: [p.pledge_id] },
    });
    expect(lot.statusCode, lot.body).toBe(201);
    const lotNo = lot.json().lot_no as string;
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      pledged_on: '2026-11-12',
      amount_borrowed: 60000,
      bank_reference: 'IB/GL/0043',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toMatchObject({
      code: 'PLEDGE_IN_AUCTION',
      detail: `This pledge is in auction lot ${lotNo}: withdraw it from the lot before its articles go to a bank.`,
    });
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(false);
    await expectBorrowingsMatch(t, p.companyId, 0);
  });

  it('posts Dr 1190 / Cr 2200 on the move and Dr 2200 + Dr 5300 / Cr 1000 on the return, the flag and 2200 following', async () => {
    const { p, bank, h } = await atBankSetup();
    await expectBorrowingsMatch(t, p.companyId, 0);
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      pledged_on: '2026-02-01',
      amount_borrowed: 60000,
      bank_reference: '  IB/GL/0042 ',
      received_by: 'bank',
      remarks: 'Sealed packet 17',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const r = bankRepledgeSchema.parse(moved.json());
    expect(r).toMatchObject({
      pledge_id: p.pledge_id,
      pledge_no: p.pledge_no,
      bank_id: bank.id,
      bank_name: 'Indian Bank',
      pledged_on: '2026-02-01',
      amount_borrowed: 60000,
      bank_reference: 'IB/GL/0042',
      received_by: 'bank',
      status: 'open',
      returned_on: null,
      item_count: 1,
      gross_weight: 26,
      net_weight: 25,
      loan_amount: 100000,
    });
    expect(await postings(t, p.companyId, r.voucher_number)).toEqual([
      'Dr 1190 60000.00',
      'Cr 2200 60000.00',
    ]);
    expect(await voucherOf(t, p.companyId, r.voucher_number)).toEqual({
      voucher_type: 'Receipt',
      source_kind: 'bank-repledge',
      source_id: r.id,
      entry_date: '2026-02-01',
    });
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(true);
    await expectBorrowingsMatch(t, p.companyId, 60000);

    // The pledge's detail and list show it at the bank; payments refuse it.
    const view = await t.app.inject({ method: 'GET', url: `/api/pledges/${p.pledge_id}`, headers: h });
    expect(view.json().is_move_to_bank).toBe(true);
    await expect(paymentFor(t, p.companyId, p, { payment_date: '2026-02-10' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'PLEDGE_AT_BANK',
    });

    const back = await returnFromBank(t, h, p.pledge_id, {
      returned_on: '2026-03-03',
      bank_interest: 742.5,
      paid_by: 'cash',
      return_reference: 'IB/REL/9',
    });
    expect(back.statusCode, back.body).toBe(201);
    const b = bankRepledgeSchema.parse(back.json());
    expect(b).toMatchObject({
      id: r.id,
      status: 'returned',
      returned_on: '2026-03-03',
      bank_interest: 742.5,
      paid_by: 'cash',
      return_reference: 'IB/REL/9',
      days_at_bank: 30,
    });
    expect(await postings(t, p.companyId, b.return_voucher_number!)).toEqual([
      'Dr 2200 60000.00',
      'Dr 5300 742.50',
      'Cr 1000 60742.50',
    ]);
    expect(await voucherOf(t, p.companyId, b.return_voucher_number!)).toMatchObject({
      voucher_type: 'Payment',
      source_kind: 'bank-return',
      source_id: r.id,
    });
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(false);
    await expectBorrowingsMatch(t, p.companyId, 0);
    // Back from the bank, the pledge takes payments again.
    const paid = await paymentFor(t, p.companyId, p, { payment_date: '2026-03-05' });
    expect(paid.balance.pledge_id).toBe(p.pledge_id);

    // A second trip, the bank paying cash: Dr 1000; no interest on the way back leaves no 5300 line.
    const again = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      amount_borrowed: 25000.5,
      bank_reference: 'IB/GL/0077',
      received_by: 'cash',
    });
    expect(again.statusCode, again.body).toBe(201);
    const a = bankRepledgeSchema.parse(again.json());
    expect(await postings(t, p.companyId, a.voucher_number)).toEqual([
      'Dr 1000 25000.50',
      'Cr 2200 25000.50',
    ]);
    await expectBorrowingsMatch(t, p.companyId, 25000.5);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/bank-repledges`,
      headers: h,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().map((x: { id: number; status: string }) => [x.id, x.status])).toEqual([
      [r.id, 'returned'],
      [a.id, 'open'],
    ]);
    const home = await returnFromBank(t, h, p.pledge_id, {});
    expect(home.statusCode, home.body).toBe(201);
    const hm = bankRepledgeSchema.parse(home.json());
    expect(hm).toMatchObject({ bank_interest: 0, paid_by: 'bank', return_reference: null, days_at_bank: 0 });
    expect(await postings(t, p.companyId, hm.return_voucher_number!)).toEqual([
      'Dr 2200 25000.50',
      'Cr 1190 25000.50',
    ]);
    await expectBorrowingsMatch(t, p.companyId, 0);
  });

  it('records the move to the bank and the return, with the re-pledge before and after, in the audit trail', async () => {
    const { p, bank, h } = await atBankSetup();
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      pledged_on: '2026-02-01',
      amount_borrowed: 60000,
      bank_reference: 'IB/GL/0042',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    // A refused second move leaves nothing.
    expect(
      (
        await moveToBank(t, h, p.pledge_id, {
          bank_id: bank.id,
          amount_borrowed: 1000,
          bank_reference: 'X',
          received_by: 'bank',
        })
      ).statusCode,
    ).toBe(409);
    const back = await returnFromBank(t, h, p.pledge_id, {
      returned_on: '2026-03-03',
      bank_interest: 742.5,
      paid_by: 'cash',
    });
    expect(back.statusCode, back.body).toBe(201);
    const repledgeId = moved.json().id as number;

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=pledge&entity_id=${p.pledge_id}`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const events = auditListSchema.parse(res.json()).filter((e) => e.action !== 'create');
    expect(events.map((e) => e.action)).toEqual(['return_from_bank', 'move_to_bank']);
    const [ret, move] = events;
    expect(move!.before).toMatchObject({ id: p.pledge_id, is_move_to_bank: false, bank_repledge: null });
    expect(move!.after).toMatchObject({
      id: p.pledge_id,
      is_move_to_bank: true,
      bank_repledge: {
        id: repledgeId,
        bank_id: bank.id,
        pledged_on: '2026-02-01',
        amount_borrowed: 60000,
        bank_reference: 'IB/GL/0042',
        returned_on: null,
      },
    });
    expect(ret).toMatchObject({ user_id: p.actor.userId, route: 'POST /api/pledges/:id/return-from-bank' });
    expect(ret!.before).toMatchObject({
      is_move_to_bank: true,
      bank_repledge: { id: repledgeId, returned_on: null, bank_interest: null },
    });
    expect(ret!.after).toMatchObject({
      is_move_to_bank: false,
      bank_repledge: {
        id: repledgeId,
        returned_on: '2026-03-03',
        bank_interest: 742.5,
        paid_by: 'cash',
        amount_borrowed: 60000,
      },
    });
  });

  it('keeps 2200 equal to what is borrowed on the articles still at a bank across several pledges', async () => {
    const { p, bank, h } = await atBankSetup();
    const q = await bigPledge(t, PLEDGE_DATE, { companyId: p.companyId, actor: p.actor, loan: 50000 });
    expect(
      (
        await moveToBank(t, h, p.pledge_id, {
          bank_id: bank.id,
          amount_borrowed: 70000,
          bank_reference: 'A1',
        })
      ).statusCode,
    ).toBe(201);
    await expectBorrowingsMatch(t, p.companyId, 70000);
    expect(
      (
        await moveToBank(t, h, q.pledge_id, {
          bank_id: bank.id,
          amount_borrowed: 30000,
          bank_reference: 'A2',
        })
      ).statusCode,
    ).toBe(201);
    await expectBorrowingsMatch(t, p.companyId, 100000);
    expect((await returnFromBank(t, h, p.pledge_id, { bank_interest: 100 })).statusCode).toBe(201);
    await expectBorrowingsMatch(t, p.companyId, 30000);
    expect((await returnFromBank(t, h, q.pledge_id, { bank_interest: 0 })).statusCode).toBe(201);
    await expectBorrowingsMatch(t, p.companyId, 0);
  });

  it('refuses a closed pledge, one already at a bank, and a return of one not at a bank, with a sentence', async () => {
    const { p, bank, h } = await atBankSetup();
    const body = { bank_id: bank.id, amount_borrowed: 1000, bank_reference: 'R1' };
    const notThere = await returnFromBank(t, h, p.pledge_id, {});
    expect(notThere.statusCode).toBe(409);
    expect(notThere.json()).toMatchObject({
      detail: BANK_REPLEDGE_MESSAGES.notAtBank,
      code: 'PLEDGE_NOT_AT_BANK',
    });
    expect((await moveToBank(t, h, p.pledge_id, body)).statusCode).toBe(201);
    const twice = await moveToBank(t, h, p.pledge_id, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      detail: BANK_REPLEDGE_MESSAGES.alreadyAtBank,
      code: 'PLEDGE_AT_BANK',
    });
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(201);
    await expectBorrowingsMatch(t, p.companyId, 1000 - 1000);

    const closed = await bigPledge(t, PLEDGE_DATE, { companyId: p.companyId, actor: p.actor });
    await paymentFor(t, p.companyId, closed, { payment_type: 'full_payment', payment_date: '2026-02-01' });
    const refused = await moveToBank(t, h, closed.pledge_id, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: BANK_REPLEDGE_MESSAGES.closed, code: 'PLEDGE_CLOSED' });
    const closedBack = await returnFromBank(t, h, closed.pledge_id, {});
    expect(closedBack.statusCode).toBe(409);

    const inactive = await bigPledge(t, PLEDGE_DATE, { companyId: p.companyId, actor: p.actor });
    await t.database.db.execute(
      sql`update pledges set status = 'inactive' where company_id = ${p.companyId} and id = ${inactive.pledge_id}`,
    );
    const off = await moveToBank(t, h, inactive.pledge_id, body);
    expect(off.json()).toMatchObject({ detail: BANK_REPLEDGE_MESSAGES.inactive, code: 'PLEDGE_INACTIVE' });
    await expectBorrowingsMatch(t, p.companyId, 0);
  });

  it('refuses Move to Bank under the RBI regime, saying why, and moves nothing', async () => {
    const { p, bank, h } = await atBankSetup();
    await setCompliance(t, p.actor, { regime: 'rbi', pan_applies: false });
    const res = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      amount_borrowed: 1000,
      bank_reference: 'X',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      { loc: ['body', 'bank_id'], msg: RBI_MESSAGES.noRepledge, type: 'rbi_no_repledge' },
    ]);
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(false);
    // A Tamil Nadu pawnbroker may re-pledge.
    await setCompliance(t, p.actor, { regime: 'tn_pawnbroker', pan_applies: false });
    const moved = await moveToBank(t, h, p.pledge_id, {
      bank_id: bank.id,
      amount_borrowed: 1000,
      bank_reference: 'X',
    });
    expect(moved.statusCode, moved.body).toBe(201);
  });

  it("refuses another company's bank or an inactive bank (422 under bank_id) and another company's pledge (404)", async () => {
    const { p, bank, h } = await atBankSetup();
    const other = await freshCompany(t);
    const otherAdmin = await adminFor(t, other.id);
    const otherBank = await bankFor(t, otherAdmin);
    const closedBank = await bankFor(t, p.actor, { status: false });
    for (const bankId of [otherBank.id, closedBank.id, 2147483647]) {
      const res = await moveToBank(t, h, p.pledge_id, {
        bank_id: bankId,
        amount_borrowed: 1000,
        bank_reference: 'X',
      });
      expect(res.statusCode, String(bankId)).toBe(422);
      expect(res.json().detail).toMatchObject([
        { loc: ['body', 'bank_id'], msg: BANK_REPLEDGE_MESSAGES.bank, type: 'value_error' },
      ]);
    }
    const foreign = await moveToBank(t, otherAdmin.headers(), p.pledge_id, {
      bank_id: otherBank.id,
      amount_borrowed: 1000,
      bank_reference: 'X',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await returnFromBank(t, otherAdmin.headers(), p.pledge_id, {})).statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/pledges/${p.pledge_id}/bank-repledges`,
      headers: otherAdmin.headers(),
    });
    expect(list.statusCode).toBe(404);
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(false);
    expect(bank.id).toBeGreaterThan(0);
  });

  it('bounds the dates and the fields: 422 naming the field, never a 500', async () => {
    const { p, bank, h } = await atBankSetup();
    const ok = { bank_id: bank.id, amount_borrowed: 1000, bank_reference: 'D1' };
    const field = async (payload: object) => {
      const res = await moveToBank(t, h, p.pledge_id, payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().detail[0];
    };
    expect(await field({ ...ok, pledged_on: '2026-01-04' })).toMatchObject({
      loc: ['body', 'pledged_on'],
      msg: BANK_REPLEDGE_MESSAGES.pledgedOnBeforePledge,
    });
    expect(await field({ ...ok, pledged_on: '2999-01-01' })).toMatchObject({
      loc: ['body', 'pledged_on'],
      msg: BANK_REPLEDGE_MESSAGES.pledgedOnFuture,
    });
    expect((await field({ ...ok, pledged_on: '2026-02-30' })).loc).toEqual(['body', 'pledged_on']);
    expect((await field({ ...ok, amount_borrowed: 0 })).loc).toEqual(['body', 'amount_borrowed']);
    expect((await field({ ...ok, amount_borrowed: 10.001 })).loc).toEqual(['body', 'amount_borrowed']);
    expect((await field({ ...ok, amount_borrowed: 1e15 })).loc).toEqual(['body', 'amount_borrowed']);
    expect((await field({ ...ok, bank_reference: '   ' })).loc).toEqual(['body', 'bank_reference']);
    expect((await field({ ...ok, bank_reference: 'x'.repeat(101) })).loc).toEqual(['body', 'bank_reference']);
    expect((await field({ ...ok, received_by: 'online' })).loc).toEqual(['body', 'received_by']);
    expect((await field({ ...ok, bank_reference: 'a\u0000b' })).loc).toEqual(['body', 'bank_reference']);

    expect((await moveToBank(t, h, p.pledge_id, { ...ok, pledged_on: '2026-02-10' })).statusCode).toBe(201);
    const back = async (payload: object) => {
      const res = await returnFromBank(t, h, p.pledge_id, payload);
      expect(res.statusCode, res.body).toBe(422);
      return res.json().detail[0];
    };
    expect(await back({ returned_on: '2026-02-09' })).toMatchObject({
      loc: ['body', 'returned_on'],
      msg: BANK_REPLEDGE_MESSAGES.returnedOnBeforePledged('2026-02-10'),
    });
    expect(await back({ returned_on: '2999-02-09' })).toMatchObject({
      loc: ['body', 'returned_on'],
      msg: BANK_REPLEDGE_MESSAGES.returnedOnFuture,
    });
    expect((await back({ bank_interest: -1 })).loc).toEqual(['body', 'bank_interest']);
    expect((await back({ paid_by: 'cheque' })).loc).toEqual(['body', 'paid_by']);
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(true);
    expect((await returnFromBank(t, h, p.pledge_id, { returned_on: '2026-02-10' })).statusCode).toBe(201);
    expect((await moveToBank(t, h, 2147483648, ok)).statusCode).toBe(422);
  });

  it('does a retried move once with the same Idempotency-Key', async () => {
    const { p, bank, h } = await atBankSetup();
    const headers = { ...h, 'idempotency-key': `move-${p.pledge_id}` };
    const body = { bank_id: bank.id, amount_borrowed: 5000, bank_reference: 'K1' };
    const first = await moveToBank(t, headers, p.pledge_id, body);
    const second = await moveToBank(t, headers, p.pledge_id, body);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    await expectBorrowingsMatch(t, p.companyId, 5000);
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(201);
  });
});

describe('GET /api/bank-repledges: the register of what is at which bank', () => {
  it('lists the open ones with totals per bank, filters by bank and status, pages, and writes a CSV', async () => {
    const company = await freshCompany(t);
    const actor = await adminFor(t, company.id);
    const h = actor.headers();
    const canara = await bankFor(t, actor, { bank_name: 'Canara Bank' });
    const indian = await bankFor(t, actor, { bank_name: 'Indian Bank' });
    const made = [];
    for (const loan of [100000, 80000, 60000]) {
      made.push(await bigPledge(t, PLEDGE_DATE, { companyId: company.id, actor, loan }));
    }
    const [a, b, c] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const move = (pledgeId: number, bankId: number, amount: number, on: string) =>
      moveToBank(t, h, pledgeId, {
        bank_id: bankId,
        amount_borrowed: amount,
        bank_reference: `R${pledgeId}`,
        pledged_on: on,
      });
    expect((await move(a.pledge_id, canara.id, 50000, '2026-02-01')).statusCode).toBe(201);
    expect((await move(b.pledge_id, canara.id, 40000.25, '2026-01-20')).statusCode).toBe(201);
    expect((await move(c.pledge_id, indian.id, 30000, '2026-03-01')).statusCode).toBe(201);
    expect(
      (await returnFromBank(t, h, c.pledge_id, { returned_on: '2026-03-11', bank_interest: 120 })).statusCode,
    ).toBe(201);
    await expectBorrowingsMatch(t, company.id, 90000.25);

    const get = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/bank-repledges${query}`, headers: h });
      expect(res.statusCode, res.body).toBe(200);
      return { body: bankRepledgeRegisterSchema.parse(res.json()), total: res.headers['x-total-count'] };
    };
    const open = await get('');
    expect(open.body.status).toBe('open');
    expect(open.total).toBe('2');
    // The longest at a bank first.
    expect(open.body.rows.map((r) => r.pledge_no)).toEqual([b.pledge_no, a.pledge_no]);
    expect(open.body.rows[0]).toMatchObject({
      bank_name: 'Canara Bank',
      customer_name: 'Lakshmi Narayanan',
      net_weight: 25,
    });
    expect(open.body.by_bank).toEqual([
      {
        bank_id: canara.id,
        bank_name: 'Canara Bank',
        count: 2,
        item_count: 2,
        gross_weight: 52,
        net_weight: 50,
        amount_borrowed: 90000.25,
        open_count: 2,
        open_borrowed: 90000.25,
      },
    ]);
    expect(open.body.totals).toMatchObject({ bank_id: null, count: 2, amount_borrowed: 90000.25 });

    const all = await get('?status=all');
    expect(all.body.rows.map((r) => r.pledge_no)).toEqual([c.pledge_no, a.pledge_no, b.pledge_no]);
    expect(all.body.by_bank.map((x) => [x.bank_name, x.count, x.amount_borrowed, x.open_borrowed])).toEqual([
      ['Canara Bank', 2, 90000.25, 90000.25],
      ['Indian Bank', 1, 30000, 0],
    ]);
    expect(all.body.totals).toMatchObject({
      count: 3,
      amount_borrowed: 120000.25,
      open_count: 2,
      open_borrowed: 90000.25,
    });

    const returned = await get(`?status=returned&bank_id=${indian.id}`);
    expect(returned.body.rows).toHaveLength(1);
    expect(returned.body.rows[0]).toMatchObject({
      pledge_no: c.pledge_no,
      days_at_bank: 10,
      bank_interest: 120,
    });
    expect((await get(`?bank_id=${indian.id}`)).body.rows).toEqual([]);
    expect((await get('?bank_id=')).body.rows).toHaveLength(2);
    const paged = await get('?status=all&skip=1&limit=1');
    expect(paged.body.rows.map((r) => r.pledge_no)).toEqual([a.pledge_no]);
    expect(paged.body.totals.count).toBe(3);

    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/bank-repledges?status=all&format=csv',
      headers: h,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain('"Pledge No.\nஅடகு எண்","Pledge Date\nஅடகு தேதி"');
    expect(lines).toHaveLength(1 + 3 + 2 + 1);
    expect(lines.at(-1)).toContain('120000.25');
    expect(csv.body).toContain('Total Canara Bank');

    for (const bad of [
      '?status=closed',
      '?limit=0',
      '?limit=501',
      '?skip=-1',
      '?bank_id=abc',
      '?format=xml',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/bank-repledges${bad}`, headers: h });
      expect(res.statusCode, bad).toBe(422);
    }
  });

  it("shows only the company's own re-pledges", async () => {
    const { p, bank, h } = await atBankSetup();
    expect(
      (await moveToBank(t, h, p.pledge_id, { bank_id: bank.id, amount_borrowed: 100, bank_reference: 'O' }))
        .statusCode,
    ).toBe(201);
    const other = await freshCompany(t);
    const admin = await adminFor(t, other.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/bank-repledges?status=all',
      headers: admin.headers(),
    });
    expect(res.json().rows).toEqual([]);
    expect(res.json().totals.count).toBe(0);
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(201);
  });
});

describe('the pledge flag belongs to Move to Bank and Return from Bank', () => {
  const editBody = (p: Awaited<ReturnType<typeof bigPledge>>, changes: object) => ({
    customer_id: p.customer_id,
    scheme_id: p.scheme_id,
    pledge_date: p.pledge_date,
    total_loan_amount: p.total_loan_amount,
    document_charges: p.document_charges,
    cash_limit_confirmed: true,
    items: p.items.map((i) => ({ ...i, action: 'keep' })),
    ...changes,
  });
  const edit = (p: Awaited<ReturnType<typeof bigPledge>>, changes: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/pledges/${p.pledge_id}/with-items`,
      headers: p.actor.headers(),
      payload: editBody(p, changes),
    });

  it('refuses a new pledge sent at a bank (422 under is_move_to_bank)', async () => {
    const company = await freshCompany(t);
    await expect(
      pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE, is_move_to_bank: true } }),
    ).rejects.toMatchObject({
      statusCode: 422,
      fields: [
        { loc: ['body', 'is_move_to_bank'], msg: BANK_REPLEDGE_MESSAGES.createAtBank, type: 'value_error' },
      ],
    });
  });

  it('refuses an edit that changes it (409), keeps it when left out or sent unchanged', async () => {
    const { p, bank, h } = await atBankSetup();
    const on = await edit(p, { is_move_to_bank: true });
    expect(on.statusCode).toBe(409);
    expect(on.json()).toMatchObject({ detail: BANK_REPLEDGE_MESSAGES.editFlag, code: 'USE_BANK_STEPS' });
    expect(
      (await moveToBank(t, h, p.pledge_id, { bank_id: bank.id, amount_borrowed: 100, bank_reference: 'E' }))
        .statusCode,
    ).toBe(201);
    const off = await edit(p, { is_move_to_bank: false });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('USE_BANK_STEPS');
    const kept = await edit(p, { remarks: 'At Indian Bank' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().is_move_to_bank).toBe(true);
    const same = await edit(p, { is_move_to_bank: true, remarks: 'Still there' });
    expect(same.statusCode, same.body).toBe(200);
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(true);
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(201);
    expect(await flagOf(t, p.companyId, p.pledge_id)).toBe(false);
  });

  it('lets an edit clear a flag set before re-pledges were recorded (nothing at a bank behind it)', async () => {
    const p = await bigPledge(t, PLEDGE_DATE);
    await t.database.db.execute(
      sql`update pledges set is_move_to_bank = true where company_id = ${p.companyId} and id = ${p.pledge_id}`,
    );
    const bank = await bankFor(t, p.actor);
    const h = p.actor.headers();
    // Flagged, it counts as at a bank: no second move; nothing to return either.
    expect(
      (await moveToBank(t, h, p.pledge_id, { bank_id: bank.id, amount_borrowed: 100, bank_reference: 'L' }))
        .statusCode,
    ).toBe(409);
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(409);
    const cleared = await edit(p, { is_move_to_bank: false });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().is_move_to_bank).toBe(false);
    expect(
      (await moveToBank(t, h, p.pledge_id, { bank_id: bank.id, amount_borrowed: 100, bank_reference: 'L' }))
        .statusCode,
    ).toBe(201);
    expect((await returnFromBank(t, h, p.pledge_id, {})).statusCode).toBe(201);
  });
});
