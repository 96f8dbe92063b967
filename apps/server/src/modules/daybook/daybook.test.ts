import { addDays, auditListSchema, businessToday, DAYBOOK_MESSAGES } from '@pledge-desk/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminFor, freshCompany, userFor } from '../../test/fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { postVoucher, VOUCHER_MESSAGES } from '../vouchers/vouchers.service.ts';

let t: TestApp;
let admin: string;
let clerk: string;
let mainId: number;
let maduraiId: number;
const acc: Record<string, number> = {};
let maduraiCash: number;

const asAdmin = (companyId = mainId) => ({ ...bearer(admin), 'x-company-id': String(companyId) });

const post = (payload: object, companyId = mainId) =>
  t.app.inject({ method: 'POST', url: '/api/daybook-entries', headers: asAdmin(companyId), payload });

/** Capital brought in: Dr Cash, Cr Capital. */
const capital = (amount: number, entryDate = '2026-10-01') => ({
  entry_date: entryDate,
  voucher_type: 'Receipt',
  reference_number: 'CHQ-114',
  narration: 'Capital brought in by the proprietor',
  total_amount: amount,
  company_id: mainId,
  details: [
    { account_id: acc.cash, debit_amount: amount, credit_amount: 0, narration: 'Cash received' },
    { account_id: acc.capital, debit_amount: 0, credit_amount: amount },
  ],
});

const journal = (entryDate: string, amount: number, narration = 'Rent for the month') => ({
  entry_date: entryDate,
  voucher_type: 'Journal',
  narration,
  details: [
    { account_id: acc.rent, debit_amount: amount, credit_amount: 0 },
    { account_id: acc.cash, debit_amount: 0, credit_amount: amount },
  ],
});

function messagesOf(body: { detail: { msg: string }[] }): string[] {
  return body.detail.map((d) => d.msg);
}

/**
 * The vouchers the list tests read, posted in this order: RCT/2026-27/0001 (1 Oct), JV 0001 (2 Oct),
 * JV 0002 (3 Oct), RCT 0002 (1 Oct), JV/2025-26/0001 (31 Mar), JV 0003 (1 Apr), JV 0004 (4 Oct).
 */
async function seedVouchers(): Promise<void> {
  for (const body of [
    capital(500000),
    journal('2026-10-02', 25000),
    journal('2026-10-03', 120.45),
    capital(1000),
    journal('2026-03-31', 100),
    journal('2026-04-01', 100),
    journal('2026-10-04', 300),
  ]) {
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own companies (with system accounts), admin, clerk and accounts.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  maduraiId = (await freshCompany(t)).id;
  admin = (await adminFor(t, mainId)).token;
  clerk = (await userFor(t, maduraiId)).token;
  const options = (
    await t.app.inject({ method: 'GET', url: '/api/accounts', headers: asAdmin() })
  ).json() as { account_id: number; account_code: string }[];
  const byCode = (code: string) => options.find((o) => o.account_code === code)!.account_id;
  acc.cash = byCode('1000');
  acc.capital = byCode('3000');
  const add = async (code: string, name: string, status = true) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/chart-of-accounts/',
        headers: asAdmin(),
        payload: {
          account_code: code,
          account_name: name,
          account_type: 'Expense',
          account_category: 'Indirect Expenses',
          status,
          company_id: mainId,
        },
      })
    ).json().id as number;
  acc.rent = await add('6100', 'Rent');
  acc.old = await add('6900', 'Old expenses', false);
  maduraiCash = (
    await t.app.inject({ method: 'GET', url: '/api/accounts', headers: asAdmin(maduraiId) })
  ).json()[0].account_id;
});
afterAll(async () => t.close());

