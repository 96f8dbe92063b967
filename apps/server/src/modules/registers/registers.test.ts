import {
  addDays,
  addMonthsClamped,
  businessToday,
  formatIndianDate,
  pledgeBookSchema,
  vaultRegisterSchema,
} from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminFor,
  customerFor,
  designFor,
  freshCompany,
  jewelTypeFor,
  paymentFor,
  pledgeFor,
  schemeFor,
  userFor,
} from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { servedNoticeFor } from '../auctions/auctions-test-helpers.ts';
import { bigPledge } from '../payments/payments-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A fixed point four months back, so every date of the book is in the past whatever today is. */
function calendar() {
  const today = businessToday(t.config.businessTimeZone);
  const start = addMonthsClamped(`${today.slice(0, 7)}-01`, -4);
  return { today, start, day: (n: number) => addDays(start, n) };
}

/**
 * A small book: a pledge before the range, three in it (the first of two articles, the second with
 * a payment and a reversed one, the third closed), one after it, one made after that but dated back
 * into the range (register order is the order of making, not of dates), and another company's
 * pledge in the range.
 */
async function book() {
  const c = calendar();
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const gold = await jewelTypeFor(t, admin);
  const scheme = await schemeFor(t, admin, gold.id);
  const chain = await designFor(t, admin, { design_name: `Chain ${company.id}` });
  const ring = await designFor(t, admin, { design_name: `Ring ${company.id}` });
  const customer = await customerFor(t, admin, {
    customer_name: 'Meenakshi Sundaram',
    mobile_number: `98${String(company.id).padStart(8, '0')}`.slice(0, 10),
  });
  const make = (day: number, body: object = {}) =>
    pledgeFor(t, company.id, {
      actor: admin,
      schemeId: scheme.id,
      jewelTypeId: gold.id,
      designId: chain.id,
      customerId: customer.id,
      body: { pledge_date: c.day(day), ...body },
    });
  const before = await make(-10);
  const first = await make(0, {
    items: [
      { jewell_design_id: chain.id, gross_weight: 10.5, net_weight: 10, jewell_condition: 'Good' },
      { jewell_design_id: ring.id, gross_weight: 4.25, net_weight: 4.125 },
    ],
    total_loan_amount: 50000,
  });
  const paid = await make(9);
  const closed = await make(27);
  const after = await make(35);
  const backdated = await make(14);
  const interest = await paymentFor(t, company.id, paid, { payment_date: c.day(45) });
  const part = await paymentFor(t, company.id, paid, {
    payment_date: c.day(50),
    payment_type: 'partial_principal',
  });
  const rev = await t.app.inject({
    method: 'POST',
    url: `/api/pledge-payments/${part.id}/reverse`,
    headers: admin.headers(),
    payload: { reason: 'Entered on the wrong pledge' },
  });
  expect(rev.statusCode, rev.body).toBe(200);
  const closing = await paymentFor(t, company.id, closed, {
    payment_date: c.day(60),
    payment_type: 'full_payment',
  });
  // Its articles wait in the vault two days for their release.
  const released = await t.app.inject({
    method: 'POST',
    url: `/api/pledges/${closed.pledge_id}/release`,
    headers: admin.headers(),
    payload: { released_on: c.day(62), receiver_kind: 'pawner' },
  });
  expect(released.statusCode, released.body).toBe(201);
  const other = await freshCompany(t);
  const stranger = await pledgeFor(t, other.id, { body: { pledge_date: c.day(5) } });
  return {
    c,
    company,
    admin,
    gold,
    pledges: { before, first, paid, closed, after, backdated, stranger },
    payments: { interest, part, closing },
    from: c.day(0),
    to: c.day(27),
  };
}

