import { businessToday, daysBetween, OPS_REPORT_RANGE_MESSAGES } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  freshCompany,
  jewelRateFor,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The overdue list, the daily collection and the loans paid out on a small book:
// pledges dated inside and outside the ranges, payments of each type, a closed pledge, a reversed
// payment and another company's pledge. Each register must list exactly what it should.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** 12-month pledges at 1.5 % a month; loans under the default cash limit (Rs. 20,000). */
async function book() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const clerk = await userFor(t, company.id);
  const jewelTypeId = (await jewelTypeFor(t, admin)).id;
  const schemeA = await schemeFor(t, admin, jewelTypeId);
  const schemeB = await schemeFor(t, admin, jewelTypeId);
  await jewelRateFor(t, admin, jewelTypeId, '2025-01-01', { rate_per_gram: 6000 });
  const make = (date: string, loan: number, schemeId = schemeA.id, extra: object = {}) =>
    pledgeFor(t, company.id, {
      actor: admin,
      schemeId,
      jewelTypeId,
      skipRate: true,
      body: { pledge_date: date, total_loan_amount: loan, ...extra },
    });
  const a = await make('2025-03-01', 15000);
  const c = await make('2025-04-01', 10000, schemeB.id, {
    payout_method: 'bank_transfer',
    payout_reference: 'NEFT-001',
  });
  // The payout written straight to the row too (from before the pledge service stored it), so the
  // report's payout columns are checked either way.
  await t.database.db.execute(
    sql`update pledges set payout_method = 'bank_transfer', payout_reference = 'NEFT-001' where id = ${c.pledge_id}`,
  );
  const b = await make('2025-05-01', 12000);
  const e = await make('2025-08-01', 8000);
  const d = await make('2026-01-15', 9000);

  // A: interest on 2025-09-01 (admin) and on 2026-03-10 (the clerk, with a Rs. 50 penalty).
  const a1 = await paymentFor(t, company.id, a, { payment_date: '2025-09-01' });
  const a2 = await paymentFor(
    t,
    company.id,
    a,
    { payment_date: '2026-03-10', penalty_amount: 50 },
    { actor: clerk },
  );
  // B: half its principal on 2026-02-01, after clearing its interest the same day.
  const b1 = await paymentFor(t, company.id, b, { payment_date: '2026-02-01' });
  const b2 = await paymentFor(t, company.id, b, {
    payment_date: '2026-02-01',
    payment_type: 'partial_principal',
  });
  // C: settled in full on 2026-06-15 (closed).
  const c1 = await paymentFor(t, company.id, c, { payment_date: '2026-06-15', payment_type: 'full_payment' });
  // E: interest on 2026-03-01, reversed.
  const e1 = await paymentFor(t, company.id, e, { payment_date: '2026-03-01' });
  const rev = await t.app.inject({
    method: 'POST',
    url: `/api/pledge-payments/${e1.payment_id}/reverse`,
    headers: admin.headers(),
    payload: { reason: 'Entered on the wrong pledge' },
  });
  expect(rev.statusCode).toBe(200);

  // Another company's pledge, overdue and dated in every range.
  const other = await freshCompany(t);
  const x = await pledgeFor(t, other.id, { body: { pledge_date: '2025-03-01', total_loan_amount: 11000 } });
  await paymentFor(t, other.id, x, { payment_date: '2026-03-10' });

  return { company, admin, clerk, schemeA, schemeB, a, b, c, d, e, a1, a2, b1, b2, c1, e1 };
}

