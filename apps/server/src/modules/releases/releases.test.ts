import {
  addDays,
  auditListSchema,
  businessToday,
  END_OF_PLEDGE_DEFAULTS,
  pendingReleaseListSchema,
  pledgeHistorySchema,
  RELEASE_MESSAGES,
  releaseViewSchema,
  rupeesToPaise,
  workingDaysBetween,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type Actor, adminFor, freshCompany, paymentFor, pledgeFor, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bankFor, moveToBank } from '../bank-repledges/bank-repledges-test-helpers.ts';
import { insertFile } from '../files/files.repository.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';

// The release of a closed pledge's articles, the list of those waiting, the releases made and the
// end-of-pledge settings (a pledge's history is tested in pledges/pledge-history.test.ts).

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
const post = (headers: Headers, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
const release = (headers: Headers, pledgeId: number, payload: object = { receiver_kind: 'pawner' }) =>
  post(headers, `/api/pledges/${pledgeId}/release`, payload);

/** The audit events of a pledge, newest first, read as an admin. */
async function pledgeTrail(headers: Headers, pledgeId: number) {
  const res = await get(headers, `/api/audit?entity=pledge&entity_id=${pledgeId}`);
  expect(res.statusCode, res.body).toBe(200);
  return auditListSchema.parse(res.json());
}

function fields(body: string): [string, string][] {
  const detail = JSON.parse(body).detail as { loc: (string | number)[]; msg: string }[];
  return detail.map((d) => [d.loc.join('.'), d.msg]);
}

/** A pledge made `daysAgo` days back and closed by full payment `closedDaysAgo` days back. */
async function closedPledge(companyId: number, actor: Actor, daysAgo = 30, closedDaysAgo = 10) {
  const p = await pledgeFor(t, companyId, { actor, body: { pledge_date: addDays(today(), -daysAgo) } });
  await paymentFor(t, companyId, p, {
    payment_type: 'full_payment',
    payment_date: addDays(today(), -closedDaysAgo),
  });
  return p;
}

describe('POST /api/pledges/{id}/release', () => {
  it('releases a pledge closed by payment to the pawner, once; the slip counts its prints', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const p = await closedPledge(company.id, admin);

    const before = pledgeHistorySchema.parse((await get(h, `/api/pledges/${p.pledge_id}/history`)).json());
    expect(before).toMatchObject({
      closed_by: 'payment',
      released_on: null,
      releasable: true,
      has_release: false,
    });

    const res = await release(h, p.pledge_id, { receiver_kind: 'pawner', receiver_id_proof: 'Aadhaar 1234' });
    expect(res.statusCode, res.body).toBe(201);
    const saved = releaseViewSchema.parse(res.json());
    expect(saved).toMatchObject({
      pledge_id: p.pledge_id,
      pledge_no: p.pledge_no,
      released_on: today(),
      receiver_kind: 'pawner',
      receiver_name: p.customer_name,
      receiver_id_proof: 'Aadhaar 1234',
      proof_reference: null,
      handed_over_by: { id: admin.userId, username: admin.username },
      slip_prints: 0,
    });
    expect(saved.items).toHaveLength(1);
    expect(saved.pledge.closed_date).toBe(addDays(today(), -10));
    expect(saved.paid.principal).toBe(p.total_loan_amount);
    expect(saved.paid.receipts).toHaveLength(1);
    // The first month's interest was taken from the loan at the start: paid too, beside the receipt.
    expect(saved.paid.first_month_interest).toBe(p.first_month_interest);
    expect(saved.paid.total).toBe(saved.paid.receipts[0]!.amount + p.first_month_interest);

    // The pledge's articles have left: released_on set, and a second release is refused naming the day.
    const [row] = rowsOf<{ released_on: string }>(
      await t.database.db.execute(sql`select released_on::text from pledges where id = ${p.pledge_id}`),
    );
    expect(row?.released_on).toBe(today());
    const again = await release(h, p.pledge_id);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(RELEASE_MESSAGES.released(today()));

    expect(releaseViewSchema.parse((await get(h, `/api/pledges/${p.pledge_id}/release`)).json())).toEqual(
      saved,
    );
    const first = await post(h, `/api/pledges/${p.pledge_id}/release/slip-prints`);
    expect(first.json()).toEqual({ slip_prints: 1, duplicate: false });
    const second = await post(h, `/api/pledges/${p.pledge_id}/release/slip-prints`);
    expect(second.json()).toEqual({ slip_prints: 2, duplicate: true });

    // The payment that closed it can no longer be reversed (its articles are gone).
    const payments = (await get(h, `/api/pledges/${p.pledge_id}/payments`)).json() as { id: number }[];
    const rev = await post(h, `/api/pledge-payments/${payments[0]!.id}/reverse`, { reason: 'test' });
    expect(rev.statusCode).toBe(409);
  });

  it('refuses an open pledge, a renewed or sold one, one at a bank, and bad dates', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const open = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(today(), -5) },
    });
    const res = await release(h, open.pledge_id);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(RELEASE_MESSAGES.open);

    const db = t.database.db;
    const renewed = await closedPledge(company.id, admin);
    await db.execute(
      sql`update pledges set closed_by = 'renewal', released_on = closed_date where id = ${renewed.pledge_id}`,
    );
    expect((await release(h, renewed.pledge_id)).json().detail).toBe(RELEASE_MESSAGES.renewal);
    const sold = await closedPledge(company.id, admin);
    await db.execute(
      sql`update pledges set closed_by = 'auction', released_on = closed_date where id = ${sold.pledge_id}`,
    );
    expect((await release(h, sold.pledge_id)).json().detail).toBe(RELEASE_MESSAGES.auction);
    const atBank = await closedPledge(company.id, admin);
    await db.execute(sql`update pledges set is_move_to_bank = true where id = ${atBank.pledge_id}`);
    const bank = await release(h, atBank.pledge_id);
    expect(bank.statusCode).toBe(409);
    expect(bank.json().detail).toBe(RELEASE_MESSAGES.atBank);
    // Moved to a bank through the API (the pledge is open: it takes no payment while away), the
    // release says why first: the articles are at the bank, not 'take its full payment'.
    const away = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(today(), -5) },
    });
    const bankAccount = await bankFor(t, admin);
    const moved = await moveToBank(t, h, away.pledge_id, {
      bank_id: bankAccount.id,
      amount_borrowed: 20000,
      bank_reference: 'IB/GL/1',
      received_by: 'bank',
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const refused = await release(h, away.pledge_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'PLEDGE_AT_BANK', detail: RELEASE_MESSAGES.atBank });

    const p = await closedPledge(company.id, admin, 30, 10);
    const future = await release(h, p.pledge_id, {
      receiver_kind: 'pawner',
      released_on: addDays(today(), 1),
    });
    expect(future.statusCode).toBe(422);
    expect(fields(future.body)).toEqual([['body.released_on', RELEASE_MESSAGES.inFuture]]);
    const early = await release(h, p.pledge_id, {
      receiver_kind: 'pawner',
      released_on: addDays(today(), -11),
    });
    expect(early.statusCode).toBe(422);
    expect(fields(early.body)[0]![0]).toBe('body.released_on');
    // On its closing day it may go.
    const onClosing = await release(h, p.pledge_id, {
      receiver_kind: 'pawner',
      released_on: addDays(today(), -10),
    });
    expect(onClosing.statusCode, onClosing.body).toBe(201);
  });

  it('asks anyone but the pawner for a name and a proof, and checks the staff member and the file', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    const other = await freshCompany(t);
    const outsider = await userFor(t, other.id);
    const h = admin.headers();
    const p = await closedPledge(company.id, admin);

    const bare = await release(h, p.pledge_id, { receiver_kind: 'agent' });
    expect(bare.statusCode).toBe(422);
    expect(fields(bare.body)).toEqual([
      ['body.receiver_name', RELEASE_MESSAGES.receiverName],
      ['body.proof_reference', RELEASE_MESSAGES.proofReference],
    ]);
    const base = {
      receiver_kind: 'legal_heir',
      receiver_name: 'Karthik S',
      proof_reference: 'Legal heir cert. LH/2026/77',
    };
    const stranger = await release(h, p.pledge_id, { ...base, handed_over_by: outsider.userId });
    expect(fields(stranger.body)).toEqual([['body.handed_over_by', RELEASE_MESSAGES.handedOverBy]]);
    const otherFile = await t.database.db.transaction((tx) =>
      insertFile(tx, {
        companyId: other.id,
        kind: 'proof',
        mime: 'image/png',
        data: new Uint8Array([1, 2, 3]),
        createdBy: null,
      }),
    );
    const wrongFile = await release(h, p.pledge_id, { ...base, proof_file_id: otherFile });
    expect(fields(wrongFile.body)).toEqual([['body.proof_file_id', RELEASE_MESSAGES.proofFile]]);
    const bad = await release(h, p.pledge_id, { receiver_kind: 'neighbour' });
    expect(bad.statusCode).toBe(422);

    const file = await t.database.db.transaction((tx) =>
      insertFile(tx, {
        companyId: company.id,
        kind: 'proof',
        mime: 'image/png',
        data: new Uint8Array([4, 5]),
        createdBy: null,
      }),
    );
    const ok = await release(h, p.pledge_id, {
      ...base,
      proof_file_id: file,
      handed_over_by: clerk.userId,
      remarks: '  ',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      receiver_kind: 'legal_heir',
      receiver_name: 'Karthik S',
      proof_reference: 'Legal heir cert. LH/2026/77',
      proof_file_id: file,
      handed_over_by: { id: clerk.userId },
      remarks: null,
    });
  });

  it('records the release and each slip print in the audit trail', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const p = await closedPledge(company.id, admin);
    const res = await release(h, p.pledge_id, {
      receiver_kind: 'agent',
      receiver_name: 'S. Murugan',
      receiver_id_proof: 'Aadhaar 5678',
      proof_reference: 'Letter of 1 March',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await post(h, `/api/pledges/${p.pledge_id}/release/slip-prints`)).statusCode).toBe(200);
    expect((await post(h, `/api/pledges/${p.pledge_id}/release/slip-prints`)).statusCode).toBe(200);
    // A refused second release leaves nothing.
    expect((await release(h, p.pledge_id)).statusCode).toBe(409);

    const trail = await pledgeTrail(h, p.pledge_id);
    const releases = trail.filter((e) => e.action === 'release');
    expect(releases).toHaveLength(1);
    const [ev] = releases;
    expect(ev).toMatchObject({
      entity: 'pledge',
      entity_id: String(p.pledge_id),
      user_id: admin.userId,
      route: 'POST /api/pledges/:id/release',
    });
    expect(ev!.before).toMatchObject({ id: p.pledge_id, released_on: null, closed_by: 'payment' });
    expect(ev!.after).toMatchObject({
      id: p.pledge_id,
      released_on: today(),
      total_loan_amount: p.total_loan_amount,
      release: {
        pledge_id: p.pledge_id,
        released_on: today(),
        receiver_kind: 'agent',
        receiver_name: 'S. Murugan',
        proof_reference: 'Letter of 1 March',
        handed_over_by: admin.userId,
      },
    });
    const prints = trail.filter((e) => e.action === 'print').map((e) => e.after);
    expect(prints).toEqual([
      { document: 'release_slip', slip_prints: 2, duplicate: true },
      { document: 'release_slip', slip_prints: 1, duplicate: false },
    ]);
  });

  it("answers 404 for another company's pledge and for a pledge without a release; 403 for a clerk", async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const p = await closedPledge(company.id, admin);
    const other = await freshCompany(t);
    const otherAdmin = await adminFor(t, other.id);
    expect((await release(otherAdmin.headers(), p.pledge_id)).statusCode).toBe(404);
    expect((await get(otherAdmin.headers(), `/api/pledges/${p.pledge_id}/history`)).statusCode).toBe(404);
    expect((await get(admin.headers(), `/api/pledges/${p.pledge_id}/release`)).statusCode).toBe(404);
    expect((await post(admin.headers(), `/api/pledges/${p.pledge_id}/release/slip-prints`)).statusCode).toBe(
      404,
    );
    const clerk = await userFor(t, company.id);
    expect((await release(clerk.headers(), p.pledge_id)).statusCode).toBe(403);
  });
});

