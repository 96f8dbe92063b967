import { NARRATION_LIMIT, type NumberShape, rupeesToPaise } from '@pledge-desk/domain';
import { and, asc, eq, getTableColumns, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  companies,
  customers,
  paymentReceipts,
  pledgePayments,
  pledges,
  schemes,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { rowWithChildrenSnapshot, rowWithChildrenSnapshotSql } from '../../plugins/audit.ts';
import { type CashLimit, type CashLimitColumns, toCashLimit } from '../companies/cash-settings.ts';
import type { PledgeRow } from '../pledges/pledge-view.ts';
import type { PaymentRecord, PaymentViewRow } from './payment-view.ts';
import type { StoredPayments } from './pledge-balance.ts';

// Every query of the payment tables (payment_receipts, pledge_payments) and the reads the payment
// screens make of pledges and customers. Reads take DbOrTx; writes take Tx.

/**
 * A single payment's lock: the pledge FOR UPDATE (as `lockPledges`), and in the same statement what the
 * payment reads that no other payment changes: its customer's name (the answer names the customer)
 * and the company's cash limit. Scalar subqueries in the select list lock nothing. Undefined for a
 * pledge of another company.
 */
export async function lockPledgeForPayment(
  tx: Tx,
  companyId: number,
  pledgeId: number,
): Promise<{ pledge: PledgeRow; customerName: string | null; cashLimit: CashLimit | undefined } | undefined> {
  const [row] = await tx
    .select({
      ...getTableColumns(pledges),
      customerName: sql<string | null>`(select ${customers.customerName} from ${customers}
        where ${customers.companyId} = ${pledges.companyId} and ${customers.id} = ${pledges.customerId})`,
      cashLimit: sql<CashLimitColumns | null>`(select json_build_object('limit', ${companies.cashLimit}::text,
        'mode', ${companies.cashLimitMode}, 'noDrawer', ${companies.noDrawerPayout},
        'short', ${companies.drawerShortPayout}) from ${companies} where ${companies.id} = ${pledges.companyId})`,
    })
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, pledgeId)))
    .for('update');
  if (!row) return undefined;
  const { customerName, cashLimit, ...pledge } = row;
  const limit = typeof cashLimit === 'string' ? (JSON.parse(cashLimit) as CashLimitColumns) : cashLimit;
  return { pledge, customerName, cashLimit: limit ? toCashLimit(limit) : undefined };
}

/** The counted (not reversed) payments of each pledge, one query (pledge_payments_pledge_idx). */
export async function loadStoredPayments(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
): Promise<Map<number, StoredPayments>> {
  const out = new Map<number, StoredPayments>();
  const ids = [...new Set(pledgeIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      pledgeId: pledgePayments.pledgeId,
      date: pledgePayments.paymentDate,
      interest: pledgePayments.interestAmount,
      principal: pledgePayments.principalAmount,
    })
    .from(pledgePayments)
    .where(
      and(
        eq(pledgePayments.companyId, companyId),
        inArray(pledgePayments.pledgeId, ids),
        isNull(pledgePayments.reversedAt),
      ),
    )
    .orderBy(asc(pledgePayments.pledgeId), asc(pledgePayments.paymentDate), asc(pledgePayments.id));
  for (const r of rows) {
    let s = out.get(r.pledgeId);
    if (!s) {
      s = { parts: [], lastPaymentDate: null, paidPrincipalPaise: 0, paidInterestPaise: 0 };
      out.set(r.pledgeId, s);
    }
    const interestPaise = rupeesToPaise(r.interest);
    const principalPaise = rupeesToPaise(r.principal);
    s.parts.push({ date: r.date, interestPaise, principalPaise });
    s.paidInterestPaise += interestPaise;
    s.paidPrincipalPaise += principalPaise;
    if (s.lastPaymentDate === null || r.date > s.lastPaymentDate) s.lastPaymentDate = r.date;
  }
  return out;
}