async function get(url: string, headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function balance(pledgeId: number, asOf: string, headers: Record<string, string>) {
  const res = await get(`/api/pledges/${pledgeId}/balance?as_of=${asOf}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { remaining_principal: number; remaining_interest: number; total_outstanding: number };
}

describe('GET /api/registers/overdue', () => {
  it('lists exactly the open pledges past due as of the date, most overdue first, with balances as of it', async () => {
    const k = await book();
    const h = k.admin.headers();
    const asOf = '2026-10-01';
    const res = await get(`/api/registers/overdue?as_of=${asOf}`, h);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // A due 2026-03-01, B due 2026-05-01, E due 2026-08-01; C is closed, D not yet due, X another company's.
    expect(body.rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([
      k.a.pledge_no,
      k.b.pledge_no,
      k.e.pledge_no,
    ]);
    expect(res.headers['x-total-count']).toBe('3');
    const [ra, rb, re] = body.rows;
    expect(ra.due_date).toBe('2026-03-01');
    expect(ra.days_overdue).toBe(daysBetween('2026-03-01', asOf));
    expect(ra.mobile_number).toMatch(/^9\d{9}$/);
    for (const [row, pledge] of [
      [ra, k.a],
      [rb, k.b],
      [re, k.e],
    ] as const) {
      const bal = await balance(pledge.pledge_id, asOf, h);
      expect(row.remaining_principal).toBe(bal.remaining_principal);
      expect(row.remaining_interest).toBe(bal.remaining_interest);
      expect(row.outstanding).toBe(bal.total_outstanding);
    }
    // B paid half its principal; E's reversed interest payment does not count.
    expect(rb.remaining_principal).toBe(6000);
    expect(re.remaining_principal).toBe(8000);
    expect(body.totals).toEqual({ count: 3, principal_outstanding: 15000 + 6000 + 8000 });
  });

  it('as of a past date lists a pledge closed later, with its balance before the closing payment', async () => {
    const k = await book();
    const h = k.admin.headers();
    const res = await get('/api/registers/overdue?as_of=2026-05-01', h);
    const body = res.json();
    // B falls due on 2026-05-01 itself: not yet overdue that day.
    expect(body.rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([k.a.pledge_no, k.c.pledge_no]);
    const rc = body.rows[1];
    expect(rc.remaining_principal).toBe(10000);
    expect(rc.outstanding).toBe((await balance(k.c.pledge_id, '2026-05-01', h)).total_outstanding);
    expect(body.totals).toEqual({ count: 2, principal_outstanding: 25000 });
    // On the closing day the pledge is no longer open.
    const closing = (await get('/api/registers/overdue?as_of=2026-06-15', h)).json();
    expect(closing.rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([
      k.a.pledge_no,
      k.b.pledge_no,
    ]);
  });

  it('pages on the server and defaults to today', async () => {
    const k = await book();
    const h = k.admin.headers();
    const page2 = await get('/api/registers/overdue?as_of=2026-10-01&page=2&page_size=2', h);
    expect(page2.json().rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([k.e.pledge_no]);
    expect(page2.json().totals.count).toBe(3);
    expect(page2.headers['x-total-count']).toBe('3');
    const today = businessToday(t.config.businessTimeZone);
    const byDefault = (await get('/api/registers/overdue', h)).json();
    expect(byDefault.as_of).toBe(today);
    expect(byDefault).toEqual((await get(`/api/registers/overdue?as_of=${today}`, h)).json());
  });

  it('answers the whole list as CSV with DD/MM/YYYY dates and a total line', async () => {
    const k = await book();
    const res = await get(
      '/api/registers/overdue?as_of=2026-10-01&format=csv&page_size=1',
      k.admin.headers(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="overdue-2026-10-01.csv"');
    expect(
      res.body.startsWith(
        '\uFEFF"Pledge No.\nஅடகு எண்","Pledge Date\nஅடகு தேதி","Customer\nவாடிக்கையாளர்","Mobile\nகைபேசி","Due Date\nகெடு தேதி","Days Overdue\nதாமத நாட்கள்",',
      ),
    ).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 3 + 1);
    expect(lines[1]).toContain(`${k.a.pledge_no},01/03/2025,`);
    expect(lines[1]).toContain(',01/03/2026,214,15000.00,15000.00,');
    expect(lines[4]).toBe('Total,,3 pledges,,,,,29000.00,,');
  });

  it('refuses a bad date and an oversized page, and shows nothing of another company', async () => {
    const k = await book();
    const h = k.admin.headers();
    expect((await get('/api/registers/overdue?as_of=2026-02-30', h)).statusCode).toBe(422);
    expect((await get('/api/registers/overdue?page_size=201', h)).statusCode).toBe(422);
    expect((await get('/api/registers/overdue?page=0', h)).statusCode).toBe(422);
    const stranger = await freshCompany(t);
    const strangerAdmin = await adminFor(t, stranger.id);
    const empty = (await get('/api/registers/overdue?as_of=2026-10-01', strangerAdmin.headers())).json();
    expect(empty.rows).toEqual([]);
    expect(empty.totals).toEqual({ count: 0, principal_outstanding: 0 });
  });
});

describe('GET /api/reports/collections', () => {
  it('lists the receipts of the range with the reversed one flagged, and sums by type, method, user and day', async () => {
    const k = await book();
    const res = await get('/api/reports/collections?from=2026-02-01&to=2026-03-31', k.admin.headers());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['x-total-count']).toBe('4');
    expect(body.rows.map((r: { receipt_no: string }) => r.receipt_no)).toEqual([
      k.b1.receipt_no,
      k.b2.receipt_no,
      k.e1.receipt_no,
      k.a2.receipt_no,
    ]);
    const [rb1, rb2, re1, ra2] = body.rows;
    expect(rb2).toMatchObject({
      payment_date: '2026-02-01',
      pledge_nos: [k.b.pledge_no],
      payment_method: 'cash',
      username: k.admin.username,
      interest: 0,
      principal: k.b2.principal_amount,
      reversed: false,
    });
    expect(re1.reversed).toBe(true);
    expect(ra2).toMatchObject({ username: k.clerk.username, penalty: 50, net: k.a2.interest_amount + 50 });
    const interest = k.b1.interest_amount + k.a2.interest_amount;
    const principal = k.b2.principal_amount;
    expect(body.totals).toEqual({
      receipts: 3,
      payments: 3,
      interest,
      principal,
      penalty: 50,
      discount: 0,
      net: interest + principal + 50,
    });
    expect(body.reversed).toEqual({ receipts: 1, net: re1.net });
    expect(rb1.net + rb2.net + ra2.net).toBe(body.totals.net);
    expect(
      body.by_type.map((s: { payment_type: string; receipts: number }) => [s.payment_type, s.receipts]),
    ).toEqual([
      ['interest', 2],
      ['partial_principal', 1],
    ]);
    expect(body.by_method).toEqual([{ payment_method: 'cash', ...body.totals }]);
    const byUser = Object.fromEntries(
      body.by_user.map((s: { username: string; net: number }) => [s.username, s.net]),
    );
    expect(byUser).toEqual({ [k.admin.username]: rb1.net + rb2.net, [k.clerk.username]: ra2.net });
    expect(body.by_day.map((s: { date: string; receipts: number }) => [s.date, s.receipts])).toEqual([
      ['2026-02-01', 2],
      ['2026-03-10', 1],
    ]);
  });

  it('counts a receipt of several pledges once in all and once under each payment type it holds', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const a = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: '2026-01-01' } });
    const more = { actor: admin, customerId: a.customer_id, schemeId: a.scheme_id, skipRate: true };
    const b = await pledgeFor(t, company.id, { ...more, body: { pledge_date: '2026-01-01' } });
    const c = await pledgeFor(t, company.id, { ...more, body: { pledge_date: '2026-01-01' } });
    // On 15/02/2026 (day 45: 1.5 months, 0.5 month after the first) each owes 300 of interest: a and b
    // pay their interest, c its interest and 1,000 of principal: two 'interest' rows and one
    // 'partial_principal' row on one receipt.
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${a.customer_id}/multiple-pledge-payment`,
      headers: admin.headers(),
      payload: {
        customer_id: a.customer_id,
        total_payment_amount: 1900,
        payment_method: 'cash',
        payment_date: '2026-02-15',
        pledge_payments: [
          { pledge_id: a.pledge_id, payment_amount: 300 },
          { pledge_id: b.pledge_id, payment_amount: 300 },
          { pledge_id: c.pledge_id, payment_amount: 1300 },
        ],
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const body = (
      await get('/api/reports/collections?from=2026-02-01&to=2026-02-28', admin.headers())
    ).json();
    expect(body.totals).toMatchObject({ receipts: 1, payments: 3, interest: 900, principal: 1000 });
    expect(
      body.by_type.map((s: { payment_type: string; receipts: number; payments: number }) => [
        s.payment_type,
        s.receipts,
        s.payments,
      ]),
    ).toEqual([
      ['interest', 1, 2],
      ['partial_principal', 1, 1],
    ]);
    expect(body.by_method).toEqual([{ payment_method: 'cash', ...body.totals }]);
    expect(body.by_day.map((s: { date: string; receipts: number }) => [s.date, s.receipts])).toEqual([
      ['2026-02-15', 1],
    ]);
    expect(body.by_user.map((s: { receipts: number }) => s.receipts)).toEqual([1]);
  });

  it('defaults to today, pages, and answers an empty day with zero sums', async () => {
    const k = await book();
    const h = k.admin.headers();
    const today = businessToday(t.config.businessTimeZone);
    const day = (await get('/api/reports/collections', h)).json();
    expect([day.from, day.to]).toEqual([today, today]);
    expect(day.rows).toEqual([]);
    expect(day.totals).toMatchObject({ receipts: 0, net: 0 });
    const page = (
      await get('/api/reports/collections?from=2026-02-01&to=2026-03-31&page=2&page_size=3', h)
    ).json();
    expect(page.rows.map((r: { receipt_no: string }) => r.receipt_no)).toEqual([k.a2.receipt_no]);
    expect(page.total_count).toBe(4);
  });

  it('answers the range as CSV', async () => {
    const k = await book();
    const res = await get(
      '/api/reports/collections?from=2026-02-01&to=2026-03-31&format=csv',
      k.admin.headers(),
    );
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="collections-2026-02-01-2026-03-31.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'Date\nதேதி',
        'Receipt No.\nரசீது எண்',
        'Customer\nவாடிக்கையாளர்',
        'Pledges\nஅடகு எண்கள்',
        'Method\nமுறை',
        'User\nபயனர்',
        'Interest\nவட்டி',
        'Principal\nஅசல்',
        'Penalty\nஅபராதம்',
        'Discount\nதள்ளுபடி',
        'Net\nநிகரம்',
        'Reversed\nதிரும்பப்பெறப்பட்டது',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    expect(lines).toHaveLength(1 + 4 + 1);
    expect(lines[3]).toMatch(/^01\/03\/2026,.*,Reversed$/);
    expect(lines[5]).toMatch(/^Total,3 receipts,/);
    expect(lines[5]).toMatch(/,"1 reversed, not counted"$/);
  });

  it('writes English-only headings for a program that asks, and the same rows', async () => {
    const k = await book();
    const h = k.admin.headers();
    const path = '/api/reports/collections?from=2026-02-01&to=2026-03-31&format=csv';
    const [bilingual, english] = await Promise.all([get(path, h), get(`${path}&headings=en`, h)]);
    const linesOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    expect(linesOf(english.body)[0]).toBe(
      'Date,Receipt No.,Customer,Pledges,Method,User,Interest,Principal,Penalty,Discount,Net,Reversed',
    );
    expect(linesOf(english.body).slice(1)).toEqual(linesOf(bilingual.body).slice(1));
    const unknown = await get(`${path}&headings=ta`, h);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail[0].loc).toMatchObject(['query', 'headings']);
  });

  it('refuses a range longer than 366 days or ending before it starts', async () => {
    const k = await book();
    const h = k.admin.headers();
    const long = await get('/api/reports/collections?from=2025-01-01&to=2026-01-02', h);
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0]).toMatchObject({
      loc: ['query', 'to'],
      msg: OPS_REPORT_RANGE_MESSAGES.tooLong,
    });
    const backwards = await get('/api/reports/collections?from=2026-03-02&to=2026-03-01', h);
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail[0].msg).toBe(OPS_REPORT_RANGE_MESSAGES.toBeforeFrom);
    expect((await get('/api/reports/collections?from=2025-01-01&to=2025-12-31', h)).statusCode).toBe(200);
    expect((await get('/api/reports/collections?from=9999-01-01', h)).statusCode).toBe(422);
  });
});

