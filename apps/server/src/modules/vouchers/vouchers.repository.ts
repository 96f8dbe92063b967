import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { chartAccounts, voucherLines, vouchers } from '../../db/schema/index.ts';
import { takeNumbers } from '../numbering/numbering.repository.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherLineRow = typeof voucherLines.$inferSelect;

/** Paise as the text of a numeric(14,2), exactly (no binary fraction on the way). */
export function numericFromPaise(paise: number): string {
  const abs = Math.abs(paise);
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return paise < 0 ? `-${text}` : text;
}

/**
 * The next running number of a voucher sequence (company, type code, financial year), from the one
 * counter (`takeNumbers`), whose upsert takes the counter row's lock until the caller's transaction
 * ends: concurrent posts queue here, and a rolled-back post gives its number back, so numbers have no gaps and no repeats (docs/domain-rules.md §5).
 */
export async function takeVoucherNumber(
  tx: Tx,
  companyId: number,
  typeCode: string,
  financialYear: string,
): Promise<number> {
  const [running] = await takeNumbers(tx, companyId, `voucher:${typeCode}`, financialYear, 1);
  return running!;
}

export interface AccountRef {
  id: number;
  code: string;
  name: string;
  status: boolean;
}

/** The company's accounts among these ids and codes (codes compared case-insensitively). */
export async function findAccountRefs(
  db: DbOrTx,
  companyId: number,
  ids: number[],
  codes: string[],
): Promise<AccountRef[]> {
  if (ids.length === 0 && codes.length === 0) return [];
  const lowered = codes.map((c) => c.toLowerCase());
  const match = [
    ids.length > 0 ? inArray(chartAccounts.id, ids) : undefined,
    lowered.length > 0 ? inArray(sql`lower(${chartAccounts.accountCode})`, lowered) : undefined,
  ].filter((c) => c !== undefined);
  return db
    .select({
      id: chartAccounts.id,
      code: chartAccounts.accountCode,
      name: chartAccounts.accountName,
      status: chartAccounts.status,
    })
    .from(chartAccounts)
    .where(and(eq(chartAccounts.companyId, companyId), sql`(${sql.join(match, sql` or `)})`));
}

export async function lockVoucher(db: Tx, companyId: number, id: number): Promise<VoucherRow | undefined> {
  const rows = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id)))
    .for('update');
  return rows[0];
}

export interface NewLine {
  accountId: number;
  debitPaise: number;
  creditPaise: number;
  narration: string | null;
}

export async function insertVoucherLines(
  tx: Tx,
  companyId: number,
  voucherId: number,
  entryDate: string,
  lines: readonly NewLine[],
): Promise<void> {
  await tx.insert(voucherLines).values(
    lines.map((l, i) => ({
      companyId,
      voucherId,
      lineNo: i + 1,
      accountId: l.accountId,
      entryDate,
      debit: numericFromPaise(l.debitPaise),
      credit: numericFromPaise(l.creditPaise),
      narration: l.narration,
    })),
  );
}

export async function deleteVoucherLines(tx: Tx, companyId: number, voucherId: number): Promise<void> {
  await tx
    .delete(voucherLines)
    .where(and(eq(voucherLines.companyId, companyId), eq(voucherLines.voucherId, voucherId)));
}

export type NewVoucher = Omit<typeof vouchers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertVoucher(tx: Tx, values: NewVoucher): Promise<number> {
  const [row] = await tx.insert(vouchers).values(values).returning({ id: vouchers.id });
  if (!row) throw new Error('voucher insert returned no row');
  return row.id;
}

/** The header fields an edit may change (the number, type and year stay). */
export async function updateVoucherHeader(
  tx: Tx,
  companyId: number,
  id: number,
  values: { entryDate: string; narration: string; referenceNumber: string | null; totalAmount: string },
): Promise<void> {
  await tx
    .update(vouchers)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id)));
}

export async function deleteVoucherRow(tx: Tx, companyId: number, id: number): Promise<void> {
  await tx.delete(vouchers).where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id)));
}

/** Whether a voucher has a line on 1000 Cash in Hand (a drawer's cash). */
export async function hasCashLine(db: DbOrTx, companyId: number, voucherId: number): Promise<boolean> {
  const rows = await db
    .select({ id: voucherLines.id })
    .from(voucherLines)
    .innerJoin(
      chartAccounts,
      and(eq(chartAccounts.companyId, voucherLines.companyId), eq(chartAccounts.id, voucherLines.accountId)),
    )
    .where(
      and(
        eq(voucherLines.companyId, companyId),
        eq(voucherLines.voucherId, voucherId),
        eq(chartAccounts.accountCode, '1000'),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
