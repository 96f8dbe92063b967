import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_PLANNER_UPKEEP } from '../../db/open-db.ts';
import { adminFor, freshCompany } from '../../test/fixtures.ts';
import { createTestApp, type TestApp, testDbKind } from '../../test/test-app.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';
import { cashMovementsQuery, findCashMovements } from './branch-day.repository.ts';

// The drawer's cash movements read the lines of 1000 on one date through voucher_lines_account_date_idx
// (the drawer guard): with 6,000 vouchers over 1,000 days on two accounts, the plan never reads
// voucher_lines or vouchers whole, on both databases; and the sums are those of the seeded book.

const VOUCHERS = 6_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function seed() {
  const company = await freshCompany(t);
  const admin = await adminFor(t, company.id);
  const c = company.id;
  const db = t.database.db;
  const accounts = rowsOf<{ code: string; id: number }>(
    await db.execute(
      sql`select account_code as code, id from chart_accounts where company_id = ${c} and account_code in ('1000', '3000')`,
    ),
  );
  const id = (code: string) => Number(accounts.find((a) => a.code === code)!.id);
  await db.transaction(async (tx) => {
    // Six a day; every other one by the admin: Dr 1000 Rs. 100, Cr 3000.
    await tx.execute(sql`
      insert into vouchers (company_id, voucher_type, voucher_number, financial_year, running_number, entry_date,
                            narration, total_amount, source_kind, created_by)
      select ${c}, 'Receipt', 'PLAN/' || g, 'PLAN', g, date '2024-01-01' + g / 6, 'Plan', 100, 'manual',
             case when g % 2 = 0 then ${admin.userId}::int end
        from generate_series(1, ${VOUCHERS}) g`);
    await tx.execute(sql`
      insert into voucher_lines (company_id, voucher_id, line_no, account_id, entry_date, debit, credit)
      select v.company_id, v.id, n, case n when 1 then ${id('1000')}::int else ${id('3000')}::int end, v.entry_date,
             case n when 1 then 100 else 0 end, case n when 1 then 0 else 100 end
        from vouchers v cross join generate_series(1, 2) n
       where v.company_id = ${c} and v.financial_year = 'PLAN'`);
  });
  if (testDbKind === 'postgres') {
    for (const table of ['vouchers', 'voucher_lines', 'chart_accounts']) {
      await db.execute(sql.raw(`vacuum analyze ${table}`));
    }
  } else {
    await db.execute(sql.raw(PGLITE_PLANNER_UPKEEP));
  }
  return { c, userId: admin.userId };
}

// Seeding tens of thousands of rows takes most of a minute on a loaded 2-core machine.
describe('the plan of a drawer’s cash movements', { timeout: 240_000 }, () => {
  it('reads the cash lines of the date through voucher_lines_account_date_idx, never a whole table', async () => {
    const { c, userId } = await seed();
    const db = t.database.db;
    for (const query of [cashMovementsQuery(c, '2025-06-20', userId), cashMovementsQuery(c, '2025-06-20')]) {
      const text = rowsOf<Record<string, string>>(await db.execute(sql`explain ${query}`))
        .map((r) => String(Object.values(r)[0]))
        .join('\n');
      expect(text).toMatch(/voucher_lines_account_date_idx/);
      expect(text).not.toMatch(/Seq Scan on (voucher_lines|vouchers)\b/);
    }
    // Six vouchers on the date, three of them the admin's.
    const mine = await findCashMovements(db, c, '2025-06-20', userId);
    expect(mine).toEqual([
      { userId, kind: 'manual', drawerId: null, receipts: '300.00', payouts: '0.00', count: 3 },
    ]);
    const all = await findCashMovements(db, c, '2025-06-20');
    expect(all.reduce((s, m) => s + m.count, 0)).toBe(6);
  });
});
