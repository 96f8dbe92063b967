import { businessToday } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { type Actor, adminFor, freshCompany, pledgeFor, userFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectBooksClean } from '../payments/payments-test-helpers.ts';
import { lockDayExclusive } from '../vouchers/day-guard.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';

// A day close racing a voucher, and a drawer close racing its user's cash (docs/decisions.md, "A closed
// day and the vouchers racing it"). Concurrency only means something on PostgreSQL: PGlite has one
// connection and runs one transaction at a time.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ staffCanHandlePledges: true });
});
afterAll(async () => {
  await expectBooksClean(t);
  await t.close();
});

const today = () => businessToday(t.config.businessTimeZone);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise and its resolver: the held transaction waits on it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

/** Whether `p` has settled within `ms` (it should still be waiting on a lock when it has not). */
async function settledWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void p.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  await sleep(ms);
  return settled;
}

/** A cash Receipt voucher (capital brought in) by `userId`, posted in a transaction held open until `held`. */
function heldCashVoucher(
  companyId: number,
  userId: number,
  date: string,
  held: Promise<void>,
  started: () => void,
) {
  return t.database.db.transaction(async (tx) => {
    const v = await postVoucher(tx, {
      companyId,
      voucherType: 'Receipt',
      entryDate: date,
      narration: 'Capital brought in while the day closes',
      lines: [
        { accountCode: '1000', debitPaise: 123_400, creditPaise: 0 },
        { accountCode: '3000', debitPaise: 0, creditPaise: 123_400 },
      ],
      source: { kind: 'manual' },
      createdBy: userId,
    });
    started();
    await held;
    return v.id;
  });
}

const post = (actor: Actor, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: actor.headers(), payload });

describe('a day close racing a voucher', () => {
  it('waits for a voucher being written on the day, then closes with it inside', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const g = gate();
    const posted = gate();
    const voucher = heldCashVoucher(companyId, admin.userId, today(), g.opened, posted.open);
    await posted.opened;
    const close = post(admin, `/api/days/${today()}/close`, {});
    try {
      expect(await settledWithin(close, 400)).toBe(false);
    } finally {
      g.open();
    }
    const id = await voucher;
    const res = await close;
    expect(res.statusCode, res.body).toBe(200);
    const [row] = rowsOf<{ entry_date: string }>(
      await t.database.db.execute(sql`select entry_date::text from vouchers where id = ${id}`),
    );
    expect(row?.entry_date).toBe(today());
  });

  it('a voucher waiting on a close being committed is refused once the close commits (409 DAY_CLOSED)', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const p = await pledgeFor(t, companyId, { actor: admin });
    const g = gate();
    const locked = gate();
    // The close's own steps, held before its commit.
    const close = t.database.db.transaction(async (tx) => {
      await lockDayExclusive(tx, companyId, today());
      await tx.execute(
        sql`insert into business_days (company_id, business_date, status, closed_at) values (${companyId}, ${today()}, 'closed', now())`,
      );
      locked.open();
      await g.opened;
    });
    await locked.opened;
    const payment = post(admin, '/api/pledge-payments/', {
      pledge_id: p.pledge_id,
      payment_date: today(),
      payment_type: 'partial_principal',
      amount: 10,
      payment_method: 'cash',
    });
    try {
      expect(await settledWithin(payment, 400)).toBe(false);
    } finally {
      g.open();
    }
    await close;
    const res = await payment;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().code).toBe('DAY_CLOSED');
  });

  it('20 cash pledges and a day close at once: every voucher dated on the day was written before the close', async () => {
    const companyId = (await freshCompany(t)).id;
    const admin = await adminFor(t, companyId);
    const base = await pledgeFor(t, companyId, { actor: admin, body: { total_loan_amount: 10000 } });
    const body = {
      customer_id: base.customer_id,
      scheme_id: base.scheme_id,
      pledge_date: today(),
      total_loan_amount: 10000,
      document_charges: 100,
      items: [{ jewell_design_id: base.designId, gross_weight: 10.5, net_weight: 10 }],
    };
    const pledgeVouchers = async () => {
      const [row] = rowsOf<{ n: number }>(
        await t.database.db.execute(sql`
          select count(*)::int as n from vouchers
           where company_id = ${companyId} and source_kind = 'pledge' and entry_date = ${today()}`),
      );
      return row?.n ?? -1;
    };
    const pledges = Array.from({ length: 20 }, () => post(admin, '/api/pledges/with-items', body));
    await sleep(20);
    const close = await post(admin, `/api/days/${today()}/close`, {});
    expect(close.statusCode, close.body).toBe(200);
    // Once the close has committed, no pledge voucher dated on the day can be added.
    const atClose = await pledgeVouchers();
    const answers = await Promise.all(pledges);
    for (const a of answers) expect([201, 409], a.body).toContain(a.statusCode);
    expect(await pledgeVouchers()).toBe(atClose);
    expect(atClose).toBe(1 + answers.filter((a) => a.statusCode === 201).length);
  });
});

describe('a drawer close racing its user’s cash', () => {
  it('waits for a cash voucher of the user being written, and counts it', async () => {
    const companyId = (await freshCompany(t)).id;
    const clerk = await userFor(t, companyId);
    await post(clerk, '/api/cash-drawer/open', { denominations: { '500': 10 } });
    const g = gate();
    const posted = gate();
    const voucher = heldCashVoucher(companyId, clerk.userId, today(), g.opened, posted.open);
    await posted.opened;
    const close = post(clerk, '/api/cash-drawer/close', {
      denominations: { '500': 10, '100': 12, coins: 34 },
    });
    try {
      expect(await settledWithin(close, 400)).toBe(false);
    } finally {
      g.open();
    }
    await voucher;
    const res = await close;
    expect(res.statusCode, res.body).toBe(200);
    // 5,000 + 1,234 received: counted to the rupee.
    expect(res.json()).toMatchObject({ expected: 6234, receipts: 1234, difference: 0 });
  });
});
