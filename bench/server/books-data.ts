// Bulk books for the benchmarks: one company with a chart of 40 accounts, and vouchers of 4 balanced
// lines each made with SQL generate_series over one financial year (books.ts, move.ts).
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/open-db.ts';
import { rowsOf } from '../../apps/server/src/db/rows.ts';
import { ensureSystemAccounts } from '../../apps/server/src/modules/accounts/system-accounts.ts';

export const FY_START = '2025-04-01';
export const FY_END = '2026-03-31';

export async function setUpCompany(db: Db): Promise<number> {
  const [c] = rowsOf<{ id: number }>(
    await db.execute(sql`insert into companies (company_name) values ('Bench Branch') returning id`),
  );
  const companyId = c!.id;
  await ensureSystemAccounts(db, companyId);
  // A chart of a realistic size: the 8 system accounts and 32 more.
  const extra = Array.from(
    { length: 32 },
    (_, i) =>
      sql`(${companyId}, ${String(6000 + i)}, ${`Expense head ${i + 1}`}, ${i % 4 === 0 ? 'Liability' : 'Expense'}, 'Bench')`,
  );
  await db.execute(sql`
    insert into chart_accounts (company_id, account_code, account_name, account_type, account_category)
    values ${sql.join(extra, sql`, `)}`);
  return companyId;
}

/**
 * Vouchers `from`..`to` (running numbers) and their 4 lines each: Dr a on Cash (every second
 * voucher) or another account, Dr a on another, Cr a on two others; total 2a. Dates spread over
 * the financial year in running-number order.
 */
export async function insertBatch(
  db: Db,
  companyId: number,
  cash: number,
  others: number[],
  from: number,
  to: number,
  /** All the vouchers that will be made: their dates spread over the year by running number. */
  vouchers: number,
) {
  const ids = sql.raw(`array[${others.join(',')}]::int[]`);
  const n = others.length;
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table voucher_lines disable trigger voucher_lines_balanced`);
    await tx.execute(sql`alter table vouchers disable trigger vouchers_balanced`);
    await tx.execute(sql`
      insert into vouchers (company_id, voucher_type, voucher_number, financial_year, running_number,
                            entry_date, narration, total_amount, source_kind)
      select ${companyId}, 'Journal', 'JV/2025-26/' || lpad(g::text, 7, '0'), '2025-26', g,
             ${FY_START}::date + ((g - 1)::bigint * 365 / ${vouchers})::int,
             'Bench voucher ' || g, 2 * (((g * 37) % 100000) + 1) / 100.0, 'manual'
        from generate_series(${from}::int, ${to}::int) g`);
    await tx.execute(sql`
      insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
      select v.company_id, v.id, k,
             case k when 1 then case when v.running_number % 2 = 0 then ${cash}
                                     else (${ids})[1 + (v.running_number * 7) % ${n}] end
                    when 2 then (${ids})[1 + v.running_number % ${n}]
                    when 3 then (${ids})[1 + (v.running_number + 3) % ${n}]
                    else (${ids})[1 + (v.running_number + 5) % ${n}] end,
             v.entry_date,
             case when k <= 2 then v.total_amount / 2 else 0 end,
             case when k > 2 then v.total_amount / 2 else 0 end
        from vouchers v cross join generate_series(1, 4) k
       where v.company_id = ${companyId} and v.running_number between ${from} and ${to}`);
    await tx.execute(sql`alter table voucher_lines enable trigger voucher_lines_balanced`);
    await tx.execute(sql`alter table vouchers enable trigger vouchers_balanced`);
  });
}
