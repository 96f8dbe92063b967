import type { BankRepledge, BankRepledgeStatusFilter } from '@pledge-desk/domain';
import { daysAtBank } from '@pledge-desk/domain';
import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { bankRepledges, banks, customers, pledges, vouchers } from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';

// Re-pledges with a bank: the rows, read with the pledge, its customer, the bank and
// the two vouchers' numbers. Company-scoped like every read.

export type BankRepledgeRow = typeof bankRepledges.$inferSelect;
export type NewBankRepledge = Omit<typeof bankRepledges.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

const returnVouchers = alias(vouchers, 'return_vouchers');

function selectViews(db: DbOrTx) {
  return db
    .select({
      r: bankRepledges,
      pledgeNo: pledges.pledgeNo,
      pledgeDate: pledges.pledgeDate,
      customerId: pledges.customerId,
      itemCount: pledges.itemCount,
      grossWeight: pledges.grossWeight,
      netWeight: pledges.netWeight,
      loanAmount: pledges.totalLoanAmount,
      customerCode: customers.accCode,
      customerName: customers.customerName,
      bankName: banks.bankName,
      bankBranch: banks.branchName,
      voucherNumber: vouchers.voucherNumber,
      returnVoucherNumber: returnVouchers.voucherNumber,
    })
    .from(bankRepledges)
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, bankRepledges.companyId), eq(pledges.id, bankRepledges.pledgeId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.companyId, pledges.companyId), eq(customers.id, pledges.customerId)),
    )
    .innerJoin(banks, and(eq(banks.companyId, bankRepledges.companyId), eq(banks.id, bankRepledges.bankId)))
    .innerJoin(
      vouchers,
      and(eq(vouchers.companyId, bankRepledges.companyId), eq(vouchers.id, bankRepledges.voucherId)),
    )
    .leftJoin(
      returnVouchers,
      and(
        eq(returnVouchers.companyId, bankRepledges.companyId),
        eq(returnVouchers.id, bankRepledges.returnVoucherId),
      ),
    );
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

const way = (v: string | null) => (v === 'cash' ? 'cash' : v === 'bank' ? 'bank' : null);

function toView(row: ViewRow, asOf: string): BankRepledge {
  const r = row.r;
  return {
    id: r.id,
    pledge_id: r.pledgeId,
    pledge_no: row.pledgeNo,
    pledge_date: row.pledgeDate,
    customer_id: row.customerId,
    customer_code: row.customerCode,
    customer_name: row.customerName,
    item_count: row.itemCount,
    gross_weight: Number(row.grossWeight),
    net_weight: Number(row.netWeight),
    loan_amount: rupeesFromNumeric(row.loanAmount),
    bank_id: r.bankId,
    bank_name: row.bankName,
    bank_branch: row.bankBranch,
    pledged_on: r.pledgedOn,
    amount_borrowed: rupeesFromNumeric(r.amountBorrowed),
    bank_reference: r.bankReference,
    received_by: way(r.receivedBy) ?? 'bank',
    voucher_number: row.voucherNumber,
    status: r.returnedOn === null ? 'open' : 'returned',
    returned_on: r.returnedOn,
    bank_interest: r.bankInterest === null ? null : rupeesFromNumeric(r.bankInterest),
    paid_by: way(r.paidBy),
    return_reference: r.returnReference,
    return_voucher_number: row.returnVoucherNumber ?? null,
    days_at_bank: daysAtBank(r.pledgedOn, r.returnedOn, asOf),
    remarks: r.remarks,
    created_at: isoInstant(r.createdAt),
  };
}

/** One re-pledge of the company, as shown. */
export async function findRepledgeView(
  db: DbOrTx,
  companyId: number,
  id: number,
  asOf: string,
): Promise<BankRepledge | undefined> {
  const rows = await selectViews(db)
    .where(and(eq(bankRepledges.companyId, companyId), eq(bankRepledges.id, id)))
    .limit(1);
  return rows[0] ? toView(rows[0], asOf) : undefined;
}

/** Every re-pledge of one pledge, oldest first. */
export async function listPledgeRepledges(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
  asOf: string,
): Promise<BankRepledge[]> {
  const rows = await selectViews(db)
    .where(and(eq(bankRepledges.companyId, companyId), eq(bankRepledges.pledgeId, pledgeId)))
    .orderBy(asc(bankRepledges.pledgedOn), asc(bankRepledges.id));
  return rows.map((r) => toView(r, asOf));
}

export interface RegisterFilter {
  status: BankRepledgeStatusFilter;
  bankId: number | null;
}

function registerWhere(companyId: number, f: RegisterFilter): SQL | undefined {
  return and(
    eq(bankRepledges.companyId, companyId),
    f.status === 'open'
      ? isNull(bankRepledges.returnedOn)
      : f.status === 'returned'
        ? isNotNull(bankRepledges.returnedOn)
        : undefined,
    f.bankId === null ? undefined : eq(bankRepledges.bankId, f.bankId),
  );
}

/**
 * The register's rows: the longest at a bank first (pledged_on, then id), or, with returned ones,
 * the latest first. `page` null reads every row (the CSV).
 */
