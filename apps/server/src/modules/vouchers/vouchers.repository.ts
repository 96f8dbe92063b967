import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { businessDays, chartAccounts, voucherLines, vouchers } from '../../db/schema/index.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { type CounterName, takeNumbers } from '../numbering/numbering.repository.ts';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherLineRow = typeof voucherLines.$inferSelect;

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
  const [running] = await takeNumbers(tx, companyId, voucherCounter(typeCode), financialYear, 1);
  return running!;
}

/** The counter of a voucher type's numbers (its type code: `voucherCode` of the domain). */
export const voucherCounter = (typeCode: string): CounterName => `voucher:${typeCode}`;

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
  return (await findAccountRefsOnDay(db, companyId, ids, codes, null)).refs;
}

/**
 * `findAccountRefs`, and with a date the day's status in the same statement (`dayClosed`: whether the
 * company's day is closed; undefined when no account matched, so nothing told it). Read under the
 * day's lock taken by an earlier statement: this statement's snapshot is taken after it.
 */
export async function findAccountRefsOnDay(
  db: DbOrTx,
  companyId: number,
  ids: number[],
  codes: string[],
  date: string | null,
): Promise<{ refs: AccountRef[]; dayClosed: boolean | undefined }> {
  if (ids.length === 0 && codes.length === 0) return { refs: [], dayClosed: undefined };
  const lowered = codes.map((c) => c.toLowerCase());
  const match = [
    ids.length > 0 ? inArray(chartAccounts.id, ids) : undefined,
    lowered.length > 0 ? inArray(sql`lower(${chartAccounts.accountCode})`, lowered) : undefined,
  ].filter((c) => c !== undefined);
  const rows = await db
    .select({
      id: chartAccounts.id,
      code: chartAccounts.accountCode,
      name: chartAccounts.accountName,
      status: chartAccounts.status,
      dayClosed:
        date === null
          ? sql<boolean | null>`null`
          : sql<boolean | null>`coalesce((select ${businessDays.status} = 'closed' from ${businessDays}
              where ${businessDays.companyId} = ${companyId} and ${businessDays.businessDate} = ${date}), false)`,
    })
    .from(chartAccounts)
    .where(and(eq(chartAccounts.companyId, companyId), sql`(${sql.join(match, sql` or `)})`));
  return {
    refs: rows.map(({ dayClosed: _, ...ref }) => ref),
    dayClosed: date === null || rows.length === 0 ? undefined : rows[0]!.dayClosed === true,
  };
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

/**
 * A source row the voucher's insert numbers itself: the next id of that table's serial, taken by the
 * insert (`nextval`), which the caller then gives the row it writes after the voucher (a receipt names
 * its voucher, the voucher its receipt, and no update follows).
 */
export interface NewSourceId {
  nextIdOf: 'payment_receipts';
}

export type NewVoucher = Omit<
  typeof vouchers.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'sourceId' | 'voucherNumber' | 'runningNumber'
> & {
  sourceId: number | null | NewSourceId;
  /** The number, or the stand-in `PENDING_VOUCHER_NUMBER` of a voucher numbered at the end of its transaction. */
  voucherNumber: string | SQL;
  runningNumber: number | SQL;
};

/**
 * A voucher's stand-in number and running number until the numbering statement at the end of its
 * transaction gives the real ones (`pending_numbers`, unique, never committed: receipt.service.ts).
 */
export const PENDING_VOUCHER_NUMBER = {
  voucherNumber: sql`'pending ' || nextval('pending_numbers')`,
  runningNumber: sql`-nextval('pending_numbers')`,
} as const;

/** Inserts a voucher; answers its id and its source id as stored. */
export async function insertVoucher(
  tx: Tx,
  values: NewVoucher,
): Promise<{ id: number; sourceId: number | null }> {
  const { sourceId, ...rest } = values;
  const source =
    sourceId !== null && typeof sourceId === 'object'
      ? sql`nextval(pg_get_serial_sequence(${sourceId.nextIdOf}, 'id'))`
      : sourceId;
  const [row] = await tx
    .insert(vouchers)
    .values({ ...rest, sourceId: source })
    .returning({ id: vouchers.id, sourceId: vouchers.sourceId });
  if (!row) throw new Error('voucher insert returned no row');
  return row;
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
