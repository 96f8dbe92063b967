import {
  addDays,
  auditListSchema,
  businessToday,
  dueDate,
  formatIndianDate,
  formatRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Actor,
  adminFor,
  designFor,
  freshCompany,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// Notices before sale and reminders: the overdue candidates with the grace period,
// the batch with its numbers, amounts and sale-after date, the refusals, how a notice was served, the
// prints, and the reminder list with its WhatsApp and call links.
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

function get(headers: Headers, url: string) {
  return t.app.inject({ method: 'GET', url, headers });
}
function post(headers: Headers, url: string, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers, payload });
}
function patch(headers: Headers, url: string, payload: object) {
  return t.app.inject({ method: 'PATCH', url, headers, payload });
}

/** The 422's field messages as [loc joined by '.', msg]. */
/** The audit events of one record, newest first, read as an admin. */
async function trail(h: Headers, entity: string, id: number) {
  const res = await get(h, `/api/audit?entity=${entity}&entity_id=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

interface Shop {
  companyId: number;
  actor: Actor;
  schemeId: number;
  jewelTypeId: number;
  designId: number;
  h: Headers;
}

/** A company with a one-month scheme at 1.5 % a month, and its settings (grace, notice wait). */
async function shop(settings: { grace?: number; wait?: number } = {}): Promise<Shop> {
  const company = await freshCompany(t);
  await t.database.db.execute(
    sql`update companies set overdue_grace_days = ${settings.grace ?? 0}, notice_wait_days = ${settings.wait ?? 30}
         where id = ${company.id}`,
  );
  const actor = await adminFor(t, company.id);
  const jewelTypeId = (await jewelTypeFor(t, actor)).id;
  const schemeId = (await schemeFor(t, actor, jewelTypeId, { duration_in_months: 1 })).id;
  const designId = (await designFor(t, actor)).id;
  return { companyId: company.id, actor, schemeId, jewelTypeId, designId, h: actor.headers() };
}

/** A pledge of Rs. 1,00,000 (first month Rs. 1,500), 25 g net unless told, due a month after its date. */
function loan(
  s: Shop,
  pledgeDate: string,
  loanAmount = 100000,
  weights: { gross_weight: number; net_weight: number }[] = [{ gross_weight: 26, net_weight: 25 }],
) {
  return pledgeFor(t, s.companyId, {
    actor: s.actor,
    schemeId: s.schemeId,
    jewelTypeId: s.jewelTypeId,
    designId: s.designId,
    body: {
      pledge_date: pledgeDate,
      total_loan_amount: loanAmount,
      items: weights.map((w) => ({ jewell_design_id: s.designId, ...w })),
    },
  });
}

/** POST /notices; `renew` asks for fresh notices where one is still open. */
async function batch(h: Headers, pledgeIds: number[], noticeDate?: string, renew?: boolean) {
  return post(h, '/api/notices', {
    pledge_ids: pledgeIds,
    ...(noticeDate === undefined ? {} : { notice_date: noticeDate }),
    ...(renew === undefined ? {} : { renew }),
  });
}

describe('candidates: the open pledges overdue on a date, grace honoured', () => {
  it('lists exactly the pledges past their due date plus the grace period', async () => {
    const s = await shop({ grace: 3 });
    const onBoundary = await loan(s, '2026-06-01'); // due 2026-07-01: overdue from 2026-07-05
    const dayLater = await loan(s, '2026-06-02'); // due 2026-07-02: overdue from 2026-07-06
    const older = await loan(s, '2026-05-15'); // due 2026-06-15
    const closed = await loan(s, '2026-05-16');
    await paymentFor(t, s.companyId, closed, { payment_type: 'full_payment', payment_date: '2026-06-20' });
    const other = await shop();
    await loan(other, '2026-05-01');
    expect(onBoundary.due_date).toBe('2026-07-01');

    const on = (asOf: string) => get(s.h, `/api/notices/candidates?as_of=${asOf}`);
    const r1 = await on('2026-07-04');
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().rows.map((r: { pledge_id: number }) => r.pledge_id)).toEqual([older.pledge_id]);

    const r2 = (await on('2026-07-05')).json();
    expect(r2).toMatchObject({ as_of: '2026-07-05', grace_days: 3, total_count: 2 });
    expect(r2.rows.map((r: { pledge_id: number }) => r.pledge_id)).toEqual([
      older.pledge_id,
      onBoundary.pledge_id,
    ]);
    expect(r2.rows[1]).toMatchObject({
      pledge_no: onBoundary.pledge_no,
      due_date: '2026-07-01',
      days_overdue: 4,
      customer_name: 'Lakshmi Narayanan',
      address: '7A, Usman Road, T. Nagar, Chennai - 600017',
      remaining_principal: 100000,
      at_bank: false,
      latest_notice: null,
    });
    const r3 = (await on('2026-07-06')).json();
    expect(r3.rows.map((r: { pledge_id: number }) => r.pledge_id)).toContain(dayLater.pledge_id);
    expect(r3.total_count).toBe(3);

    // Paging, and the latest notice shows once one is made.
    const page = (await get(s.h, '/api/notices/candidates?as_of=2026-07-06&skip=1&limit=1')).json();
    expect(page.rows.map((r: { pledge_id: number }) => r.pledge_id)).toEqual([onBoundary.pledge_id]);
    const made = await batch(s.h, [older.pledge_id], '2026-07-06');
    expect(made.statusCode, made.body).toBe(201);
    const after = (await on('2026-07-06')).json();
    expect(after.rows[0].latest_notice).toMatchObject({
      notice_no: 'N/2026-27/0001',
      notice_date: '2026-07-06',
      status: 'unsent',
    });
  });

  it('refuses an as_of after today and a bad date', async () => {
    const s = await shop();
    const future = await get(s.h, `/api/notices/candidates?as_of=${addDays(today(), 1)}`);
    expect(future.statusCode).toBe(422);
    expect(fields(future.body)).toEqual([['query.as_of', 'The date cannot be after today']]);
    expect((await get(s.h, '/api/notices/candidates?as_of=2026-02-30')).statusCode).toBe(422);
  });
});

describe('POST /notices: a batch', () => {
  it('numbers the notices without gaps per financial year; a refused batch takes no number', async () => {
    const s = await shop();
    const a = await loan(s, '2026-01-05');
    const b = await loan(s, '2026-01-06');
    const c = await loan(s, '2026-01-07');
    const young = await loan(s, '2026-03-01'); // due 2026-04-01
    const first = await batch(s.h, [b.pledge_id, a.pledge_id], '2026-03-10');
    expect(first.statusCode, first.body).toBe(201);
    const saved = first.json();
    expect(
      saved.notices.map((n: { notice_no: string; pledge_id: number }) => [n.notice_no, n.pledge_id]),
    ).toEqual([
      ['N/2025-26/0001', b.pledge_id],
      ['N/2025-26/0002', a.pledge_id],
    ]);
    // A refused batch (one pledge not overdue) rolls back and gives nothing away.
    const refused = await batch(s.h, [c.pledge_id, young.pledge_id], '2026-03-10');
    expect(refused.statusCode).toBe(409);
    const next = await batch(s.h, [c.pledge_id], '2026-03-11');
    expect(next.json().notices[0].notice_no).toBe('N/2025-26/0003');
    // A new financial year starts again at 0001.
    const april = await batch(s.h, [young.pledge_id, a.pledge_id], '2026-04-02', true);
    expect(april.json().notices.map((n: { notice_no: string }) => n.notice_no)).toEqual([
      'N/2026-27/0001',
      'N/2026-27/0002',
    ]);
    // Each company counts on its own.
    const other = await shop();
    const o = await loan(other, '2026-01-05');
    expect((await batch(other.h, [o.pledge_id], '2026-03-10')).json().notices[0].notice_no).toBe(
      'N/2025-26/0001',
    );
    // The batch lists in number order.
    const list = (await get(s.h, `/api/notices?batch_id=${saved.batch_id}`)).json();
    expect(list.total_count).toBe(2);
    expect(list.rows.map((n: { notice_no: string }) => n.notice_no)).toEqual([
      'N/2025-26/0001',
      'N/2025-26/0002',
    ]);
  });

  it('takes the principal and interest due as of the notice date (worked examples)', async () => {
    const s = await shop({ wait: 45 });
    const p = await loan(s, '2026-01-01'); // due 2026-02-01
    // Day 32: one and a half months of interest (Rs. 2,250) less the first month's Rs. 1,500 taken.
    const r1 = await batch(s.h, [p.pledge_id], '2026-02-02');
    expect(r1.statusCode, r1.body).toBe(201);
    expect(r1.json().notices[0]).toMatchObject({
      notice_date: '2026-02-02',
      principal_due: 100000,
      interest_due: 750,
      amount_due: 100750,
      sale_after: '2026-03-19',
      status: 'unsent',
      prints: 0,
      item_count: 1,
      net_weight: 25,
      articles: [expect.objectContaining({ gross_weight: 26, net_weight: 25 })],
    });
    // A payment of the interest and Rs. 40,000 of principal on 2026-02-10, then a notice on 2026-03-05.
    await paymentFor(t, s.companyId, p, { payment_type: 'interest', payment_date: '2026-02-10' });
    await paymentFor(t, s.companyId, p, {
      payment_type: 'partial_principal',
      payment_date: '2026-02-10',
      amount: 40000,
    });
    const asOf = '2026-03-05';
    const balance = (await get(s.h, `/api/pledges/${p.pledge_id}/balance?as_of=${asOf}`)).json();
    const r2 = (await batch(s.h, [p.pledge_id], asOf, true)).json().notices[0];
    expect(r2).toMatchObject({
      principal_due: 60000,
      interest_due: balance.remaining_interest,
      amount_due: balance.total_outstanding,
      sale_after: addDays(asOf, 45),
    });
    expect(r2.interest_due).toBeGreaterThan(0);
    // A notice dated before those payments does not count them.
    const r3 = (await batch(s.h, [p.pledge_id], '2026-02-05', true)).json().notices[0];
    expect(r3).toMatchObject({ principal_due: 100000, interest_due: 750, amount_due: 100750 });
  });

  it("refuses the whole batch naming each bad pledge: not overdue, closed, another company's", async () => {
    const s = await shop({ grace: 5 });
    const good = await loan(s, '2026-01-01');
    const notYet = await loan(s, '2026-02-01'); // due 2026-03-01, overdue from 2026-03-07 with grace 5
    const closed = await loan(s, '2026-01-02');
    await paymentFor(t, s.companyId, closed, { payment_type: 'full_payment', payment_date: '2026-01-20' });
    const other = await shop();
    const theirs = await loan(other, '2026-01-01');
    const res = await batch(
      s.h,
      [good.pledge_id, notYet.pledge_id, closed.pledge_id, theirs.pledge_id],
      '2026-03-05',
    );
    expect(res.statusCode).toBe(422);
    expect(fields(res.body)).toEqual([
      [
        'body.pledge_ids.1',
        `Pledge ${notYet.pledge_no} is not overdue on the notice date (overdue from 2026-03-07).`,
      ],
      ['body.pledge_ids.2', `Pledge ${closed.pledge_no} is closed; a notice is only for an open pledge.`],
      ['body.pledge_ids.3', `Pledge #${theirs.pledge_id} was not found.`],
    ]);
    expect((await get(s.h, `/api/notices?pledge_id=${good.pledge_id}`)).json().total_count).toBe(0);
  });

  it('refuses a future date, a repeated pledge, an empty or too long list', async () => {
    const s = await shop();
    const p = await loan(s, '2026-01-01');
    const future = await batch(s.h, [p.pledge_id], addDays(today(), 1));
    expect(fields(future.body)).toEqual([['body.notice_date', 'The date cannot be after today']]);
    const twice = await batch(s.h, [p.pledge_id, p.pledge_id]);
    expect(fields(twice.body)).toEqual([['body.pledge_ids.1', 'This pledge is chosen twice']]);
    expect((await batch(s.h, [])).statusCode).toBe(422);
    expect(
      (
        await batch(
          s.h,
          Array.from({ length: 201 }, (_, i) => i + 1),
        )
      ).statusCode,
    ).toBe(422);
    // Today by default.
    const ok = await batch(s.h, [p.pledge_id]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().notice_date).toBe(today());
  });
});