/** Whether the company has a receipt numbered `receiptNo`, compared case-insensitively. */
export async function receiptNoTaken(db: DbOrTx, companyId: number, receiptNo: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: paymentReceipts.id })
    .from(paymentReceipts)
    .where(
      and(
        eq(paymentReceipts.companyId, companyId),
        sql`lower(${paymentReceipts.receiptNo}) = lower(${receiptNo})`,
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** A receipt; `id` the one its voucher's insert took (`NewSourceId`). */
export type NewReceipt = Omit<typeof paymentReceipts.$inferInsert, 'id' | 'createdAt' | 'receiptNo'> & {
  id: number;
  /** The number, or `PENDING_RECEIPT_NO` for a receipt numbered by `numberReceipt` before the commit. */
  receiptNo: string | SQL;
};

/** A receipt's stand-in number until `numberReceipt` (unique, never committed). */
export const PENDING_RECEIPT_NO = sql`'pending ' || nextval('pending_numbers')`;

/** How a running number is printed (the domain's `NumberShape`), as SQL over the number `n`. */
const shaped = (shape: NumberShape, n: SQL) =>
  sql`${shape.prefix} || lpad(${n}::text, greatest(${shape.width}, length(${n}::text)), '0')`;

/**
 * Numbers a receipt written with stand-ins, and its Receipt voucher, in one statement at the end of the
 * payment's transaction: the next of the company's receipt counter and of its voucher counter (one
 * multi-row upsert, the receipt's row first, so receipts queue in one order and do not deadlock), printed
 * as the domain prints them, written on the receipt and on the voucher (its number, running number,
 * reference and narration, `{receipt}` in `narrationText` replaced and cut as `voucherNarration` cuts
 * it). The counter rows stay locked until the commit (docs/domain-rules.md §5: gapless), and this is
 * the first statement that takes them, so every other receipt of the company waits only for what
 * follows it here (the audit row, the key's answer, the commit) instead of for every write of the
 * receipt.
 */
export async function numberReceipt(
  tx: Tx,
  a: {
    companyId: number;
    receiptId: number;
    voucherId: number;
    period: string;
    receiptShape: NumberShape;
    voucherCounter: string;
    voucherShape: NumberShape;
    narrationText: string;
  },
): Promise<{ receiptNo: string; voucherNumber: string }> {
  const rows = rowsOf<{ receipt_no: string; voucher_number: string }>(
    await tx.execute(sql`
      with taken as (
        insert into counters (company_id, name, period, value)
        values (${a.companyId}, 'receipt', ${a.period}, 1), (${a.companyId}, ${a.voucherCounter}, ${a.period}, 1)
        on conflict (company_id, name, period) do update set value = counters.value + 1
        returning name, value
      ), numbers as (
        select ${shaped(a.receiptShape, sql`r.value`)} as receipt_no,
               ${shaped(a.voucherShape, sql`v.value`)} as voucher_number,
               v.value::integer as running_number
          from taken r, taken v
         where r.name = 'receipt' and v.name = ${a.voucherCounter}
      ), receipt as (
        update payment_receipts p set receipt_no = n.receipt_no
          from numbers n
         where p.company_id = ${a.companyId} and p.id = ${a.receiptId}
        returning p.receipt_no
      ), voucher as (
        update vouchers v
           set voucher_number = n.voucher_number,
               running_number = n.running_number,
               reference_number = n.receipt_no,
               narration = left(replace(${a.narrationText}, '{receipt}', n.receipt_no), ${NARRATION_LIMIT}),
               narration_params = jsonb_set(v.narration_params, '{receipt}', to_jsonb(n.receipt_no))
          from numbers n
         where v.company_id = ${a.companyId} and v.id = ${a.voucherId}
        returning v.voucher_number
      )
      select receipt.receipt_no, voucher.voucher_number from receipt, voucher`),
  );
  const [row] = rows;
  if (rows.length !== 1 || !row) throw new Error(`numberReceipt: receipt ${a.receiptId} was not numbered`);
  return { receiptNo: row.receipt_no, voucherNumber: row.voucher_number };
}
export type NewPayment = Omit<typeof pledgePayments.$inferInsert, 'id' | 'createdAt'>;

export async function insertReceipt(tx: Tx, values: NewReceipt): Promise<number> {
  const [receipt] = await tx.insert(paymentReceipts).values(values).returning({ id: paymentReceipts.id });
  if (!receipt) throw new Error('receipt insert returned no row');
  return receipt.id;
}

/** Inserts a receipt's payment rows; answers the rows as stored (the answer is built from them). */
export async function insertPayments(tx: Tx, values: readonly NewPayment[]): Promise<PaymentRecord[]> {
  return tx
    .insert(pledgePayments)
    .values([...values])
    .returning();
}

/** A user's name (who took a payment), null when there is none. */
export async function findUsername(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.username ?? null;
}

/** Closes the pledges a receipt settles: closed on the payment date and inactive. */
export async function closeSettledPledges(
  tx: Tx,
  companyId: number,
  pledgeIds: readonly number[],
  close: { closedDate: string; closedBy: 'payment' | 'renewal'; userId: number | null },
): Promise<void> {
  if (pledgeIds.length === 0) return;
  await tx
    .update(pledges)
    .set({
      closedDate: close.closedDate,
      closedBy: close.closedBy,
      status: 'inactive',
      updatedBy: close.userId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pledges.companyId, companyId), inArray(pledges.id, [...pledgeIds])));
}

/**
 * A receipt with its payment rows (one per pledge) as the audit trail keeps it (money in rupees).
 * recordReceipt records no audit event: the use case that calls it does (a payment, a renewal).
 */
export async function receiptSnapshot(db: DbOrTx, companyId: number, receiptId: number) {
  return rowWithChildrenSnapshot(db, receiptSnapshotOf(companyId, receiptId));
}

/** receiptSnapshot as an expression, for recordAudit's `afterQuery`. */
export function receiptSnapshotQuery(companyId: number, receiptId: number): SQL {
  return rowWithChildrenSnapshotSql(receiptSnapshotOf(companyId, receiptId));
}

const receiptSnapshotOf = (companyId: number, receiptId: number) => ({
  table: 'payment_receipts',
  companyId,
  id: receiptId,
  key: 'payments',
  childTable: 'pledge_payments',
  parentColumn: 'receipt_id',
});

/**
 * How a payment row is read for every answer (a pledge's history, the history list, the detail, the
 * single payment's answer): the row, its receipt, the pledge number, the customer's name, the receipt
 * voucher's and reversal voucher's numbers, and who made and who reversed it. Lists add their own
 * `where`, `orderBy` and paging to `selectPaymentViews(db)`; the joins are on the composite keys
 * (company, id), so they use the primary and unique indexes.
 */
// The voucher numbers and the usernames are scalar subqueries on primary and unique keys rather than
// joins: four joined tables instead of eight cut the planning of a page (10 ms of an 11 ms query on
// the 3,000,000-payment bench) to about a millisecond, and each is one index probe per row.
export const paymentViewColumns = {
  payment: pledgePayments,
  receiptNo: paymentReceipts.receiptNo,
  receiptKind: paymentReceipts.kind,
  customerId: paymentReceipts.customerId,
  bankReference: paymentReceipts.bankReference,
  reversedBy: paymentReceipts.reversedBy,
  reversalReason: paymentReceipts.reversalReason,
  pledgeNo: pledges.pledgeNo,
  customerName: customers.customerName,
  voucherNumber: sql<string>`(select v.voucher_number from ${vouchers} v where v.company_id = ${paymentReceipts.companyId} and v.id = ${paymentReceipts.voucherId})`,
  reversalVoucherNumber: sql<
    string | null
  >`(select v.voucher_number from ${vouchers} v where v.company_id = ${paymentReceipts.companyId} and v.id = ${paymentReceipts.reversalVoucherId})`,
  createdByUsername: sql<
    string | null
  >`(select u.username from ${users} u where u.id = ${pledgePayments.createdBy})`,
  reversedByUsername: sql<
    string | null
  >`(select u.username from ${users} u where u.id = ${paymentReceipts.reversedBy})`,
};

export function selectPaymentViews(db: DbOrTx) {
  return db
    .select(paymentViewColumns)
    .from(pledgePayments)
    .innerJoin(
      paymentReceipts,
      and(
        eq(paymentReceipts.companyId, pledgePayments.companyId),
        eq(paymentReceipts.id, pledgePayments.receiptId),
      ),
    )
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, pledgePayments.companyId), eq(pledges.id, pledgePayments.pledgeId)),
    )
    .innerJoin(
      customers,
      and(eq(customers.companyId, paymentReceipts.companyId), eq(customers.id, paymentReceipts.customerId)),
    );
}

