import { SYSTEM_ACCOUNT_LIST } from '@pledge-desk/domain';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/open-db.ts';
import { companies } from '../../db/schema/index.ts';

/** The category shown for each system account type (the chart's free-text category). */
const CATEGORY_OF: Record<string, string> = {
  Asset: 'Current Assets',
  Equity: 'Capital',
  Liability: 'Current Liabilities',
  Income: 'Income',
  Expense: 'Expenses',
};

/**
 * Gives a company the system accounts of docs/domain-rules.md §6.1 (1000 Cash in Hand … 5000 Discount
 * Allowed). Idempotent: an account already there (matched by code) keeps its name and balance and is
 * only marked as a system account, so calling it again, or at every start, changes nothing.
 * Call it in the transaction that creates the company. The one write that also takes the outer
 * handle: a single idempotent statement, which start-up and test fixtures run outside any transaction.
 */
export async function ensureSystemAccounts(tx: DbOrTx, companyId: number): Promise<void> {
  const rows = SYSTEM_ACCOUNT_LIST.map(
    (a) => sql`(${companyId}, ${a.code}, ${a.name}, ${a.type}, ${CATEGORY_OF[a.type] ?? a.type}, true)`,
  );
  await tx.execute(sql`
    insert into chart_accounts (company_id, account_code, account_name, account_type, account_category, is_system)
    values ${sql.join(rows, sql`, `)}
    on conflict (company_id, lower(account_code)) do update set is_system = true
    where chart_accounts.is_system = false`);
}

/** At start: every existing company gets its system accounts (companies made before the books existed). */
export async function ensureAllSystemAccounts(db: Db): Promise<void> {
  const all = await db.select({ id: companies.id }).from(companies);
  if (all.length === 0) return;
  await db.transaction(async (tx) => {
    for (const c of all) await ensureSystemAccounts(tx, c.id);
  });
}
