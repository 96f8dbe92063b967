/**
 * What a test reads straight from a company's books: a voucher's lines and an account's balance,
 * summed from `voucher_lines` (not the kept daily totals, and not through the API under test).
 */
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows.ts';
import type { TestApp } from './test-app.ts';

/** One line of a voucher: account code, debit and credit in rupees. */
export type VoucherLine = [code: string, debit: number, credit: number];

/**
 * The lines of one voucher of the company, named by its id or its number (`RCT/2026-27/0001`), as
 * [account code, debit, credit] in rupees: in line order, or with `order: 'code'` by account code
 * (debits first within a code).
 */
export async function voucherLines(
  t: TestApp,
  companyId: number,
  voucher: number | string,
  order: 'line' | 'code' = 'line',
): Promise<VoucherLine[]> {
  const which = typeof voucher === 'number' ? sql`v.id = ${voucher}` : sql`v.voucher_number = ${voucher}`;
  const orderBy = order === 'line' ? sql`l.line_no` : sql`a.account_code, l.debit desc, l.line_no`;
  const rows = rowsOf<{ code: string; debit: string; credit: string }>(
    await t.database.db.execute(sql`
      select a.account_code as code, l.debit::text as debit, l.credit::text as credit
        from vouchers v
        join voucher_lines l on l.company_id = v.company_id and l.voucher_id = v.id
        join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
       where v.company_id = ${companyId} and ${which}
       order by ${orderBy}`),
  );
  return rows.map((r) => [r.code, Number(r.debit), Number(r.credit)]);
}

/**
 * Σ debit − Σ credit of the company's account `code` over every line (opening balance left out), in
 * rupees; only the lines dated `on`, and only those of vouchers `createdBy` wrote, when given.
 */
export async function accountBalance(
  t: TestApp,
  companyId: number,
  code: string,
  options: { on?: string; createdBy?: number } = {},
): Promise<number> {
  const where: SQL[] = [sql`l.company_id = ${companyId}`, sql`a.account_code = ${code}`];
  if (options.on !== undefined) where.push(sql`l.entry_date = ${options.on}`);
  if (options.createdBy !== undefined) where.push(sql`v.created_by = ${options.createdBy}`);
  const [row] = rowsOf<{ balance: string }>(
    await t.database.db.execute(sql`
      select coalesce(sum(l.debit - l.credit), 0)::text as balance
        from voucher_lines l
        join vouchers v on v.company_id = l.company_id and v.id = l.voucher_id
        join chart_accounts a on a.company_id = l.company_id and a.id = l.account_id
       where ${sql.join(where, sql` and `)}`),
  );
  return Number(row?.balance ?? 0);
}