describe('weights to the milligram, one open notice a pledge, lists that always load', () => {
  it('makes, lists, prints and records the sending of notices for a pledge weighed to the milligram', async () => {
    const s = await shop({ wait: 30 });
    const p = await loan(s, '2026-01-05', 100000, [
      { gross_weight: 43.081, net_weight: 41.337 },
      { gross_weight: 5.009, net_weight: 4.5 },
    ]);
    const made = await batch(s.h, [p.pledge_id], '2026-03-02');
    expect(made.statusCode, made.body).toBe(201);
    const notice = made.json().notices[0];
    expect(notice).toMatchObject({
      gross_weight: 48.09,
      net_weight: 45.837,
      item_count: 2,
      articles: [
        expect.objectContaining({ gross_weight: 43.081, net_weight: 41.337 }),
        expect.objectContaining({ gross_weight: 5.009, net_weight: 4.5 }),
      ],
    });
    const list = await get(s.h, '/api/notices');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((n: { id: number }) => n.id)).toEqual([notice.id]);
    const printed = await get(s.h, `/api/notices?batch_id=${notice.batch_id}`);
    expect(printed.statusCode, printed.body).toBe(200);
    expect(printed.json().rows[0].articles[0].gross_weight).toBe(43.081);
    const sent = await patch(s.h, `/api/notices/${notice.id}`, {
      sent_on: '2026-03-02',
      tracking_no: 'RK1IN',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sent', net_weight: 45.837 });
    // With the notice sent and its date of sale passed, the pledge goes into an auction lot.
    const lot = await post(s.h, '/api/auctions', { auction_date: '2026-04-10', pledge_ids: [p.pledge_id] });
    expect(lot.statusCode, lot.body).toBe(201);
  });

  it('refuses a second open notice for a pledge (409, no number taken); a fresh one asked for supersedes it', async () => {
    const s = await shop({ wait: 30 });
    const p = await loan(s, '2026-01-05');
    const q = await loan(s, '2026-01-06');
    const first = (await batch(s.h, [p.pledge_id], '2026-03-02')).json().notices[0];
    await patch(s.h, `/api/notices/${first.id}`, { sent_on: '2026-03-02' });

    // A retry of the same notice (the clerk was told the answer was lost) is refused, not made twice.
    const again = await batch(s.h, [q.pledge_id, p.pledge_id], '2026-03-03');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().code).toBe('NOTICE_OPEN');
    expect(fields(again.body)).toEqual([
      [
        'body.pledge_ids.1',
        `Pledge ${p.pledge_no} already has notice ${first.notice_no} of 02/03/2026; to replace it, send a new notice.`,
      ],
    ]);
    expect((await get(s.h, `/api/notices?pledge_id=${p.pledge_id}`)).json().total_count).toBe(1);
    expect((await get(s.h, `/api/notices?pledge_id=${q.pledge_id}`)).json().total_count).toBe(0);

    // 'Send a new notice': the new one is numbered next, the old one is superseded by it.
    const fresh = await batch(s.h, [q.pledge_id, p.pledge_id], '2026-03-03', true);
    expect(fresh.statusCode, fresh.body).toBe(201);
    const [forQ, forP] = fresh.json().notices;
    expect([forQ.notice_no, forP.notice_no]).toEqual(['N/2025-26/0002', 'N/2025-26/0003']);
    expect(forP).toMatchObject({ superseded_at: null, superseded_by_no: null, sale_after: '2026-04-02' });
    const old = (await get(s.h, `/api/notices/${first.id}`)).json();
    expect(old.superseded_by_no).toBe(forP.notice_no);
    expect(old.superseded_at).toEqual(expect.any(String));
    const candidates = (await get(s.h, '/api/notices/candidates?as_of=2026-03-03')).json();
    expect(
      candidates.rows.find((r: { pledge_id: number }) => r.pledge_id === p.pledge_id).latest_notice.notice_no,
    ).toBe(forP.notice_no);
    // The superseded notice, though sent, no longer allows a sale: the fresh one is not sent yet.
    const lot = await post(s.h, '/api/auctions', { auction_date: '2026-04-10', pledge_ids: [p.pledge_id] });
    expect(lot.statusCode, lot.body).toBe(409);
    expect(fields(lot.body)).toEqual([
      ['body.pledge_ids.0', `Pledge ${p.pledge_no} has no notice before sale that was sent to the pawner.`],
    ]);
    // The audit trail keeps the superseding with the batch that did it.
    const events = await trail(s.h, 'notice_batch', forP.batch_id);
    expect(events[0]!.after).toMatchObject({ superseded: [{ id: first.id, superseded_by: forP.id }] });
    // The database refuses a second open notice for the pledge even past the service.
    await expect(
      t.database.db.execute(sql`update pledge_notices set superseded_at = null where id = ${first.id}`),
    ).rejects.toThrow();
  });

  it('refuses a batch of pledges in the wrong state with 409, each under its pledge', async () => {
    const s = await shop({ grace: 5 });
    const notYet = await loan(s, '2026-02-01'); // overdue from 2026-03-07
    const closed = await loan(s, '2026-01-02');
    await paymentFor(t, s.companyId, closed, { payment_type: 'full_payment', payment_date: '2026-01-20' });
    const res = await batch(s.h, [notYet.pledge_id, closed.pledge_id], '2026-03-05');
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('PLEDGE_STATE');
    expect(fields(res.body)).toEqual([
      [
        'body.pledge_ids.0',
        `Pledge ${notYet.pledge_no} is not overdue on the notice date (overdue from 2026-03-07).`,
      ],
      ['body.pledge_ids.1', `Pledge ${closed.pledge_no} is closed; a notice is only for an open pledge.`],
    ]);
  });

  it('lists notices and candidates whatever odd rows the tables hold', async () => {
    const s = await shop();
    const p = await loan(s, '2026-01-05');
    const made = (await batch(s.h, [p.pledge_id], '2026-03-02')).json().notices[0];
    // Rows as old data or another writer may leave them: weights to the milligram, a customer with no
    // address, a pledge whose articles are gone from the notice's join.
    await t.database.db.execute(sql`update pledges set gross_weight = 12345.678, net_weight = 0.001
                                      where id = ${p.pledge_id}`);
    await t.database.db.execute(sql`update pledge_items set gross_weight = 0.333, net_weight = 0.001
                                      where pledge_id = ${p.pledge_id}`);
    await t.database.db.execute(sql`update customers set door_no = '', street = '', location = '', district = '',
                                      pincode = '', guardian_name = '' where id = ${p.customer_id}`);
    for (const url of [
      '/api/notices',
      `/api/notices?batch_id=${made.batch_id}`,
      `/api/notices/${made.id}`,
      '/api/notices/candidates?as_of=2026-03-02',
    ]) {
      const res = await get(s.h, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    const one = (await get(s.h, `/api/notices/${made.id}`)).json();
    expect(one).toMatchObject({ gross_weight: 12345.678, net_weight: 0.001, address: '', guardian_name: '' });
    expect(one.articles[0]).toMatchObject({ gross_weight: 0.333, net_weight: 0.001 });
  });
});

describe('how a notice was served', () => {
  async function oneNotice(wait = 30) {
    const s = await shop({ wait });
    const p = await loan(s, '2026-01-01');
    const made = await batch(s.h, [p.pledge_id], '2026-03-02');
    return { s, p, notice: made.json().notices[0] as { id: number; sale_after: string } };
  }

  it('records the date sent, tracking number and date delivered; the list filters by status', async () => {
    const { s, p, notice } = await oneNotice();
    const url = `/api/notices/${notice.id}`;
    expect(notice.sale_after).toBe('2026-04-01');
    const sent = await patch(s.h, url, { sent_on: '2026-03-02', tracking_no: ' RK123456789IN ' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      sent_on: '2026-03-02',
      tracking_no: 'RK123456789IN',
      status: 'sent',
    });
    expect((await get(s.h, `/api/notices?pledge_id=${p.pledge_id}&status=sent`)).json().total_count).toBe(1);
    expect((await get(s.h, `/api/notices?pledge_id=${p.pledge_id}&status=unsent`)).json().total_count).toBe(
      0,
    );
    const delivered = await patch(s.h, url, { delivered_on: '2026-03-06' });
    expect(delivered.json()).toMatchObject({ delivered_on: '2026-03-06', status: 'delivered' });
    expect(
      (await get(s.h, `/api/notices?pledge_id=${p.pledge_id}&status=delivered`)).json().total_count,
    ).toBe(1);
    expect((await get(s.h, url)).json()).toMatchObject({ id: notice.id, tracking_no: 'RK123456789IN' });
  });

  it("posting later than the notice date moves the sale-after date by the company's wait", async () => {
    const { s, notice } = await oneNotice(30);
    const res = await patch(s.h, `/api/notices/${notice.id}`, { sent_on: '2026-03-09' });
    expect(res.json().sale_after).toBe('2026-04-08');
    // Corrected back to the notice date: the sale-after date never moves earlier.
    const back = await patch(s.h, `/api/notices/${notice.id}`, { sent_on: '2026-03-02' });
    expect(back.json().sale_after).toBe('2026-04-08');
  });

  it('refuses sent before the notice date, delivered before sent or without it, future dates, a bad tracking number', async () => {
    const { s, notice } = await oneNotice();
    const url = `/api/notices/${notice.id}`;
    expect(fields((await patch(s.h, url, { sent_on: '2026-03-01' })).body)).toEqual([
      ['body.sent_on', 'The date sent cannot be before the notice date'],
    ]);
    expect(fields((await patch(s.h, url, { delivered_on: '2026-03-05' })).body)).toEqual([
      ['body.delivered_on', 'Enter the date sent before the date delivered'],
    ]);
    expect(
      fields((await patch(s.h, url, { sent_on: '2026-03-04', delivered_on: '2026-03-03' })).body),
    ).toEqual([['body.delivered_on', 'The date delivered cannot be before the date sent']]);
    const tomorrow = addDays(today(), 1);
    expect(fields((await patch(s.h, url, { sent_on: tomorrow })).body)).toEqual([
      ['body.sent_on', 'The date cannot be after today'],
    ]);
    expect((await patch(s.h, url, { tracking_no: 'RK<script>' })).statusCode).toBe(422);
    expect((await patch(s.h, url, { tracking_no: 'X'.repeat(41) })).statusCode).toBe(422);
    // Clearing the date sent while delivered is refused; both cleared is fine.
    await patch(s.h, url, { sent_on: '2026-03-04', delivered_on: '2026-03-05' });
    expect((await patch(s.h, url, { sent_on: null })).statusCode).toBe(422);
    const cleared = await patch(s.h, url, { sent_on: null, delivered_on: null, tracking_no: '' });
    expect(cleared.json()).toMatchObject({
      sent_on: null,
      delivered_on: null,
      tracking_no: null,
      status: 'unsent',
    });
  });

  it('records the batch, how a notice was served and its prints in the audit trail', async () => {
    const { s, notice } = await oneNotice();
    const full = (await get(s.h, `/api/notices/${notice.id}`)).json();
    const made = await trail(s.h, 'notice_batch', full.batch_id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ action: 'create', before: null, route: 'POST /api/notices' });
    expect(made[0]!.after).toMatchObject({
      id: full.batch_id,
      notice_date: '2026-03-02',
      notices: [
        {
          id: notice.id,
          notice_no: full.notice_no,
          pledge_id: full.pledge_id,
          principal_due: full.principal_due,
          interest_due: full.interest_due,
          amount_due: full.amount_due,
          sale_after: '2026-04-01',
        },
      ],
    });
    expect(full.amount_due).toBeGreaterThan(100000);

    const url = `/api/notices/${notice.id}`;
    expect((await patch(s.h, url, { sent_on: '2026-03-09', tracking_no: 'RK123456789IN' })).statusCode).toBe(
      200,
    );
    // A refused change leaves nothing.
    expect((await patch(s.h, url, { sent_on: '2026-03-01' })).statusCode).toBe(422);
    expect((await post(s.h, `${url}/prints`, { count: 2 })).statusCode).toBe(200);
    expect((await post(s.h, `/api/notice-batches/${full.batch_id}/prints`)).statusCode).toBe(200);

    const events = await trail(s.h, 'notice', notice.id);
    expect(events.map((e) => e.action)).toEqual(['print', 'update']);
    const [print, update] = events;
    expect(update!.before).toMatchObject({ sent_on: null, tracking_no: null, sale_after: '2026-04-01' });
    expect(update!.after).toMatchObject({
      sent_on: '2026-03-09',
      tracking_no: 'RK123456789IN',
      sale_after: '2026-04-08',
      amount_due: full.amount_due,
    });
    expect(print!.after).toEqual({ copies: 2, prints: 2, duplicate: false });
    const batchEvents = await trail(s.h, 'notice_batch', full.batch_id);
    expect(batchEvents.map((e) => e.action)).toEqual(['print', 'create']);
    expect(batchEvents[0]!.after).toEqual({
      notices: [{ notice_id: notice.id, prints: 3, duplicate: true }],
    });
  });

  it("another company's notice is not found", async () => {
    const { notice } = await oneNotice();
    const other = await shop();
    expect((await get(other.h, `/api/notices/${notice.id}`)).statusCode).toBe(404);
    expect((await patch(other.h, `/api/notices/${notice.id}`, { sent_on: '2026-03-02' })).statusCode).toBe(
      404,
    );
    expect((await post(other.h, `/api/notices/${notice.id}/prints`)).statusCode).toBe(404);
  });

  it('counts prints: the first is the original, every later copy a duplicate', async () => {
    const { s, notice } = await oneNotice();
    const first = await post(s.h, `/api/notices/${notice.id}/prints`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ notice_id: notice.id, prints: 1, duplicate: false });
    expect((await post(s.h, `/api/notices/${notice.id}/prints`, { count: 2 })).json()).toEqual({
      notice_id: notice.id,
      prints: 3,
      duplicate: true,
    });
    const batchId = (await get(s.h, `/api/notices/${notice.id}`)).json().batch_id;
    expect((await post(s.h, `/api/notice-batches/${batchId}/prints`)).json()).toEqual({
      notices: [{ notice_id: notice.id, prints: 4, duplicate: true }],
    });
    const other = await shop();
    expect((await post(other.h, `/api/notice-batches/${batchId}/prints`)).statusCode).toBe(404);
  });
});