describe('GET /api/releases/pending and GET /api/releases', () => {
  it('lists the closed pledges still in the vault, oldest first, with the days waited and the overdue flag', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const old = await closedPledge(company.id, admin, 60, 30);
    const recent = await closedPledge(company.id, admin, 10, 1);
    await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: addDays(today(), -3) } });

    const res = await get(h, '/api/releases/pending');
    expect(res.statusCode, res.body).toBe(200);
    const rows = pendingReleaseListSchema.parse(res.json());
    expect(rows.map((r) => r.pledge_id)).toEqual([old.pledge_id, recent.pledge_id]);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.headers['x-overdue-count']).toBe('1');
    expect(res.headers['x-release-wait']).toBe(String(END_OF_PLEDGE_DEFAULTS.releaseWaitWorkingDays));
    expect(rows[0]).toMatchObject({
      closed_date: addDays(today(), -30),
      closed_by: 'payment',
      working_days_waited: workingDaysBetween(addDays(today(), -30), today()),
      overdue: true,
      customer_name: old.customer_name,
    });
    expect(rows[1]!.overdue).toBe(false);

    // Paged; as of a day before the recent one closed; never after today.
    const page = await get(h, '/api/releases/pending?skip=1&limit=1');
    expect(page.json().map((r: { pledge_id: number }) => r.pledge_id)).toEqual([recent.pledge_id]);
    expect(page.headers['x-total-count']).toBe('2');
    const then = pendingReleaseListSchema.parse(
      (await get(h, `/api/releases/pending?as_of=${addDays(today(), -2)}`)).json(),
    );
    expect(then.map((r) => r.pledge_id)).toEqual([old.pledge_id]);
    expect((await get(h, `/api/releases/pending?as_of=${addDays(today(), 1)}`)).statusCode).toBe(422);

    // A longer wait (setting) clears the flag; the release shrinks the list; the releases made list it.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/companies/${company.id}/end-of-pledge-settings`,
      headers: h,
      payload: {
        overdue_grace_days: 0,
        release_wait_working_days: 100,
        notice_wait_days: 30,
        surplus_hold_months: 6,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    const patient = pendingReleaseListSchema.parse((await get(h, '/api/releases/pending')).json());
    expect(patient.every((r) => !r.overdue)).toBe(true);
    expect((await release(h, old.pledge_id)).statusCode).toBe(201);
    const after = await get(h, '/api/releases/pending');
    expect(after.json().map((r: { pledge_id: number }) => r.pledge_id)).toEqual([recent.pledge_id]);
    const made = await get(h, `/api/releases?from=${addDays(today(), -1)}&to=${today()}`);
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().map((r: { pledge_id: number }) => r.pledge_id)).toEqual([old.pledge_id]);
    expect(made.headers['x-total-count']).toBe('1');
    expect((await get(h, `/api/releases?from=${today()}&to=${addDays(today(), -1)}`)).statusCode).toBe(422);
  });
});

