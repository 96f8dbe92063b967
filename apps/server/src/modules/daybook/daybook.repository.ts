import { addDays } from '@pledge-desk/domain';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { businessDays, chartAccounts, voucherLines, vouchers } from '../../db/schema/index.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

export interface DetailRow {
  voucherId: number;
  lineNo: number;
  accountId: number;
  accountCode: string;
  accountName: string;
  debit: string;
  credit: string;
  narration: string | null;
}

export interface DaybookFilter {
  from?: string | undefined;
  to?: string | undefined;
  voucherType?: string | undefined;
}

function where(companyId: number, f: DaybookFilter): SQL | undefined {
  return and(
    eq(vouchers.companyId, companyId),
    f.from ? gte(vouchers.entryDate, f.from) : undefined,
    f.to ? lte(vouchers.entryDate, f.to) : undefined,
    f.voucherType ? eq(vouchers.voucherType, f.voucherType) : undefined,
  );
}

/**
 * One page of vouchers, newest first by entry date then number, through vouchers_company_date_idx
 * (or vouchers_company_type_date_idx with a type), with the count of all matches for the pager.
 */
export async function listVouchers(
  db: DbOrTx,
  companyId: number,
  filter: DaybookFilter,
  page: { skip: number; limit: number },
): Promise<{ rows: VoucherRow[]; total: number }> {
  const w = where(companyId, filter);
  const rows = await db
    .select()
    .from(vouchers)
    .where(w)
    .orderBy(desc(vouchers.entryDate), desc(vouchers.runningNumber), desc(vouchers.id))
    .offset(page.skip)
    .limit(page.limit);
  const [counted] = await db.select({ n: count() }).from(vouchers).where(w);
  return { rows, total: Number(counted?.n ?? 0) };
}

export async function findVoucher(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<VoucherRow | undefined> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id)))
    .limit(1);
  return rows[0];
}

/** The lines of these vouchers with their accounts' code and name, in line order. */
export async function findDetails(db: DbOrTx, companyId: number, voucherIds: number[]): Promise<DetailRow[]> {
  if (voucherIds.length === 0) return [];
  return db
    .select({
      voucherId: voucherLines.voucherId,
      lineNo: voucherLines.lineNo,
      accountId: voucherLines.accountId,
      accountCode: chartAccounts.accountCode,
      accountName: chartAccounts.accountName,
      debit: voucherLines.debit,
      credit: voucherLines.credit,
      narration: voucherLines.narration,
    })
    .from(voucherLines)
    .innerJoin(
      chartAccounts,
      and(eq(chartAccounts.companyId, voucherLines.companyId), eq(chartAccounts.id, voucherLines.accountId)),
    )
    .where(and(eq(voucherLines.companyId, companyId), inArray(voucherLines.voucherId, voucherIds)))
    .orderBy(asc(voucherLines.voucherId), asc(voucherLines.lineNo));
}

export interface LineAccount {
  id: number;
  accountCode: string;
  accountName: string;
  isSystem: boolean;
}

/** The company's accounts among these ids, with what the manual-voucher rule needs. */
export async function findLineAccounts(db: DbOrTx, companyId: number, ids: number[]): Promise<LineAccount[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: chartAccounts.id,
      accountCode: chartAccounts.accountCode,
      accountName: chartAccounts.accountName,
      isSystem: chartAccounts.isSystem,
    })
    .from(chartAccounts)
    .where(and(eq(chartAccounts.companyId, companyId), inArray(chartAccounts.id, ids)));
}

/**
 * The latest business day on or before `today` that is not closed (a day never closed has no
 * business_days row; a reopened one is 'open'): Add Entry's date, so a new manual
 * voucher does not start on a day the server will refuse. The closed days just before today are read
 * newest first (business_days_pkey_idx) and walked back from today.
 */
export async function latestOpenDay(db: DbOrTx, companyId: number, today: string): Promise<string> {
  const closed = await db
    .select({ date: businessDays.businessDate })
    .from(businessDays)
    .where(
      and(
        eq(businessDays.companyId, companyId),
        eq(businessDays.status, 'closed'),
        lte(businessDays.businessDate, today),
      ),
    )
    .orderBy(desc(businessDays.businessDate))
    .limit(400);
  let day = today;
  for (const { date } of closed) {
    if (date !== day) break;
    day = addDays(day, -1);
  }
  return day;
}