describe('POST /api/daybook-entries', () => {
  it('posts a voucher and gives it the next number of its type and financial year', async () => {
    const res = await post(capital(500000));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      entry_id: expect.any(Number),
      entry_date: '2026-10-01',
      voucher_type: 'Receipt',
      voucher_number: 'RCT/2026-27/0001',
      reference_number: 'CHQ-114',
      narration: 'Capital brought in by the proprietor',
      // Typed by a user: no kind of the server's narrations.
      narration_code: null,
      narration_params: null,
      total_amount: 500000,
      company_id: mainId,
      created_at: expect.any(String),
      source: 'manual',
      is_editable: true,
      daybook_details: [
        {
          account_id: acc.cash,
          account_code: '1000',
          account_name: 'Cash in Hand',
          debit_amount: 500000,
          credit_amount: 0,
          narration: 'Cash received',
        },
        {
          account_id: acc.capital,
          account_code: '3000',
          account_name: 'Capital',
          debit_amount: 0,
          credit_amount: 500000,
          narration: null,
        },
      ],
    });
    const numbers = [];
    for (const body of [journal('2026-10-02', 25000), journal('2026-10-03', 120.45), capital(1000)]) {
      numbers.push((await post(body)).json().voucher_number);
    }
    expect(numbers).toEqual(['JV/2026-27/0001', 'JV/2026-27/0002', 'RCT/2026-27/0002']);
  });

  it('numbers a voucher dated in the previous financial year in that year', async () => {
    await post(journal('2026-10-02', 25000));
    await post(journal('2026-10-03', 120.45));
    const res = await post(journal('2026-03-31', 100));
    expect(res.json().voucher_number).toBe('JV/2025-26/0001');
    expect((await post(journal('2026-04-01', 100))).json().voucher_number).toBe('JV/2026-27/0003');
  });

  it('numbers each company on its own', async () => {
    const res = await post(
      {
        entry_date: '2026-10-01',
        voucher_type: 'Journal',
        narration: 'Opening cash moved to capital',
        details: [
          { account_id: maduraiCash, debit_amount: 10, credit_amount: 0 },
          { account_id: maduraiCash + 3, debit_amount: 0, credit_amount: 10 },
        ],
      },
      maduraiId,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().voucher_number).toBe('JV/2026-27/0001');
  });

  it('sends only the filled rows', async () => {
    const body = journal('2026-10-04', 300);
    body.details.push({ account_id: acc.capital, debit_amount: 0, credit_amount: 0 });
    const res = await post(body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().daybook_details).toHaveLength(2);
  });

  it.each([
    ['a single row', [{ account_id: 1, debit_amount: 100, credit_amount: 0 }], DAYBOOK_MESSAGES.twoAccounts],
    [
      'no amount at all',
      [
        { account_id: 1, debit_amount: 0, credit_amount: 0 },
        { account_id: 2, debit_amount: 0, credit_amount: 0 },
      ],
      DAYBOOK_MESSAGES.noAmount,
    ],
    [
      'debits not equal to credits',
      [
        { account_id: 1, debit_amount: 100, credit_amount: 0 },
        { account_id: 2, debit_amount: 0, credit_amount: 99.99 },
      ],
      DAYBOOK_MESSAGES.unbalanced,
    ],
    [
      'one account on both sides',
      [
        { account_id: 1, debit_amount: 100, credit_amount: 0 },
        { account_id: 1, debit_amount: 0, credit_amount: 100 },
      ],
      DAYBOOK_MESSAGES.twoAccounts,
    ],
    [
      'a row with both a debit and a credit',
      [
        { account_id: 1, debit_amount: 100, credit_amount: 100 },
        { account_id: 2, debit_amount: 0, credit_amount: 0 },
      ],
      DAYBOOK_MESSAGES.bothSides,
    ],
    [
      'a negative amount',
      [
        { account_id: 1, debit_amount: -100, credit_amount: 0 },
        { account_id: 2, debit_amount: 0, credit_amount: -100 },
      ],
      'Debit amount cannot be negative',
    ],
  ])('refuses %s with the screen text', async (_name, details, message) => {
    const res = await post({ entry_date: '2026-10-05', voucher_type: 'Journal', narration: 'x', details });
    expect(res.statusCode).toBe(422);
    expect(messagesOf(res.json())).toContain(message);
  });

  it('asks for a narration and a known voucher type', async () => {
    const res = await post({ ...journal('2026-10-05', 10), narration: '  ', voucher_type: 'Sales' });
    expect(res.statusCode).toBe(422);
    const fields = res.json().detail.map((d: { loc: string[] }) => d.loc[1]);
    expect(fields.sort()).toEqual(['narration', 'voucher_type']);
    expect(messagesOf(res.json())).toContain('Narration is required');
  });

  it('refuses a total_amount that differs from the debits', async () => {
    const res = await post({ ...capital(1000), total_amount: 999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'total_amount'],
      msg: DAYBOOK_MESSAGES.totalMismatch,
    });
  });

  it("refuses another company's account and an inactive account, naming the row", async () => {
    const body = journal('2026-10-05', 10);
    body.details[0]!.account_id = maduraiCash;
    const foreign = await post(body);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().detail).toMatchObject([
      {
        loc: ['body', 'details', 0, 'account_id'],
        msg: VOUCHER_MESSAGES.unknownAccount,
        type: 'value_error',
      },
    ]);
    body.details[0]!.account_id = acc.old!;
    const inactive = await post(body);
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().detail[0].msg).toBe(VOUCHER_MESSAGES.inactiveAccount);
  });

  it('refuses a date after the business day', async () => {
    const res = await post(journal('2999-01-01', 10));
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0]).toMatchObject({
      loc: ['body', 'entry_date'],
      msg: 'The entry date cannot be after today.',
    });
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: bearer(clerk),
      payload: journal('2026-10-05', 10),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/daybook-entries/open-day', () => {
  // The bug this fixed: Add Entry started on today even when today was closed, so the first Save was refused.
  it('answers today while it is open, else the latest day before it that is not closed', async () => {
    const openDay = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/daybook-entries/open-day',
        headers: asAdmin(),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { date: string; today: string };
    };
    const today = businessToday(t.config.businessTimeZone);
    expect(await openDay()).toEqual({ date: today, today });
    const close = async (date: string) =>
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/days/${date}/close`,
            headers: asAdmin(),
            payload: {},
          })
        ).statusCode,
      ).toBe(200);
    await close(today);
    await close(addDays(today, -1));
    await close(addDays(today, -3));
    expect(await openDay()).toEqual({ date: addDays(today, -2), today });
    // A reopened day is open again; another company's closed days are not this one's.
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/days/${today}/reopen`,
      headers: asAdmin(),
      payload: { reason: 'A late voucher' },
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await openDay()).toEqual({ date: today, today });
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/daybook-entries/open-day',
      headers: asAdmin(maduraiId),
    });
    expect(other.json()).toEqual({ date: today, today });
  });

  it('is for those who keep the books', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/daybook-entries/open-day',
      headers: { ...bearer(clerk), 'x-company-id': String(maduraiId) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/daybook-entries', () => {
  const list = async (query = '', companyId = mainId) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/daybook-entries${query}`,
      headers: asAdmin(companyId),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('lists newest first by entry date, then number, with the total count', async () => {
    await seedVouchers();
    const res = await list();
    const rows = res.json() as { entry_date: string; voucher_number: string }[];
    expect(Number(res.headers['x-total-count'])).toBe(rows.length);
    expect(rows.slice(0, 4).map((r) => [r.entry_date, r.voucher_number])).toEqual([
      ['2026-10-04', 'JV/2026-27/0004'],
      ['2026-10-03', 'JV/2026-27/0002'],
      ['2026-10-02', 'JV/2026-27/0001'],
      ['2026-10-01', 'RCT/2026-27/0002'],
    ]);
    expect(rows.at(-1)?.voucher_number).toBe('JV/2025-26/0001');
  });

  it('pages with skip and limit', async () => {
    await seedVouchers();
    const all = (await list()).json() as { entry_id: number }[];
    const page = (await list('?skip=1&limit=2')).json() as { entry_id: number }[];
    expect(page.map((r) => r.entry_id)).toEqual(all.slice(1, 3).map((r) => r.entry_id));
  });

  it('filters by date range and voucher type', async () => {
    await seedVouchers();
    const range = (await list('?from=2026-10-02&to=2026-10-03')).json() as { voucher_number: string }[];
    expect(range.map((r) => r.voucher_number)).toEqual(['JV/2026-27/0002', 'JV/2026-27/0001']);
    const receipts = await list('?voucher_type=Receipt');
    expect(receipts.json().map((r: { voucher_number: string }) => r.voucher_number)).toEqual([
      'RCT/2026-27/0002',
      'RCT/2026-27/0001',
    ]);
    expect(receipts.headers['x-total-count']).toBe('2');
  });

  it('answers an empty list as []', async () => {
    await seedVouchers();
    expect((await list('?from=2020-01-01&to=2020-01-31')).json()).toEqual([]);
  });

  it('refuses a user with 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/daybook-entries', headers: bearer(clerk) });
    expect(res.statusCode).toBe(403);
  });
});

describe('PUT /api/daybook-entries/{entry_id}', () => {
  let id: number;
  let pledgeVoucherId: number;

  beforeEach(async () => {
    id = (await post(journal('2026-10-06', 1800, 'Electricity'))).json().entry_id;
    pledgeVoucherId = await t.database.db.transaction(async (tx) => {
      const posted = await postVoucher(tx, {
        companyId: mainId,
        voucherType: 'Payment',
        entryDate: '2026-10-06',
        narration: 'Pledge GL1',
        lines: [
          { accountCode: '1200', debitPaise: 4_875_000, creditPaise: 0 },
          { accountCode: '1000', debitPaise: 0, creditPaise: 4_791_875 },
          { accountCode: '4000', debitPaise: 0, creditPaise: 73_125 },
          { accountCode: '4100', debitPaise: 0, creditPaise: 10_000 },
        ],
        source: { kind: 'pledge', id: 1 },
        createdBy: null,
      });
      return posted.id;
    });
  });

  const put = (entryId: number, payload: object, companyId = mainId) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/daybook-entries/${entryId}`,
      headers: asAdmin(companyId),
      payload,
    });

  it('changes the lines, date and narration and keeps the number', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/daybook-entries', headers: asAdmin() }))
      .json()
      .find((e: { entry_id: number }) => e.entry_id === id);
    const res = await put(id, journal('2026-10-07', 1950.75, 'Electricity, corrected'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      entry_id: id,
      entry_date: '2026-10-07',
      voucher_number: before.voucher_number,
      narration: 'Electricity, corrected',
      total_amount: 1950.75,
    });
    expect(res.json().daybook_details.map((d: { debit_amount: number }) => d.debit_amount)).toMatchObject([
      1950.75, 0,
    ]);
  });

  it('refuses a change of voucher type or of financial year', async () => {
    const type = await put(id, { ...journal('2026-10-07', 10), voucher_type: 'Payment' });
    expect(type.statusCode).toBe(422);
    expect(type.json().detail[0]).toMatchObject({
      loc: ['body', 'voucher_type'],
      msg: VOUCHER_MESSAGES.typeFixed,
    });
    const year = await put(id, journal('2026-03-31', 10));
    expect(year.statusCode).toBe(422);
    expect(year.json().detail[0].loc).toMatchObject(['body', 'entry_date']);
    expect(year.json().detail[0].msg).toMatch(/financial year 2026-27/);
  });

  it('applies every daybook rule again', async () => {
    const body = journal('2026-10-07', 10);
    body.details[1]!.credit_amount = 9;
    const res = await put(id, body);
    expect(res.statusCode).toBe(422);
    expect(messagesOf(res.json())).toContain(DAYBOOK_MESSAGES.unbalanced);
  });

  it('refuses a voucher written by a pledge (409) and shows it as not editable', async () => {
    const res = await put(pledgeVoucherId, { ...journal('2026-10-06', 10), voucher_type: 'Payment' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(VOUCHER_MESSAGES.readOnly);
    const listed = (
      await t.app.inject({
        method: 'GET',
        url: '/api/daybook-entries?voucher_type=Payment',
        headers: asAdmin(),
      })
    ).json();
    expect(listed[0]).toMatchObject({ entry_id: pledgeVoucherId, source: 'pledge', is_editable: false });
  });

  it("answers another company's entry and a missing one as 404", async () => {
    expect((await put(id, journal('2026-10-07', 10), maduraiId)).statusCode).toBe(404);
    expect((await put(999999, journal('2026-10-07', 10))).statusCode).toBe(404);
  });

  describe('DELETE /api/daybook-entries/{entry_id}', () => {
    const del = (entryId: number, companyId = mainId) =>
      t.app.inject({ method: 'DELETE', url: `/api/daybook-entries/${entryId}`, headers: asAdmin(companyId) });

    it('refuses a voucher written by a pledge (409)', async () => {
      const res = await del(pledgeVoucherId);
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe(VOUCHER_MESSAGES.readOnly);
    });

    it('deletes a manual voucher and its lines; another company gets 404', async () => {
      expect((await del(id, maduraiId)).statusCode).toBe(404);
      expect((await del(id)).statusCode).toBe(204);
      expect((await del(id)).statusCode).toBe(404);
    });
  });
});

