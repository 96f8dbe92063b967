import { OPERATION_ACCOUNT_CODES } from '@pledge-desk/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Actor, companyWithAdmin } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postVoucher } from '../vouchers/vouchers.service.ts';

/**
 * Manual vouchers may not move the accounts pledges and payments own (docs/domain-rules.md §6.3):
 * 1200 on a manual Journal would break "1200 equals the open principal". Each test has its own branch.
 */
let t: TestApp;
/** Each branch's own admin, by company id. */
const admins = new Map<number, Actor>();

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A fresh branch with its system accounts and its own admin, and its account ids by code. */
async function branch(): Promise<{ companyId: number; acc: (code: string) => number }> {
  const { companyId, admin, headers } = await companyWithAdmin(t);
  admins.set(companyId, admin);
  const chart = (
    await t.app.inject({ method: 'GET', url: `/api/chart-of-accounts/${companyId}`, headers })
  ).json() as { id: number; account_code: string }[];
  return {
    companyId,
    acc: (code) => {
      const found = chart.find((a) => a.account_code === code);
      if (!found) throw new Error(`no account ${code}`);
      return found.id;
    },
  };
}

const headers = (companyId: number) => admins.get(companyId)!.headers();

const journal = (lines: [number, number, number][]) => ({
  entry_date: '2026-10-01',
  voucher_type: 'Journal',
  narration: 'Interest written back by hand',
  details: lines.map(([account_id, debit_amount, credit_amount]) => ({
    account_id,
    debit_amount,
    credit_amount,
  })),
});

describe('POST /daybook-entries and the accounts of pledges and payments', () => {
  it('refuses a Journal debiting 1200 Pledge Loans Receivable, naming the line', async () => {
    const { companyId, acc } = await branch();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(companyId),
      payload: journal([
        [acc('1000'), 0, 5000],
        [acc('1200'), 5000, 0],
      ]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toMatchObject([
      {
        loc: ['body', 'details', 1, 'account_id'],
        msg: '1200 Pledge Loans Receivable is moved only by pledges and payments; a manual voucher cannot use it.',
        type: 'value_error.operation_account',
      },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/daybook-entries',
      headers: headers(companyId),
    });
    expect(list.json()).toEqual([]);
  });

  it('refuses 4000 Interest Income even under a new name, and names every such line', async () => {
    const { companyId, acc } = await branch();
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/api/chart-of-accounts/${acc('4000')}`,
      headers: headers(companyId),
      payload: {
        account_name: 'Interest on Loans',
        account_code: '4000',
        account_type: 'Income',
        account_category: 'Income',
        company_id: companyId,
      },
    });
    expect(rename.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(companyId),
      payload: journal([
        [acc('5000'), 100, 0],
        [acc('1000'), 0, 0],
        [acc('4000'), 0, 100],
      ]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail.map((d: { loc: unknown[]; msg: string }) => [d.loc, d.msg])).toMatchObject([
      [
        ['body', 'details', 0, 'account_id'],
        '5000 Discount Allowed is moved only by pledges and payments; a manual voucher cannot use it.',
      ],
      [
        ['body', 'details', 2, 'account_id'],
        '4000 Interest on Loans is moved only by pledges and payments; a manual voucher cannot use it.',
      ],
    ]);
  });

  it('still posts a Contra clearing 1190 Bank Clearing, and an account the user made with code 2150', async () => {
    const { companyId, acc } = await branch();
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/chart-of-accounts/',
      headers: headers(companyId),
      payload: {
        account_name: 'Sundry Creditors',
        account_code: '2150',
        account_type: 'Liability',
        account_category: 'Current Liabilities',
        company_id: companyId,
      },
    });
    expect(made.statusCode).toBe(201);
    const contra = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(companyId),
      payload: {
        ...journal([
          [acc('1000'), 800, 0],
          [acc('1190'), 0, 800],
        ]),
        voucher_type: 'Contra',
      },
    });
    expect(contra.statusCode).toBe(201);
    const creditors = await t.app.inject({
      method: 'POST',
      url: '/api/daybook-entries',
      headers: headers(companyId),
      payload: journal([
        [acc('1000'), 300, 0],
        [made.json().id, 0, 300],
      ]),
    });
    expect(creditors.statusCode).toBe(201);
  });
});

describe('PUT /daybook-entries/{id} and the accounts of pledges and payments', () => {
  it('refuses to keep 1200 on a manual voucher posted before the rule, and leaves it as it was', async () => {
    const { companyId, acc } = await branch();
    const old = await t.database.db.transaction((tx) =>
      postVoucher(tx, {
        companyId,
        voucherType: 'Journal',
        entryDate: '2026-10-01',
        narration: 'Loan entered by hand',
        lines: [
          { accountId: acc('1200'), debitPaise: 10_000, creditPaise: 0 },
          { accountId: acc('1000'), debitPaise: 0, creditPaise: 10_000 },
        ],
        source: { kind: 'manual' },
        createdBy: null,
      }),
    );
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/daybook-entries/${old.id}`,
      headers: headers(companyId),
      payload: journal([
        [acc('1200'), 200, 0],
        [acc('1000'), 0, 200],
      ]),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toMatchObject(['body', 'details', 0, 'account_id']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/daybook-entries',
      headers: headers(companyId),
    });
    expect(
      list.json().map((e: { entry_id: number; total_amount: number }) => [e.entry_id, e.total_amount]),
    ).toEqual([[old.id, 100]]);
  });
});

describe('GET /accounts for the daybook picker', () => {
  it('marks the accounts a manual voucher cannot use', async () => {
    const { companyId } = await branch();
    const res = await t.app.inject({ method: 'GET', url: '/api/accounts', headers: headers(companyId) });
    const closed = (res.json() as { account_code: string; manual_entry: boolean }[])
      .filter((a) => !a.manual_entry)
      .map((a) => a.account_code);
    expect(closed).toEqual(['1195', '1200', '1210', '2100', '2200', '4000', '4100', '4200', '5000']);
    expect(OPERATION_ACCOUNT_CODES).toEqual(expect.arrayContaining(closed));
  });
});