describe('the release slip adds up (Form H)', () => {
  it('prints principal, interest (first month and receipts), penalty and discount whose sum is the total', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const p = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(today(), -100), total_loan_amount: 18800 },
    });
    const interest = await paymentFor(t, company.id, p, { payment_date: addDays(today(), -40) });
    const full = await paymentFor(t, company.id, p, {
      payment_type: 'full_payment',
      payment_date: addDays(today(), -2),
      penalty_amount: 150,
      discount_amount: 44,
    });
    const res = await release(h, p.pledge_id);
    expect(res.statusCode, res.body).toBe(201);
    const { paid } = releaseViewSchema.parse(res.json());
    const paise = (r: number) => rupeesToPaise(String(r));
    expect(paid).toMatchObject({
      principal: 18800,
      first_month_interest: p.first_month_interest,
      penalty: 150,
      discount: 44,
    });
    expect(paise(paid.interest)).toBe(paise(interest.interest_amount) + paise(full.interest_amount));
    // Interest paid = first month interest + the interest parts of the payments.
    expect(paise(paid.interest_paid)).toBe(paise(paid.first_month_interest) + paise(paid.interest));
    expect(paise(paid.total)).toBe(
      paise(paid.principal) + paise(paid.interest_paid) + paise(paid.penalty) - paise(paid.discount),
    );
    // What the receipts took at the counter is the total less what was taken at the start.
    const receipts = paid.receipts.reduce((s, r) => s + paise(r.amount), 0);
    expect(receipts).toBe(paise(paid.total) - paise(paid.first_month_interest));
    expect(receipts).toBe(
      paise(18800) + paise(interest.interest_amount) + paise(full.interest_amount) + 15000 - 4400,
    );
  });
});