describe('reminders', () => {
  it('lists the pledges due within the days or overdue, with the Tamil WhatsApp text and a call link', async () => {
    const s = await shop();
    const now = today();
    // Due in about ten days, overdue, and due in about a month (outside the 15 days).
    const soon = await loan(s, addDays(now, -20), 50000);
    const late = await loan(s, addDays(now, -50), 50000);
    const later = await loan(s, now, 50000);
    expect(soon.due_date).toBe(dueDate(addDays(now, -20), 1));
    const res = await get(s.h, '/api/reminders');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json();
    expect(list).toMatchObject({ as_of: now, days: 15, total_count: 2 });
    const ids = list.rows.map((r: { pledge_id: number }) => r.pledge_id);
    expect(ids).toEqual([late.pledge_id, soon.pledge_id]);
    expect(ids).not.toContain(later.pledge_id);
    const row = list.rows[1];
    const balance = (await get(s.h, `/api/pledges/${soon.pledge_id}/balance`)).json();
    expect(row).toMatchObject({
      pledge_no: soon.pledge_no,
      overdue: false,
      amount_due: balance.total_outstanding,
      reminded_today: false,
      last_reminded_on: null,
    });
    const company = (await t.database.db.execute(
      sql`select company_name from companies where id = ${s.companyId}`,
    )) as unknown;
    const companyName = (
      Array.isArray(company) ? company : (company as { rows: { company_name: string }[] }).rows
    )[0].company_name as string;
    const amount = formatRupees(rupeesToPaise(String(balance.total_outstanding)), '₹');
    const tamil = `வணக்கம் Lakshmi Narayanan, உங்கள் அடகு எண் ${soon.pledge_no} க்கு செலுத்த வேண்டிய தொகை ${amount}. கெடு தேதி: ${formatIndianDate(soon.due_date)}. தயவுசெய்து அதற்குள் செலுத்தவும். - ${companyName}`;
    expect(row.text_ta).toBe(tamil);
    expect(row.text_en).toContain(`your pledge ${soon.pledge_no} is ${amount}`);
    expect(row.whatsapp_link).toBe(`https://wa.me/91${row.mobile_number}?text=${encodeURIComponent(tamil)}`);
    expect(row.whatsapp_link).toMatch(/^https:\/\/wa\.me\/91[6-9]\d{9}\?text=%E0%AE%B5/);
    expect(row.call_link).toBe(`tel:+91${row.mobile_number}`);
    expect(list.rows[0]).toMatchObject({ overdue: true });
    expect(list.rows[0].text_ta).toContain('கடந்துவிட்டது');

    // A wider window takes the later one; a reminder logged today shows.
    expect((await get(s.h, '/api/reminders?days=40')).json().total_count).toBe(3);
    const logged = await post(s.h, '/api/reminders', {
      pledge_id: soon.pledge_id,
      channel: 'whatsapp',
      note: ' sent ',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    expect(logged.json()).toMatchObject({
      pledge_id: soon.pledge_id,
      channel: 'whatsapp',
      reminded_on: now,
      note: 'sent',
    });
    const again = (await get(s.h, '/api/reminders')).json();
    expect(again.rows.find((r: { pledge_id: number }) => r.pledge_id === soon.pledge_id)).toMatchObject({
      reminded_today: true,
      last_reminded_on: now,
    });
    expect(again.rows.find((r: { pledge_id: number }) => r.pledge_id === late.pledge_id).reminded_today).toBe(
      false,
    );
  });

  it('records a logged reminder in the audit trail', async () => {
    const s = await shop();
    const p = await loan(s, addDays(today(), -20), 50000);
    const logged = await post(s.h, '/api/reminders', {
      pledge_id: p.pledge_id,
      channel: 'call',
      note: 'No answer',
    });
    expect(logged.statusCode, logged.body).toBe(201);
    const events = await trail(s.h, 'reminder', logged.json().id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ action: 'create', user_id: s.actor.userId, before: null });
    expect(events[0]!.after).toMatchObject({
      id: logged.json().id,
      pledge_id: p.pledge_id,
      channel: 'call',
      reminded_on: today(),
      note: 'No answer',
    });
  });

  it("refuses a closed pledge (409), another company's (404), a bad channel and a future date (422)", async () => {
    const s = await shop();
    const p = await loan(s, '2026-01-01');
    await paymentFor(t, s.companyId, p, { payment_type: 'full_payment', payment_date: '2026-01-20' });
    expect((await post(s.h, '/api/reminders', { pledge_id: p.pledge_id, channel: 'call' })).statusCode).toBe(
      409,
    );
    const other = await shop();
    expect(
      (await post(other.h, '/api/reminders', { pledge_id: p.pledge_id, channel: 'call' })).statusCode,
    ).toBe(404);
    expect(
      (await post(s.h, '/api/reminders', { pledge_id: p.pledge_id, channel: 'letter' })).statusCode,
    ).toBe(422);
    expect((await get(s.h, `/api/reminders?as_of=${addDays(today(), 1)}`)).statusCode).toBe(422);
    expect((await get(s.h, '/api/reminders?days=91')).statusCode).toBe(422);
  });
});
