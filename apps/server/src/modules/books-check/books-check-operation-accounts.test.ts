import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';

/**
 * A manual voucher on 1200 (posted before the daybook refused it) is named by the books
 * check, so "1200 equals the open principal" stays meaningful. Each test has a branch of its own.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const NAME = 'No manual voucher moves the accounts of pledges and payments';

async function post(companyId: number, kind: 'manual' | 'pledge', debitCode: string) {
  await t.database.db.transaction((tx) =>
    postVoucher(tx, {
      companyId,
      voucherType: 'Journal',
      entryDate: '2026-10-01',
      narration: 'Loan entered by hand',
      lines: [
        { accountCode: debitCode, debitPaise: 10_000, creditPaise: 0 },
        { accountCode: '1000', debitPaise: 0, creditPaise: 10_000 },
      ],
      source: { kind },
      createdBy: null,
    }),
  );
}

async function check(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/books/check', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { ok: boolean; checks: { name: string; status: string; offending: unknown[] }[] };
}

describe('books check: manual vouchers and the accounts of pledges and payments', () => {
  it('names a manual voucher on 1200 and fails the books', async () => {
    const { companyId, headers } = await companyWithAdmin(t);
    await post(companyId, 'manual', '1200');
    const body = await check(headers);
    expect(body.ok).toBe(false);
    expect(body.checks.find((c) => c.name === NAME)).toMatchObject({
      status: 'failed',
      // The lines on those accounts: here the one debit on 1200.
      offending: [{ voucher_number: 'JV/2026-27/0001', lines: 1, debit: 100, credit: 0, total_amount: 100 }],
    });
  });

  it('passes a pledge voucher on 1200 and a manual one on 1190', async () => {
    const { companyId, headers } = await companyWithAdmin(t);
    await post(companyId, 'pledge', '1200');
    await post(companyId, 'manual', '1190');
    const body = await check(headers);
    expect(body.checks.find((c) => c.name === NAME)?.status).toBe('ok');
    // A loan on 1200 with no pledge behind it is what the 1200 check exists to catch.
    expect(body.checks.find((c) => c.name.startsWith('Pledge Loans Receivable (1200)'))?.status).toBe(
      'failed',
    );
    expect(body.ok).toBe(false);
  });
});