describe('the end-of-pledge settings', () => {
  it('answers the defaults, lets an admin set them within bounds, and refuses a clerk', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const clerk = await userFor(t, company.id);
    const url = `/api/companies/${company.id}/end-of-pledge-settings`;
    const defaults = {
      overdue_grace_days: 0,
      release_wait_working_days: 7,
      notice_wait_days: 30,
      surplus_hold_months: 6,
    };
    const read = await get(clerk.headers(), url);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ ...defaults, defaults });
    const values = {
      overdue_grace_days: 15,
      release_wait_working_days: 5,
      notice_wait_days: 21,
      surplus_hold_months: 6,
    };
    const put = (headers: Headers, payload: object) => t.app.inject({ method: 'PUT', url, headers, payload });
    expect((await put(clerk.headers(), values)).statusCode).toBe(403);
    const saved = await put(admin.headers(), values);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...values, defaults });
    for (const bad of [
      { ...values, surplus_hold_months: 121 },
      { ...values, notice_wait_days: -1 },
      { ...values, overdue_grace_days: 1.5 },
      { ...values, release_wait_working_days: 3651 },
    ]) {
      expect((await put(admin.headers(), bad)).statusCode).toBe(422);
    }
    const other = await freshCompany(t);
    const otherClerk = await userFor(t, other.id);
    expect((await get(otherClerk.headers(other.id), url)).statusCode).toBe(404);
  });

  it('counts the first month interest taken at the start as interest paid on a back-dated pledge closed within its first month', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    // Back-dated 25 days, Rs. 15,000 lent: its first month interest was taken out of the loan then, and
    // the full payment 5 days ago (within the first month) owed no more interest, only the principal.
    const p = await pledgeFor(t, company.id, {
      actor: admin,
      body: { pledge_date: addDays(today(), -25), total_loan_amount: 15000 },
    });
    expect(p.first_month_interest).toBeGreaterThan(0);
    const full = await paymentFor(t, company.id, p, {
      payment_type: 'full_payment',
      payment_date: addDays(today(), -5),
    });
    expect(full.interest_amount).toBe(0);
    const res = await release(h, p.pledge_id);
    expect(res.statusCode, res.body).toBe(201);
    const { paid } = releaseViewSchema.parse(res.json());
    expect(paid).toMatchObject({
      principal: 15000,
      interest_paid: p.first_month_interest,
      first_month_interest: p.first_month_interest,
      interest: 0,
      total: 15000 + p.first_month_interest,
    });
    // The slip read later says the same.
    const read = releaseViewSchema.parse((await get(h, `/api/pledges/${p.pledge_id}/release`)).json());
    expect(read.paid.interest_paid).toBe(p.first_month_interest);
  });
});