describe('the audit trail of manual vouchers', () => {
  async function trail(id: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit?entity=voucher&entity_id=${id}`,
      headers: asAdmin(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return auditListSchema.parse(res.json());
  }

  it('records the create, the update and the delete of a voucher with its lines, the deleted one whole', async () => {
    const made = await post(journal('2026-10-06', 1800, 'Electricity'));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().entry_id as number;
    const number = made.json().voucher_number as string;
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/daybook-entries/${id}`,
      headers: asAdmin(),
      payload: journal('2026-10-07', 1950.75, 'Electricity, corrected'),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/daybook-entries/${id}`,
      headers: asAdmin(),
    });
    expect(gone.statusCode).toBe(204);

    const events = await trail(id);
    expect(events.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    const [del, upd, cre] = events as [(typeof events)[0], (typeof events)[0], (typeof events)[0]];
    expect(cre).toMatchObject({ company_id: mainId, entity: 'voucher', entity_id: String(id), before: null });
    expect(cre.route).toBe('POST /api/daybook-entries');
    const lines = (rent: number) => [
      expect.objectContaining({ line_no: 1, account_id: acc.rent, debit: rent, credit: 0 }),
      expect.objectContaining({ line_no: 2, account_id: acc.cash, debit: 0, credit: rent }),
    ];
    expect(cre.after).toMatchObject({
      id,
      voucher_number: number,
      entry_date: '2026-10-06',
      narration: 'Electricity',
      total_amount: 1800,
      source_kind: 'manual',
      lines: lines(1800),
    });
    expect(upd.before).toMatchObject({ narration: 'Electricity', total_amount: 1800, lines: lines(1800) });
    expect(upd.after).toMatchObject({
      voucher_number: number,
      entry_date: '2026-10-07',
      narration: 'Electricity, corrected',
      total_amount: 1950.75,
      lines: lines(1950.75),
    });
    expect(del.before).toMatchObject({
      id,
      voucher_number: number,
      narration: 'Electricity, corrected',
      total_amount: 1950.75,
      lines: lines(1950.75),
    });
    expect(del.after).toBeNull();
  });

  it('records nothing for a refused change', async () => {
    const id = (await post(journal('2026-10-06', 1800))).json().entry_id as number;
    const body = journal('2026-10-07', 10);
    body.details[1]!.credit_amount = 9;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/daybook-entries/${id}`,
      headers: asAdmin(),
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect((await trail(id)).map((e) => e.action)).toEqual(['create']);
  });
});