describe('GET /api/reports/disbursements', () => {
  it('lists exactly the pledges paid out in the range, with sums by day, scheme, user and method', async () => {
    const k = await book();
    const res = await get('/api/reports/disbursements?from=2025-03-01&to=2025-05-31', k.admin.headers());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(res.headers['x-total-count']).toBe('3');
    expect(body.rows.map((r: { pledge_no: string }) => r.pledge_no)).toEqual([
      k.a.pledge_no,
      k.c.pledge_no,
      k.b.pledge_no,
    ]);
    expect(body.rows[1]).toMatchObject({
      pledge_date: '2025-04-01',
      scheme_name: k.schemeB.scheme_name,
      username: k.admin.username,
      loan: 10000,
      first_month_interest: k.c.first_month_interest,
      document_charges: 100,
      final_amount: k.c.final_amount,
      payout_method: 'bank_transfer',
      payout_reference: 'NEFT-001',
    });
    const fmi = k.a.first_month_interest + k.b.first_month_interest + k.c.first_month_interest;
    expect(body.totals).toEqual({
      count: 3,
      loan: 37000,
      first_month_interest: fmi,
      document_charges: 300,
      final_amount: 37000 - fmi - 300,
    });
    expect(body.by_day.map((s: { date: string; loan: number }) => [s.date, s.loan])).toEqual([
      ['2025-03-01', 15000],
      ['2025-04-01', 10000],
      ['2025-05-01', 12000],
    ]);
    expect(
      body.by_scheme.map((s: { scheme_name: string; count: number }) => [s.scheme_name, s.count]),
    ).toEqual([
      [k.schemeA.scheme_name, 2],
      [k.schemeB.scheme_name, 1],
    ]);
    expect(body.by_user).toEqual([{ user_id: k.admin.userId, username: k.admin.username, ...body.totals }]);
    expect(
      body.by_method.map((s: { payout_method: string; loan: number }) => [s.payout_method, s.loan]),
    ).toEqual([
      ['cash', 27000],
      ['bank_transfer', 10000],
    ]);
  });

  it('answers the range as CSV and an empty range with zero totals', async () => {
    const k = await book();
    const h = k.admin.headers();
    const res = await get('/api/reports/disbursements?from=2025-03-01&to=2025-05-31&format=csv', h);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="disbursements-2025-03-01-2025-05-31.csv"',
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      [
        'Date\nதேதி',
        'Pledge No.\nஅடகு எண்',
        'Customer\nவாடிக்கையாளர்',
        'Scheme\nதிட்டம்',
        'User\nபயனர்',
        'Loan Amount\nகடன் தொகை',
        'First Month Interest\nமுதல் மாத வட்டி',
        'Document Charges\nஆவணக் கட்டணம்',
        'Amount Paid\nவழங்கிய தொகை',
        'Payout Method\nவழங்கும் முறை',
        'Payout Reference\nவழங்கல் குறிப்பு எண்',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^01\/04\/2025,/);
    expect(lines[2]).toMatch(/,10000\.00,.*,bank_transfer,NEFT-001$/);
    expect(lines[4]).toMatch(/^Total,3 pledges,,,,37000\.00,/);
    const empty = (await get('/api/reports/disbursements?from=2024-01-01&to=2024-01-31', h)).json();
    expect(empty).toMatchObject({
      rows: [],
      total_count: 0,
      by_day: [],
      by_scheme: [],
      by_user: [],
      by_method: [],
    });
    expect(empty.totals).toEqual({
      count: 0,
      loan: 0,
      first_month_interest: 0,
      document_charges: 0,
      final_amount: 0,
    });
  });
});
