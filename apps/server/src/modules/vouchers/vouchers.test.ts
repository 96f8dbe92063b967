import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { pgConstraint, pgErrorCode } from '../../lib/app-error.ts';
import { freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postVoucher } from './vouchers.service.ts';

let t: TestApp;
let mainId: number;
let cash: number;
let capital: number;

async function accountIdOf(code: string): Promise<number> {
  const rows = rowsOf<{ id: number }>(
    await t.database.db.execute(
      sql`select id from chart_accounts where company_id = ${mainId} and account_code = ${code}`,
    ),
  );
  return rows[0]!.id;
}

/** A voucher and its lines written with raw SQL, past postVoucher: only the database can refuse it. */
async function rawVoucher(number: string, total: string, lines: [number, string, string, string?][]) {
  await t.database.db.transaction(async (tx) => {
    const [v] = rowsOf<{ id: number }>(
      await tx.execute(sql`
        insert into vouchers (company_id, voucher_type, voucher_number, financial_year, running_number,
                              entry_date, narration, total_amount)
        values (${mainId}, 'Journal', ${number}, '2026-27', ${Number(number.slice(-4))}, '2026-10-01',
                'raw', ${total})
        returning id`),
    );
    let n = 1;
    for (const [account, debit, credit, date] of lines) {
      await tx.execute(sql`
        insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
        values (${mainId}, ${v!.id}, ${n++}, ${account}, ${date ?? '2026-10-01'}, ${debit}, ${credit})`);
    }
  });
}

async function refusedByDatabase(write: Promise<unknown>): Promise<void> {
  const err = await write.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, 'the database accepted it').toBeDefined();
  expect(pgErrorCode(err)).toBe('23514');
  expect(pgConstraint(err)).toBe('vouchers_balanced');
}

/** JV/2026-27/9001: Dr Cash 100, Cr Capital 60 and 40. */
const balancedVoucher = () =>
  rawVoucher('JV/2026-27/9001', '100.00', [
    [cash, '100.00', '0'],
    [capital, '0', '60.00'],
    [capital, '0', '40.00'],
  ]);

beforeAll(async () => {
  t = await createTestApp();
});
// One app per file; every test gets its own company with its system accounts.
beforeEach(async () => {
  mainId = (await freshCompany(t)).id;
  cash = await accountIdOf('1000');
  capital = await accountIdOf('3000');
});
afterAll(async () => t.close());

describe('the voucher balance constraint (database)', () => {
  it('accepts a balanced voucher written with raw SQL', async () => {
    await balancedVoucher();
  });

  it('refuses an unbalanced voucher at commit', async () => {
    await refusedByDatabase(
      rawVoucher('JV/2026-27/9002', '100.00', [
        [cash, '100.00', '0'],
        [capital, '0', '99.99'],
      ]),
    );
  });

  it('refuses a voucher with a single line, or none', async () => {
    await refusedByDatabase(rawVoucher('JV/2026-27/9003', '100.00', [[cash, '100.00', '0']]));
    await refusedByDatabase(rawVoucher('JV/2026-27/9004', '100.00', []));
  });

  it('refuses a total that differs from the lines, and a line dated off its voucher', async () => {
    await refusedByDatabase(
      rawVoucher('JV/2026-27/9005', '90.00', [
        [cash, '100.00', '0'],
        [capital, '0', '100.00'],
      ]),
    );
    await refusedByDatabase(
      rawVoucher('JV/2026-27/9006', '100.00', [
        [cash, '100.00', '0'],
        [capital, '0', '100.00', '2026-10-02'],
      ]),
    );
  });

  it('refuses a later change of one line or the removal of one', async () => {
    await balancedVoucher();
    await refusedByDatabase(
      t.database.db.execute(
        sql`update voucher_lines set debit = 100.01 where company_id = ${mainId} and account_id = ${cash}`,
      ),
    );
    await refusedByDatabase(
      t.database.db.execute(
        sql`delete from voucher_lines where company_id = ${mainId} and account_id = ${capital} and credit = 40`,
      ),
    );
    const [sum] = rowsOf<{ d: string; c: string }>(
      await t.database.db.execute(
        sql`select sum(debit)::text as d, sum(credit)::text as c from voucher_lines where company_id = ${mainId}`,
      ),
    );
    expect(sum).toEqual({ d: '100.00', c: '100.00' });
  });

  it('lets a whole voucher be deleted with its lines', async () => {
    await balancedVoucher();
    await t.database.db.execute(
      sql`delete from vouchers where company_id = ${mainId} and voucher_number = 'JV/2026-27/9001'`,
    );
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from voucher_lines where company_id = ${mainId}`,
      ),
    );
    expect(left?.n).toBe(0);
  });
});

describe('postVoucher', () => {
  const post = (amountPaise: number, entryDate = '2026-10-01') =>
    t.database.db.transaction((tx) =>
      postVoucher(tx, {
        companyId: mainId,
        voucherType: 'Contra',
        entryDate,
        narration: 'Cash deposited in bank',
        lines: [
          { accountCode: '1190', debitPaise: amountPaise, creditPaise: 0 },
          { accountCode: '1000', debitPaise: 0, creditPaise: amountPaise },
        ],
        source: { kind: 'manual' },
        createdBy: null,
      }),
    );

  it('names accounts by code and numbers Contra vouchers CNT/…', async () => {
    expect(await post(150_000)).toMatchObject({ voucherNumber: 'CNT/2026-27/0001', totalPaise: 150_000 });
    expect((await post(1)).voucherNumber).toBe('CNT/2026-27/0002');
  });

  it('gives a rolled-back number back, so numbers have no gaps', async () => {
    expect((await post(150_000)).voucherNumber).toBe('CNT/2026-27/0001');
    await expect(
      t.database.db.transaction(async (tx) => {
        await postVoucher(tx, {
          companyId: mainId,
          voucherType: 'Contra',
          entryDate: '2026-10-01',
          narration: 'abandoned',
          lines: [
            { accountCode: '1190', debitPaise: 5, creditPaise: 0 },
            { accountCode: '1000', debitPaise: 0, creditPaise: 5 },
          ],
          source: { kind: 'manual' },
          createdBy: null,
        });
        throw new Error('the caller failed after posting');
      }),
    ).rejects.toThrow('the caller failed after posting');
    expect((await post(7)).voucherNumber).toBe('CNT/2026-27/0002');
  });

  it('refuses an unbalanced voucher before writing anything', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        postVoucher(tx, {
          companyId: mainId,
          voucherType: 'Journal',
          entryDate: '2026-10-01',
          narration: 'bad',
          lines: [
            { accountCode: '1000', debitPaise: 100, creditPaise: 0 },
            { accountCode: '3000', debitPaise: 0, creditPaise: 99 },
          ],
          source: { kind: 'manual' },
          createdBy: null,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 422, message: expect.stringMatching(/differ by 1 paise/) });
    expect((await post(9)).voucherNumber).toBe('CNT/2026-27/0001');
  });
});
