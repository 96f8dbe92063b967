import type { ChartAccountInput } from '@pledge-desk/domain';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { chartAccounts, voucherLines } from '../../db/schema/index.ts';
import { numericFromRupees } from '../../lib/numeric.ts';

export type ChartAccountRow = typeof chartAccounts.$inferSelect;

const byId = (companyId: number, id: number) =>
  and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.id, id));

/** The chart of a company, by id ascending (shell-and-masters §2). */
export async function listChartAccounts(db: DbOrTx, companyId: number): Promise<ChartAccountRow[]> {
  return db
    .select()
    .from(chartAccounts)
    .where(eq(chartAccounts.companyId, companyId))
    .orderBy(asc(chartAccounts.id));
}

/** The active accounts a voucher line may use, by code (GET /accounts). */
export async function listActiveAccounts(db: DbOrTx, companyId: number): Promise<ChartAccountRow[]> {
  return db
    .select()
    .from(chartAccounts)
    .where(and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.status, true)))
    .orderBy(asc(chartAccounts.accountCode), asc(chartAccounts.id));
}

export async function findChartAccount(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<ChartAccountRow | undefined> {
  const rows = await db.select().from(chartAccounts).where(byId(companyId, id)).limit(1);
  return rows[0];
}

export async function lockChartAccount(
  db: Tx,
  companyId: number,
  id: number,
): Promise<ChartAccountRow | undefined> {
  const rows = await db.select().from(chartAccounts).where(byId(companyId, id)).for('update');
  return rows[0];
}

/** Whether another account of the company has this code, compared case-insensitively. */
export async function codeTaken(
  db: DbOrTx,
  companyId: number,
  code: string,
  excludeId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: chartAccounts.id })
    .from(chartAccounts)
    .where(
      and(
        eq(chartAccounts.companyId, companyId),
        sql`lower(${chartAccounts.accountCode}) = lower(${code})`,
        excludeId === undefined ? undefined : ne(chartAccounts.id, excludeId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether `candidateId` is `accountId` itself or lies below it in the tree (a parent loop). */
export async function isSelfOrDescendant(
  db: DbOrTx,
  companyId: number,
  accountId: number,
  candidateId: number,
): Promise<boolean> {
  if (accountId === candidateId) return true;
  const rows = await db.execute<{ found: boolean }>(sql`
    with recursive below(id) as (
      select id from chart_accounts where company_id = ${companyId} and sub_account_of = ${accountId}
      union
      select c.id from chart_accounts c join below b on c.sub_account_of = b.id
       where c.company_id = ${companyId}
    )
    select exists (select 1 from below where id = ${candidateId}) as found`);
  return Boolean(rowsOf<{ found: boolean }>(rows)[0]?.found);
}

function columnsOf(input: ChartAccountInput) {
  return {
    accountName: input.account_name,
    accountCode: input.account_code,
    subAccountOf: input.sub_account_of ?? null,
    accountType: input.account_type,
    accountCategory: input.account_category,
    openingBalance: numericFromRupees(input.opening_balance),
    description: input.description ?? null,
    status: input.status,
  };
}

export async function insertChartAccount(
  db: Tx,
  companyId: number,
  input: ChartAccountInput,
): Promise<ChartAccountRow> {
  const [row] = await db
    .insert(chartAccounts)
    .values({ companyId, ...columnsOf(input) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateChartAccount(
  db: Tx,
  companyId: number,
  id: number,
  input: ChartAccountInput,
): Promise<ChartAccountRow | undefined> {
  const [row] = await db
    .update(chartAccounts)
    .set({ ...columnsOf(input), updatedAt: new Date().toISOString() })
    .where(byId(companyId, id))
    .returning();
  return row;
}

export async function deleteChartAccount(db: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await db.delete(chartAccounts).where(byId(companyId, id)).returning({ id: chartAccounts.id });
  return rows.length > 0;
}

/** How many voucher lines post to the account (a delete is refused while any does). */
export async function countLinesOfAccount(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voucherLines)
    .where(and(eq(voucherLines.companyId, companyId), eq(voucherLines.accountId, id)));
  return Number(row?.n ?? 0);
}

export async function countSubAccounts(db: DbOrTx, companyId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(chartAccounts)
    .where(and(eq(chartAccounts.companyId, companyId), eq(chartAccounts.subAccountOf, id)));
  return Number(row?.n ?? 0);
}