export async function readRegisterRows(
  db: DbOrTx,
  companyId: number,
  f: RegisterFilter,
  asOf: string,
  page: { offset: number; limit: number } | null,
): Promise<BankRepledge[]> {
  const q = selectViews(db)
    .where(registerWhere(companyId, f))
    .orderBy(
      ...(f.status === 'open'
        ? [asc(bankRepledges.pledgedOn), asc(bankRepledges.id)]
        : [desc(bankRepledges.pledgedOn), desc(bankRepledges.id)]),
    );
  const rows = page ? await q.offset(page.offset).limit(page.limit) : await q;
  return rows.map((r) => toView(r, asOf));
}

export interface RegisterTotalsRow {
  bankId: number;
  bankName: string;
  count: number;
  itemCount: number;
  grossWeight: string;
  netWeight: string;
  amountBorrowed: string;
  openCount: number;
  openBorrowed: string;
}

/** The filter's totals per bank, by bank name. */
export async function readRegisterTotals(
  db: DbOrTx,
  companyId: number,
  f: RegisterFilter,
): Promise<RegisterTotalsRow[]> {
  return db
    .select({
      bankId: bankRepledges.bankId,
      bankName: banks.bankName,
      count: sql<number>`count(*)::int`,
      itemCount: sql<number>`coalesce(sum(${pledges.itemCount}), 0)::int`,
      grossWeight: sql<string>`coalesce(sum(${pledges.grossWeight}), 0)::text`,
      netWeight: sql<string>`coalesce(sum(${pledges.netWeight}), 0)::text`,
      amountBorrowed: sql<string>`coalesce(sum(${bankRepledges.amountBorrowed}), 0)::text`,
      openCount: sql<number>`(count(*) filter (where ${bankRepledges.returnedOn} is null))::int`,
      openBorrowed: sql<string>`coalesce(sum(${bankRepledges.amountBorrowed}) filter (where ${bankRepledges.returnedOn} is null), 0)::text`,
    })
    .from(bankRepledges)
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, bankRepledges.companyId), eq(pledges.id, bankRepledges.pledgeId)),
    )
    .innerJoin(banks, and(eq(banks.companyId, bankRepledges.companyId), eq(banks.id, bankRepledges.bankId)))
    .where(registerWhere(companyId, f))
    .groupBy(bankRepledges.bankId, banks.bankName)
    .orderBy(asc(banks.bankName), asc(bankRepledges.bankId));
}

/** The pledge's re-pledge still at a bank, locked for the rest of the transaction. */
export async function lockOpenRepledge(
  tx: Tx,
  companyId: number,
  pledgeId: number,
): Promise<BankRepledgeRow | undefined> {
  const rows = await tx
    .select()
    .from(bankRepledges)
    .where(
      and(
        eq(bankRepledges.companyId, companyId),
        eq(bankRepledges.pledgeId, pledgeId),
        isNull(bankRepledges.returnedOn),
      ),
    )
    .limit(1)
    .for('update');
  return rows[0];
}

/** Whether the pledge has a re-pledge still at a bank (no lock). */
export async function hasOpenRepledge(db: DbOrTx, companyId: number, pledgeId: number): Promise<boolean> {
  const rows = await db
    .select({ id: bankRepledges.id })
    .from(bankRepledges)
    .where(
      and(
        eq(bankRepledges.companyId, companyId),
        eq(bankRepledges.pledgeId, pledgeId),
        isNull(bankRepledges.returnedOn),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** An active bank of the company, share-locked so it stays while the re-pledge is written. */
export async function findActiveBank(
  tx: Tx,
  companyId: number,
  bankId: number,
): Promise<{ id: number; bankName: string } | undefined> {
  const rows = await tx
    .select({ id: banks.id, bankName: banks.bankName, status: banks.status })
    .from(banks)
    .where(and(eq(banks.companyId, companyId), eq(banks.id, bankId)))
    .limit(1)
    .for('share');
  const row = rows[0];
  return row?.status ? { id: row.id, bankName: row.bankName } : undefined;
}

export async function insertRepledge(tx: Tx, values: NewBankRepledge): Promise<number> {
  const [row] = await tx.insert(bankRepledges).values(values).returning({ id: bankRepledges.id });
  if (!row) throw new Error('bank_repledges insert returned no row');
  return row.id;
}

export async function markReturned(
  tx: Tx,
  companyId: number,
  id: number,
  values: Pick<
    NewBankRepledge,
    'returnedOn' | 'bankInterest' | 'paidBy' | 'returnReference' | 'returnVoucherId' | 'returnedBy'
  > & { remarks?: string | null },
): Promise<void> {
  await tx
    .update(bankRepledges)
    .set({ ...values, returnedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(bankRepledges.companyId, companyId), eq(bankRepledges.id, id)));
}

/** The pledge's flag follows its re-pledges: true exactly while one is open. */
export async function setAtBank(
  tx: Tx,
  companyId: number,
  pledgeId: number,
  atBank: boolean,
  userId: number,
): Promise<void> {
  await tx
    .update(pledges)
    .set({ isMoveToBank: atBank, updatedBy: userId, updatedAt: sql`now()` })
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)));
}

/** The voucher names its source once the row has an id. */
export async function linkVoucherSource(tx: Tx, companyId: number, voucherId: number, sourceId: number) {
  await tx.execute(
    sql`update vouchers set source_id = ${sourceId} where company_id = ${companyId} and id = ${voucherId}`,
  );
}
