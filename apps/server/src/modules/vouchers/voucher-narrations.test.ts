import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, businessToday, dayBookSchema, ledgerSchema, VOUCHER_NARRATIONS } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminFor, capitalVoucherFor, freshCompany, paymentFor, pledgeFor } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// The narrations the server writes on its vouchers are stored with their kind and values, so a screen
// can say them in the reader's language; a voucher of before (no kind) reads as stored.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = () => businessToday(t.config.businessTimeZone);

describe('the narration kind of a voucher the server writes', () => {
  it('stores the kind and values of a pledge payout and a payment receipt, and answers them on the day book and the daybook entries', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const start = addDays(today(), -30);
    await capitalVoucherFor(t, admin, start, 100000);
    const pledge = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: start } });
    const payment = await paymentFor(t, company.id, pledge, { payment_type: 'partial_principal' });
    const headers = admin.headers();

    const book = await t.app.inject({
      method: 'GET',
      url: `/api/reports/day-book?from=${start}&to=${today()}`,
      headers,
    });
    expect(book.statusCode).toBe(200);
    const vouchers = dayBookSchema.parse(book.json()).vouchers;
    const payout = vouchers.find((v) => v.narration_code === 'pledge_payout');
    expect(payout?.narration_params).toEqual({ pledge: pledge.pledge_no, customer: pledge.customer_name });
    expect(payout?.narration).toBe(`Pledge ${pledge.pledge_no} to ${pledge.customer_name}: loan paid out`);
    const receipt = vouchers.find((v) => v.narration_code === 'receipt_payment');
    expect(receipt?.narration_params).toEqual({ receipt: payment.receipt_no, pledges: pledge.pledge_no });
    expect(receipt?.narration).toBe(`Receipt ${payment.receipt_no}: payment on pledge ${pledge.pledge_no}`);
    // The capital voucher a user typed has no kind.
    const typed = vouchers.find((v) => v.source === 'manual');
    expect(typed?.narration_code).toBeNull();
    expect(typed?.narration_params).toBeNull();

    // The ledger of 1200: the payout's line shows the voucher's narration, with its kind.
    const chart = (await t.app.inject({ method: 'GET', url: '/api/accounts', headers })).json() as {
      account_id: number;
      account_code: string;
    }[];
    const loans = chart.find((a) => a.account_code === '1200')!;
    const ledger = await t.app.inject({
      method: 'GET',
      url: `/api/reports/ledger?account_id=${loans.account_id}&from=${start}&to=${today()}`,
      headers,
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    const lines = ledgerSchema.parse(ledger.json()).lines;
    expect(lines.find((l) => l.narration_code === 'pledge_payout')?.narration_params).toEqual({
      pledge: pledge.pledge_no,
      customer: pledge.customer_name,
    });

    const entries = await t.app.inject({ method: 'GET', url: `/api/daybook-entries?from=${start}`, headers });
    expect(entries.statusCode).toBe(200);
    const listed = entries.json() as { voucher_number: string; narration_code: string | null }[];
    expect(listed.find((e) => e.voucher_number === receipt?.voucher_number)?.narration_code).toBe(
      'receipt_payment',
    );
  });

  it('answers a voucher written before the kind was stored as it is, without a kind', async () => {
    const company = await freshCompany(t);
    const admin = await adminFor(t, company.id);
    const start = addDays(today(), -10);
    const pledge = await pledgeFor(t, company.id, { actor: admin, body: { pledge_date: start } });
    // A row of before the columns: its kind and values empty, its text as written then.
    await t.database.db.execute(
      sql`update vouchers set narration_code = null, narration_params = null where company_id = ${company.id}`,
    );
    const book = await t.app.inject({
      method: 'GET',
      url: `/api/reports/day-book?from=${start}&to=${today()}`,
      headers: admin.headers(),
    });
    const [payout] = dayBookSchema.parse(book.json()).vouchers;
    expect(payout?.narration_code).toBeNull();
    expect(payout?.narration).toBe(`Pledge ${pledge.pledge_no} to ${pledge.customer_name}: loan paid out`);
  });

  it('is written by every module through voucherNarration, never as a bare English template', () => {
    const modules = join(import.meta.dirname, '..');
    const bare = readdirSync(modules, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /narration:\s*`/.test(readFileSync(join(modules, file), 'utf8')));
    expect(bare).toEqual([]);
  });

  it('names every kind with a text whose values are all given', () => {
    for (const [code, text] of Object.entries(VOUCHER_NARRATIONS)) {
      expect(text, code).toMatch(/\{\w+\}/);
    }
  });
});