async function get(headers: Record<string, string>, url: string) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('GET /api/registers/pledge-book', () => {
  it('lists exactly the pledges dated in the range, in register order, with serials and pages', async () => {
    const b = await book();
    const res = await get(b.admin.headers(), `/api/registers/pledge-book?from=${b.from}&to=${b.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = pledgeBookSchema.parse(res.json());
    const { first, paid, closed, backdated } = b.pledges;
    expect(body.rows.map((r) => r.pledge_id)).toEqual([
      first.pledge_id,
      paid.pledge_id,
      closed.pledge_id,
      backdated.pledge_id,
    ]);
    // The company's register: before (1), first (2), paid (3), closed (4), after (5), backdated (6).
    expect(body.rows.map((r) => r.serial)).toEqual([2, 3, 4, 6]);
    expect(body.rows.every((r) => r.page === 1)).toBe(true);
    expect(res.headers['x-total-count']).toBe('4');

    const row = body.rows[0]!;
    expect(row).toMatchObject({
      pledge_no: first.pledge_no,
      pledge_date: b.from,
      customer_name: 'Meenakshi Sundaram',
      guardian_name: 'Narayanan K',
      address: '7A, Usman Road, T. Nagar, Chennai, 600017',
      amount_lent: 50000,
      interest_rate: 1.5,
      duration_months: 12,
      item_count: 2,
      gross_weight: 14.75,
      net_weight: 14.125,
      closed_date: null,
      closed_by: null,
      released_on: null,
      auction_date: null,
      status: 'active',
    });
    expect(row.articles).toHaveLength(2);
    expect(row.articles[0]).toMatchObject({
      jewel_type: b.gold.jewel_name,
      condition: 'Good',
      count: 1,
      gross_weight: 10.5,
      net_weight: 10,
    });
    expect(row.articles[1]).toMatchObject({ gross_weight: 4.25, net_weight: 4.125 });
    expect(row.value).toBe(first.total_valuation);

    // Payments: the interest, and the reversed part payment kept and marked; the closed pledge's date.
    const paidRow = body.rows[1]!;
    expect(paidRow.payments.map((p) => [p.payment_date, p.amount, p.reversed])).toEqual([
      [b.c.day(45), b.payments.interest.amount, false],
      [b.c.day(50), b.payments.part.amount, true],
    ]);
    const closedRow = body.rows[2]!;
    expect(closedRow.closed_date).toBe(b.c.day(60));
    expect(closedRow).toMatchObject({ closed_by: 'payment', released_on: b.c.day(62), auction_date: null });
    expect(closedRow.status).toBe('inactive');

    const inRange = [first, paid, closed, backdated];
    expect(body.totals).toEqual({
      pledges: 4,
      amount_lent: inRange.reduce((s, p) => s + p.total_loan_amount, 0),
      gross_weight: 14.75 + 3 * 10.5,
      net_weight: 14.125 + 3 * 10,
      value: inRange.reduce((s, p) => s + p.total_valuation, 0),
      // The reversed part payment counts for nothing.
      paid: Math.round((b.payments.interest.amount + b.payments.closing.amount) * 100) / 100,
    });
  });

  it('names the redeemer: whom the release handed the articles to, or the buyer at auction (Form E)', async () => {
    const b = await book();
    const h = b.admin.headers();
    const c = b.c;
    // A pledge paid off and released to an agent with the pawner's letter.
    const byAgent = await pledgeFor(t, b.company.id, { actor: b.admin, body: { pledge_date: c.day(20) } });
    await paymentFor(t, b.company.id, byAgent, { payment_date: c.day(40), payment_type: 'full_payment' });
    const agent = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${byAgent.pledge_id}/release`,
      headers: h,
      payload: {
        released_on: c.day(41),
        receiver_kind: 'agent',
        receiver_name: 'Selvam Rajendran',
        receiver_id_proof: 'Voter ID TN1234567',
        proof_reference: 'Letter dated 10 of the month',
      },
    });
    expect(agent.statusCode, agent.body).toBe(201);
    // A pledge sold at auction after its notice.
    const sold = await bigPledge(t, c.day(21), { companyId: b.company.id, actor: b.admin });
    await servedNoticeFor(t, b.company.id, sold.pledge_id, { noticeDate: c.day(50), saleAfter: c.day(70) });
    const lot = await t.app.inject({
      method: 'POST',
      url: '/api/auctions',
      headers: h,
      payload: {
        auction_date: c.day(80),
        venue: 'Shop premises',
        auctioneer: 'K. Raman',
        pledge_ids: [sold.pledge_id],
      },
    });
    expect(lot.statusCode, lot.body).toBe(201);
    const sale = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${lot.json().id}/sales`,
      headers: h,
      payload: {
        pledge_id: sold.pledge_id,
        sale_date: c.day(80),
        auctioneer: 'K. Raman',
        buyer_name: 'Sri Murugan Jewellers',
        buyer_address: '4 South Avani Moola Street, Madurai',
        sale_price: 150000,
        payment_method: 'bank_transfer',
        payment_reference: 'UTR123',
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);

    const res = await get(h, `/api/registers/pledge-book?from=${b.from}&to=${b.to}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = new Map(pledgeBookSchema.parse(res.json()).rows.map((r) => [r.pledge_id, r]));
    expect(rows.get(byAgent.pledge_id)?.redeemer).toEqual({ kind: 'agent', name: 'Selvam Rajendran' });
    expect(rows.get(sold.pledge_id)).toMatchObject({
      auction_date: c.day(80),
      redeemer: { kind: 'buyer', name: 'Sri Murugan Jewellers' },
    });
    // Released to the pawner in person: the release names the pawner.
    expect(rows.get(b.pledges.closed.pledge_id)?.redeemer).toEqual({
      kind: 'pawner',
      name: 'Meenakshi Sundaram',
    });
    // Still held (open): no redeemer yet.
    expect(rows.get(b.pledges.first.pledge_id)?.redeemer).toBeNull();

    // The CSV carries the same column, English with the Tamil under it.
    const csv = await get(h, `/api/registers/pledge-book?from=${b.from}&to=${b.to}&format=csv`);
    expect(csv.body).toContain('"Redeemer / Buyer\nமீட்டவர் / வாங்கியவர்"');
    expect(csv.body).toContain('Selvam Rajendran (agent)');
    expect(csv.body).toContain('Sri Murugan Jewellers (buyer)');
  });

  it('gives every page the same serials and page numbers as the whole book', async () => {
    const b = await book();
    const h = b.admin.headers();
    const whole = pledgeBookSchema.parse(
      (await get(h, `/api/registers/pledge-book?from=${b.c.day(-30)}&to=${b.c.day(60)}`)).json(),
    );
    expect(whole.rows.map((r) => r.serial)).toEqual([1, 2, 3, 4, 5, 6]);
    const second = await get(
      h,
      `/api/registers/pledge-book?from=${b.c.day(-30)}&to=${b.c.day(60)}&page=2&page_size=4`,
    );
    const page2 = pledgeBookSchema.parse(second.json());
    expect(second.headers['x-total-count']).toBe('6');
    expect(page2.rows.map((r) => [r.serial, r.pledge_id])).toEqual(
      whole.rows.slice(4).map((r) => [r.serial, r.pledge_id]),
    );
    // One day's range still numbers its pledge by the whole register.
    const oneDay = pledgeBookSchema.parse(
      (await get(h, `/api/registers/pledge-book?from=${b.c.day(14)}&to=${b.c.day(14)}`)).json(),
    );
    expect(oneDay.rows.map((r) => [r.serial, r.page])).toEqual([[6, 1]]);
  });

  it('numbers the eleventh pledge of the register on page 2', async () => {
    const company = await freshCompany(t);
    const first = await pledgeFor(t, company.id, { body: { pledge_date: calendar().day(0) } });
    const db = t.database.db;
    // Ten more pledges copied from the first (the register counts rows, not how they were made).
    await db.execute(sql`
      insert into pledges (company_id, pledge_no, customer_id, scheme_id, pledge_date, due_date, rate_per_gram,
        interest_rate, loan_allowed_percent, duration, total_valuation, eligible_loan, total_loan_amount,
        first_month_interest, document_charges, final_amount, gross_weight, net_weight, item_count)
      select company_id, pledge_no || '-' || g, customer_id, scheme_id, pledge_date + g, due_date + g,
        rate_per_gram, interest_rate, loan_allowed_percent, duration, total_valuation, eligible_loan,
        total_loan_amount, first_month_interest, document_charges, final_amount, gross_weight, net_weight,
        item_count
        from pledges, generate_series(1, 10) g
       where company_id = ${company.id} and id = ${first.pledge_id}`);
    const c = calendar();
    const res = await get(
      first.actor.headers(),
      `/api/registers/pledge-book?from=${c.day(10)}&to=${c.day(10)}`,
    );
    const body = pledgeBookSchema.parse(res.json());
    expect(body.rows.map((r) => [r.serial, r.page, r.articles.length])).toEqual([[11, 2, 0]]);
  });

  it('answers the whole range as CSV with English headings, 2-decimal money and DD/MM/YYYY dates', async () => {
    const b = await book();
    const res = await get(
      b.admin.headers(),
      `/api/registers/pledge-book?from=${b.from}&to=${b.to}&format=csv&page_size=1`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pledge-book-${b.from}-${b.to}.csv"`,
    );
    // English with the Tamil under it, in each heading cell (quoted, for the line feed).
    expect(
      res.body.startsWith('\uFEFF"Serial\nவரிசை எண்","Page\nபக்கம்","Pledge No.\nஅடகு எண்","Date\nதேதி",'),
    ).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(5);
    // The customer code and the interest charged, as the screen and the print show them.
    const json = pledgeBookSchema.parse(
      (await get(b.admin.headers(), `/api/registers/pledge-book?from=${b.from}&to=${b.to}`)).json(),
    );
    const first = json.rows.find((r) => r.pledge_no === b.pledges.first.pledge_no)!;
    expect(res.body).toContain('"Customer Code\nவாடிக்கையாளர் குறியீடு"');
    expect(res.body).toContain('"First Month Interest\nமுதல் மாத வட்டி"');
    expect(lines[1]).toContain(
      `2,1,${b.pledges.first.pledge_no},${formatIndianDate(b.from)},${first.customer_code},Meenakshi Sundaram`,
    );
    expect(first.first_month_interest).toBe(750);
    expect(lines[1]).toContain(',50000.00,1.50,750.00,12,');
    expect(lines[1]).toContain('14.750,14.125');
    expect(lines[2]).toContain(
      `${formatIndianDate(b.c.day(50))} ${b.payments.part.amount.toFixed(2)} (reversed)`,
    );
    expect(lines[3]).toContain(formatIndianDate(b.c.day(60)));
  });

  it('answers an empty range with no rows and zero totals', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const res = await get(admin.headers(), '/api/registers/pledge-book?from=2020-01-01&to=2020-01-31');
    expect(res.statusCode).toBe(200);
    const body = pledgeBookSchema.parse(res.json());
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({
      pledges: 0,
      amount_lent: 0,
      gross_weight: 0,
      net_weight: 0,
      value: 0,
      paid: 0,
    });
  });

  it('refuses a range over 366 days, a start after the end, bad dates and oversized pages with 422', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const h = admin.headers();
    const long = await get(h, '/api/registers/pledge-book?from=2024-01-01&to=2025-01-01');
    expect(long.statusCode).toBe(422);
    expect(long.json().detail[0].msg).toMatch(/at most 366 days/);
    const backwards = await get(h, '/api/registers/pledge-book?from=2025-02-01&to=2025-01-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().detail[0].loc).toMatchObject(['query', 'from']);
    for (const q of ['from=2025-02-30', 'to=31/01/2025', 'page=0', 'page_size=201', 'format=xls']) {
      expect((await get(h, `/api/registers/pledge-book?${q}`)).statusCode, q).toBe(422);
    }
  });

  it('is for those who handle pledges, and shows only the caller’s company', async () => {
    const b = await book();
    const res = await get(b.admin.headers(), `/api/registers/pledge-book?from=${b.from}&to=${b.to}`);
    expect(pledgeBookSchema.parse(res.json()).rows.map((r) => r.pledge_id)).not.toContain(
      b.pledges.stranger.pledge_id,
    );
    // Staff handle pledges only where STAFF_CAN_HANDLE_PLEDGES is on (off in this app).
    const clerk = await userFor(t, b.company.id);
    expect((await get(clerk.headers(), '/api/registers/pledge-book')).statusCode).toBe(403);
    expect((await get(clerk.headers(), '/api/registers/vault')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/registers/pledge-book' })).statusCode).toBe(401);
  });
});

