import type { PledgeView } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, freshCompany, type PledgeMade, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bankFor, moveToBank } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { PLEDGE_SERVER_MESSAGES } from './pledge-messages.ts';

// What an edit may no longer change. A pledge's figures are in the pledge
// book of its date, so a closed day keeps them; a pledge on its way out (an auction lot, a notice
// that stated the amount due, a bank that lent on its articles) keeps them too.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PLEDGE_DATE = '2026-04-10';

/** The edit body that changes nothing: every item kept. */
function unchanged(p: PledgeView) {
  return {
    customer_id: p.customer_id,
    scheme_id: p.scheme_id,
    pledge_date: p.pledge_date,
    total_loan_amount: p.total_loan_amount,
    cash_limit_confirmed: true,
    document_charges: p.document_charges,
    status: p.status,
    is_move_to_bank: p.is_move_to_bank,
    remarks: p.remarks,
    items: p.items.map((i) => ({
      pledge_item_id: i.pledge_item_id,
      action: 'keep' as const,
      jewell_design_id: i.jewell_design_id,
      gross_weight: i.gross_weight,
      net_weight: i.net_weight,
      jewell_condition: i.jewell_condition,
      remarks: i.remarks,
    })),
    delete_item_ids: [] as number[],
  };
}

function put(actor: Actor, id: number, payload: object) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/pledges/${id}/with-items`,
    headers: actor.headers(),
    payload,
  });
}

function post(actor: Actor, url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: actor.headers(), payload });
}

/** The loan cut from 40,000 to 1,000: the edit the counter day found going through. */
const smallerLoan = (p: PledgeView) => ({ ...unchanged(p), total_loan_amount: 1000 });

async function loanOf(actor: Actor, id: number): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/pledges/${id}`, headers: actor.headers() });
  return res.json().total_loan_amount;
}

describe('PUT /api/pledges/{id}/with-items and a closed day', () => {
  it('refuses a loan change of a pledge dated on a closed day, and a pledge moved into one (409 DAY_CLOSED)', async () => {
    const company = await freshCompany(t);
    const onClosed = await pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE } });
    const admin = onClosed.actor;
    // A pledge of a later, open day, whose rate is in force on the closed day too.
    const later = await pledgeFor(t, company.id, {
      actor: admin,
      rateDate: '2026-04-01',
      body: { pledge_date: '2026-04-12' },
    });
    const closed = await post(admin, `/api/days/${PLEDGE_DATE}/close`, {});
    expect(closed.statusCode, closed.body).toBe(200);

    const edited = await put(admin, onClosed.pledge_id, smallerLoan(onClosed));
    expect(edited.statusCode, edited.body).toBe(409);
    expect(edited.json()).toMatchObject({
      code: 'DAY_CLOSED',
      detail: PLEDGE_SERVER_MESSAGES.dayClosed(PLEDGE_DATE),
    });
    expect(await loanOf(admin, onClosed.pledge_id)).toBe(40000);
    // Its notes still change: they are not in the pledge book.
    const noted = await put(admin, onClosed.pledge_id, {
      ...unchanged(onClosed),
      remarks: 'Packet resealed',
    });
    expect(noted.statusCode, noted.body).toBe(200);

    const moved = await put(admin, later.pledge_id, { ...unchanged(later), pledge_date: PLEDGE_DATE });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe('DAY_CLOSED');
    expect(moved.json().detail).toMatch(/^The day 10\/04\/2026 is closed\. An admin must reopen it/);

    // Reopened, both go through.
    const reopened = await post(admin, `/api/days/${PLEDGE_DATE}/reopen`, {
      reason: 'A pledge was mistyped',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect((await put(admin, onClosed.pledge_id, smallerLoan(onClosed))).statusCode).toBe(200);
    expect(await loanOf(admin, onClosed.pledge_id)).toBe(1000);
    const movedNow = await put(admin, later.pledge_id, { ...unchanged(later), pledge_date: PLEDGE_DATE });
    expect(movedNow.statusCode, movedNow.body).toBe(200);
  });
});

describe('PUT /api/pledges/{id}/with-items on a pledge on its way out', () => {
  async function made(): Promise<PledgeMade & { companyId: number }> {
    const company = await freshCompany(t);
    const p = await pledgeFor(t, company.id, { body: { pledge_date: PLEDGE_DATE } });
    return { ...p, companyId: company.id };
  }

  it('refuses a loan change while the pledge is in a live auction lot (409 PLEDGE_IN_AUCTION)', async () => {
    const p = await made();
    await servedNoticeFor(t, p.companyId, p.pledge_id, { noticeDate: '2026-05-01', saleAfter: '2026-05-20' });
    const lot = await post(p.actor, '/api/auctions', {
      auction_date: '2026-05-25',
      venue: 'Shop premises, 12 West Masi Street',
      auctioneer: 'K. Raman',
      pledge_ids: [p.pledge_id],
    });
    expect(lot.statusCode, lot.body).toBe(201);
    const res = await put(p.actor, p.pledge_id, smallerLoan(p));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'PLEDGE_IN_AUCTION',
      detail: PLEDGE_SERVER_MESSAGES.inAuction(lot.json().lot_no),
    });
    expect(await loanOf(p.actor, p.pledge_id)).toBe(40000);
    const noted = await put(p.actor, p.pledge_id, { ...unchanged(p), remarks: 'In the auction' });
    expect(noted.statusCode, noted.body).toBe(200);
  });

  it('refuses a loan change once a notice stating the amount due was sent (409 PLEDGE_NOTICE_SERVED), not before', async () => {
    const p = await made();
    await servedNoticeFor(t, p.companyId, p.pledge_id, {
      noticeDate: '2026-05-01',
      sentOn: null,
      saleAfter: '2026-05-20',
    });
    // Printed, not sent: nothing has reached the pawner yet.
    expect((await put(p.actor, p.pledge_id, { ...unchanged(p), total_loan_amount: 39000 })).statusCode).toBe(
      200,
    );
    const sent = await pledgeFor(t, p.companyId, { actor: p.actor, body: { pledge_date: PLEDGE_DATE } });
    await servedNoticeFor(t, p.companyId, sent.pledge_id, {
      noticeDate: '2026-05-01',
      saleAfter: '2026-05-20',
    });
    const res = await put(p.actor, sent.pledge_id, smallerLoan(sent));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PLEDGE_NOTICE_SERVED');
    expect(res.json().detail).toMatch(/^Notice .+, stating the amount due, has been sent for this pledge/);
    expect(await loanOf(p.actor, sent.pledge_id)).toBe(40000);
  });

  it('refuses a loan change while its articles are at a bank with money borrowed on them (409 PLEDGE_AT_BANK)', async () => {
    const p = await made();
    const bank = await bankFor(t, p.actor);
    const moved = await moveToBank(t, p.actor.headers(), p.pledge_id, {
      bank_id: bank.id,
      pledged_on: '2026-04-15',
      amount_borrowed: 20000,
      bank_reference: 'IB/GL/0042',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const atBank = { ...smallerLoan(p), is_move_to_bank: true };
    const res = await put(p.actor, p.pledge_id, atBank);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'PLEDGE_AT_BANK', detail: PLEDGE_SERVER_MESSAGES.atBank });
    expect(await loanOf(p.actor, p.pledge_id)).toBe(40000);
  });
});