/** One payment as the answers read it (selectPaymentViews). */
export async function findPaymentView(
  db: DbOrTx,
  companyId: number,
  paymentId: number,
): Promise<PaymentViewRow | undefined> {
  const [row] = await selectPaymentViews(db)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.id, paymentId)))
    .limit(1);
  return row;
}

/** Every payment of a pledge, reversed ones too, oldest first. */
export async function listPledgePaymentViews(
  db: DbOrTx,
  companyId: number,
  pledgeId: number,
): Promise<PaymentViewRow[]> {
  return selectPaymentViews(db)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.pledgeId, pledgeId)))
    .orderBy(asc(pledgePayments.paymentDate), asc(pledgePayments.id));
}

export async function findPledgeRow(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<PledgeRow | undefined> {
  const [row] = await db
    .select()
    .from(pledges)
    .where(and(eq(pledges.companyId, companyId), eq(pledges.id, id)))
    .limit(1);
  return row;
}

export async function customerExists(db: DbOrTx, companyId: number, customerId: number): Promise<boolean> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.companyId, companyId), eq(customers.id, customerId)))
    .limit(1);
  return customer !== undefined;
}

/** A customer's payable pledges (active, not moved to bank, not closed) with their scheme's name, oldest first. */
export async function findPayablePledges(
  db: DbOrTx,
  companyId: number,
  customerId: number,
): Promise<{ pledge: PledgeRow; schemeName: string }[]> {
  return db
    .select({ pledge: pledges, schemeName: schemes.schemeName })
    .from(pledges)
    .innerJoin(schemes, and(eq(schemes.companyId, pledges.companyId), eq(schemes.id, pledges.schemeId)))
    .where(
      and(
        eq(pledges.companyId, companyId),
        eq(pledges.customerId, customerId),
        isNull(pledges.closedDate),
        eq(pledges.status, 'active'),
        eq(pledges.isMoveToBank, false),
      ),
    )
    .orderBy(asc(pledges.pledgeDate), asc(pledges.id));
}