describe('GET /api/registers/vault', () => {
  it('lists every article of the pledges open at the end of the day, with totals by jewel type', async () => {
    const b = await book();
    const h = b.admin.headers();
    const { before, first, paid, closed, after, backdated } = b.pledges;
    // Today: all but the closed one.
    const now = await get(h, '/api/registers/vault');
    expect(now.statusCode, now.body).toBe(200);
    const today = vaultRegisterSchema.parse(now.json());
    expect(today.as_of).toBe(b.c.today);
    expect([...new Set(today.rows.map((r) => r.pledge_id))]).toEqual(
      [before, first, paid, after, backdated].map((p) => p.pledge_id),
    );
    expect(today.rows).toHaveLength(6);
    expect(now.headers['x-total-count']).toBe('6');
    expect(today.rows[1]).toMatchObject({
      pledge_no: first.pledge_no,
      packet_no: first.pledge_no,
      customer_name: 'Meenakshi Sundaram',
      jewel_type: b.gold.jewel_name,
      condition: 'Good',
      count: 1,
      gross_weight: 10.5,
      net_weight: 10,
    });
    expect(today.totals).toEqual({
      by_jewel_type: [
        { jewel_type: b.gold.jewel_name, pledges: 5, items: 6, gross_weight: 56.75, net_weight: 54.125 },
      ],
      overall: { pledges: 5, items: 6, gross_weight: 56.75, net_weight: 54.125 },
    });

    // A day the closed pledge was still held (closed on day 60), before `after` was made (day 35).
    const then = vaultRegisterSchema.parse(
      (await get(h, `/api/registers/vault?as_of=${b.c.day(34)}`)).json(),
    );
    expect([...new Set(then.rows.map((r) => r.pledge_id))]).toEqual(
      [before, first, paid, closed, backdated].map((p) => p.pledge_id),
    );
    // Closed on day 60, its articles stay in the vault until their release on day 62.
    const closing = vaultRegisterSchema.parse(
      (await get(h, `/api/registers/vault?as_of=${b.c.day(61)}`)).json(),
    );
    expect(closing.rows.map((r) => r.pledge_id)).toContain(closed.pledge_id);
    expect(closing.totals.overall.pledges).toBe(6);
    // On the day of the release they are no longer in the vault at the end of the day.
    const releasing = vaultRegisterSchema.parse(
      (await get(h, `/api/registers/vault?as_of=${b.c.day(62)}`)).json(),
    );
    expect(releasing.rows.map((r) => r.pledge_id)).not.toContain(closed.pledge_id);
    expect(releasing.totals.overall.pledges).toBe(5);
  });

  it('pages the articles and shows the packet number when the pledge has one', async () => {
    const b = await book();
    await t.database.db.execute(
      sql`update pledges set packet_no = 'PKT-7' where company_id = ${b.company.id} and id = ${b.pledges.first.pledge_id}`,
    );
    const res = await get(b.admin.headers(), '/api/registers/vault?page=1&page_size=2');
    const body = vaultRegisterSchema.parse(res.json());
    expect(body.rows.map((r) => [r.pledge_id, r.packet_no])).toEqual([
      [b.pledges.before.pledge_id, b.pledges.before.pledge_no],
      [b.pledges.first.pledge_id, 'PKT-7'],
    ]);
    const page3 = vaultRegisterSchema.parse(
      (await get(b.admin.headers(), '/api/registers/vault?page=3&page_size=2')).json(),
    );
    expect(page3.rows.map((r) => r.pledge_id)).toEqual([
      b.pledges.after.pledge_id,
      b.pledges.backdated.pledge_id,
    ]);
    expect(page3.totals.overall.items).toBe(6);
  });

  it('gives every article once across the pages, whatever the page size, with a pledge awaiting release', async () => {
    const b = await book();
    // Day 61: the closed pledge is held until its release on day 62, so both halves of the vault count.
    const asOf = b.c.day(61);
    const whole = vaultRegisterSchema.parse(
      (await get(b.admin.headers(), `/api/registers/vault?as_of=${asOf}&page_size=200`)).json(),
    );
    expect(whole.rows.map((r) => r.pledge_id)).toContain(b.pledges.closed.pledge_id);
    const key = (r: { pledge_id: number; item_id: number }) => `${r.pledge_id}/${r.item_id}`;
    for (const size of [1, 2, 3, 5]) {
      const seen: string[] = [];
      for (let page = 1; page <= Math.ceil(whole.rows.length / size) + 1; page++) {
        const res = await get(
          b.admin.headers(),
          `/api/registers/vault?as_of=${asOf}&page=${page}&page_size=${size}`,
        );
        seen.push(...vaultRegisterSchema.parse(res.json()).rows.map(key));
      }
      expect(seen, `pages of ${size}`).toEqual(whole.rows.map(key));
    }
  });

  it('answers every article and the totals as CSV', async () => {
    const b = await book();
    const asOf = b.c.day(34);
    const res = await get(b.admin.headers(), `/api/registers/vault?as_of=${asOf}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="vault-${asOf}.csv"`);
    const lines = res.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe(
      [
        'Pledge No.\nஅடகு எண்',
        'Packet No.\nபொட்டல எண்',
        'Date\nதேதி',
        'Customer\nவாடிக்கையாளர்',
        'Jewel Type\nநகை வகை',
        'Description\nவிவரம்',
        'Condition\nநிலைமை',
        'Count\nஎண்ணிக்கை',
        'Gross Weight (g)\nமொத்த எடை (கி)',
        'Net Weight (g)\nநிகர எடை (கி)',
      ]
        .map((cell) => `"${cell}"`)
        .join(','),
    );
    // 6 articles, one jewel type's total, the overall total.
    expect(lines).toHaveLength(1 + 6 + 2);
    const english = await get(b.admin.headers(), `/api/registers/vault?as_of=${asOf}&format=csv&headings=en`);
    expect(english.body.replace('\uFEFF', '').trim().split('\r\n')).toEqual([
      'Pledge No.,Packet No.,Date,Customer,Jewel Type,Description,Condition,Count,Gross Weight (g),Net Weight (g)',
      ...lines.slice(1),
    ]);
    expect(lines.at(-1)).toBe(',,,Total,,5 pledges,,6,56.750,54.125');
    expect(lines[2]).toContain(`${formatIndianDate(b.c.day(0))},Meenakshi Sundaram`);
  });

  it('answers an empty vault with zero totals, and refuses a bad date', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const body = vaultRegisterSchema.parse((await get(admin.headers(), '/api/registers/vault')).json());
    expect(body.rows).toEqual([]);
    expect(body.totals).toEqual({
      by_jewel_type: [],
      overall: { pledges: 0, items: 0, gross_weight: 0, net_weight: 0 },
    });
    const bad = await get(admin.headers(), '/api/registers/vault?as_of=2025-13-01');
    expect(bad.statusCode, bad.body).toBe(422);
  });
});
