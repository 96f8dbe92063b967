import { RENEWAL_METHOD, type ReceiptView } from '@pledge-desk/domain';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  customers,
  paymentReceipts,
  pledgePayments,
  pledges,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { PaymentViewRow } from '../payments/payment-view.ts';
import { selectPaymentViews } from '../payments/payments.repository.ts';

// Payment History (pledges-and-payments §7): the company's payment rows newest
// first (payment_date desc, id desc), filtered. Every filter goes through an index:
// - no filter, a date range, a type and a method: pledge_payments_date_idx (company, payment_date desc,
//   id desc), read in its own order, so a page stops as soon as it is full;
// - a pledge: pledge_payments_pledge_idx (company, pledge_id, id), a handful of rows, then sorted;
// - a customer: payment_receipts_customer_idx gives the customer's receipts, their rows come through
//   pledge_payments_receipt_idx.
// payment-history.postgres.test.ts checks the plans.

export interface PaymentListFilter {
  from_date?: string | undefined;
  to_date?: string | undefined;
  payment_type?: string | undefined;
  payment_method?: string | undefined;
  pledge_id?: number | undefined;
  customer_id?: number | undefined;
}

/**
 * Newest first, spelled as pledge_payments_date_idx is built (DESC NULLS LAST): a plain DESC means
 * NULLS FIRST, which the planner does not match to the index even on NOT NULL columns, and it then
 * sorts the whole company's payments for a first page.
 */
export const NEWEST_FIRST = [
  sql`${pledgePayments.paymentDate} desc nulls last`,
  sql`${pledgePayments.id} desc nulls last`,
] as const;

export function paymentFilter(companyId: number, f: PaymentListFilter): SQL {
  const parts: SQL[] = [eq(pledgePayments.companyId, companyId)];
  if (f.from_date) parts.push(gte(pledgePayments.paymentDate, f.from_date));
  if (f.to_date) parts.push(lte(pledgePayments.paymentDate, f.to_date));
  if (f.payment_type) parts.push(eq(pledgePayments.paymentType, f.payment_type));
  if (f.payment_method) parts.push(eq(pledgePayments.paymentMethod, f.payment_method));
  if (f.pledge_id !== undefined) parts.push(eq(pledgePayments.pledgeId, f.pledge_id));
  if (f.customer_id !== undefined) {
    parts.push(
      sql`${pledgePayments.receiptId} in (select r.id from payment_receipts r where r.company_id = ${companyId} and r.customer_id = ${f.customer_id})`,
    );
  }
  return and(...parts)!;
}

/**
 * The ids of one page, newest first, from pledge_payments alone (not yet run; the plan check EXPLAINs
 * it): the planner walks the index the filter names and stops at the page's end, instead of weighing
 * joins it does not need to choose the rows.
 */
export function pagePaymentIdsQuery(
  db: DbOrTx,
  companyId: number,
  query: PaymentListFilter & { skip: number; limit: number },
) {
  return db
    .select({ id: pledgePayments.id })
    .from(pledgePayments)
    .where(paymentFilter(companyId, query))
    .orderBy(...NEWEST_FIRST)
    .offset(query.skip)
    .limit(query.limit);
}

/** One page of payment views, newest first: the page's ids, then their views by primary key. */
export async function listPaymentsPage(
  db: DbOrTx,
  companyId: number,
  query: PaymentListFilter & { skip: number; limit: number },
): Promise<PaymentViewRow[]> {
  const ids = (await pagePaymentIdsQuery(db, companyId, query)).map((r) => r.id);
  if (ids.length === 0) return [];
  return selectPaymentViews(db)
    .where(and(eq(pledgePayments.companyId, companyId), inArray(pledgePayments.id, ids)))
    .orderBy(...NEWEST_FIRST);
}

/**
 * X-Total-Count stops counting past this many rows (X-Total-Count-Capped: true, shown '1,000+', as the pledge list does): an
 * exact count of a year of a busy company's payments reads hundreds of thousands of index entries
 * for a number nobody pages to the end of.
 */
export const PAYMENT_COUNT_CAP = 1_000;

/** The query that counts the matches up to cap + 1, not yet run. */
export function countPaymentsSql(companyId: number, f: PaymentListFilter, cap = PAYMENT_COUNT_CAP): SQL {
  return sql`select count(*)::int as total from (select 1 from pledge_payments where ${paymentFilter(companyId, f)} limit ${cap + 1}) as matched`;
}

export async function countPayments(
  db: DbOrTx,
  companyId: number,
  f: PaymentListFilter,
  cap = PAYMENT_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const rows = await db.execute(countPaymentsSql(companyId, f, cap));
  const total = Number((rowsOf<{ total: number }>(rows)[0] ?? { total: 0 }).total);
  return total > cap ? { total: cap + 1, capped: true } : { total, capped: false };
}

export async function listPayments(
  db: DbOrTx,
  companyId: number,
  query: PaymentListFilter & { skip: number; limit: number },
): Promise<{ rows: PaymentViewRow[]; total: number; capped: boolean }> {
  const [rows, count] = await Promise.all([
    listPaymentsPage(db, companyId, query),
    countPayments(db, companyId, query),
  ]);
  return { rows, ...count };
}

const createdBy = alias(users, 'receipt_created_by');
const reversedBy = alias(users, 'receipt_reversed_by');
const approvedBy = alias(users, 'receipt_approved_by');
const receiptVoucher = alias(vouchers, 'receipt_voucher');
const reversalVoucher = alias(vouchers, 'receipt_reversal_voucher');

/** Everything a printed receipt shows (receiptViewSchema), or undefined for an unknown receipt. */
export async function findReceiptView(
  db: DbOrTx,
  companyId: number,
  receiptId: number,
): Promise<ReceiptView | undefined> {
  const [head] = await db
    .select({
      receipt: paymentReceipts,
      customer: {
        id: customers.id,
        accCode: customers.accCode,
        customerName: customers.customerName,
        mobileNumber: customers.mobileNumber,
        doorNo: customers.doorNo,
        street: customers.street,
        location: customers.location,
        district: customers.district,
      },
      voucherNumber: receiptVoucher.voucherNumber,
      reversalVoucherNumber: reversalVoucher.voucherNumber,
      createdByUsername: createdBy.username,
      reversedByUsername: reversedBy.username,
      approvedByUsername: approvedBy.username,
    })
    .from(paymentReceipts)
    .innerJoin(
      customers,
      and(eq(customers.companyId, paymentReceipts.companyId), eq(customers.id, paymentReceipts.customerId)),
    )
    .innerJoin(
      receiptVoucher,
      and(
        eq(receiptVoucher.companyId, paymentReceipts.companyId),
        eq(receiptVoucher.id, paymentReceipts.voucherId),
      ),
    )
    .leftJoin(
      reversalVoucher,
      and(
        eq(reversalVoucher.companyId, paymentReceipts.companyId),
        eq(reversalVoucher.id, paymentReceipts.reversalVoucherId),
      ),
    )
    .leftJoin(createdBy, eq(createdBy.id, paymentReceipts.createdBy))
    .leftJoin(reversedBy, eq(reversedBy.id, paymentReceipts.reversedBy))
    .leftJoin(approvedBy, eq(approvedBy.id, paymentReceipts.approvedBy))
    .where(and(eq(paymentReceipts.companyId, companyId), eq(paymentReceipts.id, receiptId)))
    .limit(1);
  if (!head) return undefined;
  const lines = await db
    .select({ payment: pledgePayments, pledgeNo: pledges.pledgeNo })
    .from(pledgePayments)
    .innerJoin(
      pledges,
      and(eq(pledges.companyId, pledgePayments.companyId), eq(pledges.id, pledgePayments.pledgeId)),
    )
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.receiptId, receiptId)))
    .orderBy(asc(pledgePayments.id));
  const r = head.receipt;
  const c = head.customer;
  const money = rupeesFromNumeric;
  const address = [c.doorNo, c.street, c.location].filter((part) => part.trim() !== '').join(', ');
  return {
    receipt_id: r.id,
    receipt_no: r.receiptNo,
    kind: r.kind as ReceiptView['kind'],
    payment_date: r.paymentDate,
    customer: {
      id: c.id,
      acc_code: c.accCode,
      customer_name: c.customerName,
      mobile_number: c.mobileNumber,
      address: address === '' ? null : address,
      city: c.district.trim() === '' ? null : c.district,
    },
    payment_method: r.paymentMethod as ReceiptView['payment_method'],
    bank_reference: r.bankReference,
    remarks: r.remarks,
    total_amount: money(r.totalAmount),
    total_penalty: money(r.totalPenalty),
    total_discount: money(r.totalDiscount),
    net_amount: money(r.netAmount),
    discount_reason: r.discountReason,
    penalty_reason: r.penaltyReason,
    cash_limit_confirmed: r.cashLimitConfirmed,
    approved_by_username: head.approvedByUsername,
    lines: lines.map(({ payment: p, pledgeNo }) => ({
      payment_id: p.id,
      pledge_id: p.pledgeId,
      pledge_no: pledgeNo,
      payment_type: p.paymentType as ReceiptView['lines'][number]['payment_type'],
      amount: money(p.amount),
      interest_amount: money(p.interestAmount),
      principal_amount: money(p.principalAmount),
      penalty_amount: money(p.penaltyAmount),
      discount_amount: money(p.discountAmount),
      balance_amount: money(p.balanceAmount),
      closed_pledge: p.closedPledge,
    })),
    voucher_number: head.voucherNumber,
    receipt_prints: r.receiptPrints,
    created_at: isoInstant(r.createdAt),
    created_by_username: head.createdByUsername,
    reversed: r.reversedAt !== null,
    reversed_at: r.reversedAt === null ? null : isoInstant(r.reversedAt),
    reversed_by_username: head.reversedByUsername,
    reversal_reason: r.reversalReason,
    reversal_voucher_number: head.reversalVoucherNumber,
  };
}

/** The receipt's payment rows (pledge_payments_receipt_idx). */
export async function receiptRows(db: DbOrTx, companyId: number, receiptId: number) {
  return db
    .select({
      id: pledgePayments.id,
      pledgeId: pledgePayments.pledgeId,
      closedPledge: pledgePayments.closedPledge,
    })
    .from(pledgePayments)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.receiptId, receiptId)))
    .orderBy(asc(pledgePayments.id));
}

/**
 * The latest unreversed payment of each pledge (by payment date, then id), with its receipt's number
 * (pledge_payments_pledge_idx).
 */
export async function latestPaymentsOf(db: DbOrTx, companyId: number, pledgeIds: readonly number[]) {
  if (pledgeIds.length === 0) return new Map<number, { receiptId: number; receiptNo: string }>();
  const rows = await db
    .selectDistinctOn([pledgePayments.pledgeId], {
      pledgeId: pledgePayments.pledgeId,
      receiptId: pledgePayments.receiptId,
      receiptNo: paymentReceipts.receiptNo,
    })
    .from(pledgePayments)
    .innerJoin(
      paymentReceipts,
      and(
        eq(paymentReceipts.companyId, pledgePayments.companyId),
        eq(paymentReceipts.id, pledgePayments.receiptId),
      ),
    )
    .where(
      and(
        eq(pledgePayments.companyId, companyId),
        inArray(pledgePayments.pledgeId, [...pledgeIds]),
        sql`${pledgePayments.reversedAt} is null`,
      ),
    )
    .orderBy(pledgePayments.pledgeId, ...NEWEST_FIRST);
  return new Map(rows.map((r) => [r.pledgeId, { receiptId: r.receiptId, receiptNo: r.receiptNo }]));
}

/** What a pledge went through after a payment that a reversal of that payment may not undo. */
export type MovedOn =
  | { kind: 'sold'; pledgeNo: string; on: string; lotNo: string }
  | { kind: 'renewed'; pledgeNo: string; on: string; newPledgeNo: string }
  | { kind: 'released'; pledgeNo: string; on: string }
  | { kind: 'at_bank'; pledgeNo: string; on: string; bankName: string }
  | { kind: 'in_lot'; pledgeNo: string; on: string; lotNo: string };

/**
 * The first event (in the order of `MovedOn`) that moved one of the pledges on after a receipt
 * recorded at `receiptCreatedAt` (the reversal rule): a sale at auction, a renewal, a release of the
 * articles, a re-pledge with a bank not yet returned, or an auction lot (not withdrawn) the pledge was
 * put in after the receipt. Each is a handful of rows read through the pledge's own indexes.
 */
export async function movedOnAfter(
  db: DbOrTx,
  companyId: number,
  pledgeIds: readonly number[],
  receiptCreatedAt: Date | string,
): Promise<MovedOn | null> {
  if (pledgeIds.length === 0) return null;
  const ids = sql.join(
    pledgeIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const since = receiptCreatedAt instanceof Date ? receiptCreatedAt.toISOString() : receiptCreatedAt;
  const [sold] = rowsOf<{ pledge_no: string; on_date: string; lot_no: string }>(
    await db.execute(sql`
      select p.pledge_no, s.sale_date::text as on_date, l.lot_no
        from auction_sales s
        join pledges p on p.company_id = s.company_id and p.id = s.pledge_id
        join auction_lots l on l.company_id = s.company_id and l.id = s.lot_id
       where s.company_id = ${companyId} and s.pledge_id in (${ids})
       order by s.sale_date, s.id limit 1`),
  );
  if (sold) return { kind: 'sold', pledgeNo: sold.pledge_no, on: sold.on_date, lotNo: sold.lot_no };
  const [renewed] = rowsOf<{ pledge_no: string; on_date: string; new_pledge_no: string }>(
    await db.execute(sql`
      select p.pledge_no, coalesce(r.renewal_date, n.pledge_date)::text as on_date, n.pledge_no as new_pledge_no
        from pledges p
        join pledges n on n.company_id = p.company_id and n.id = p.renewed_to_pledge_id
        left join pledge_renewals r on r.company_id = p.company_id and r.old_pledge_id = p.id
       where p.company_id = ${companyId} and p.id in (${ids})
       order by p.id limit 1`),
  );
  if (renewed)
    return {
      kind: 'renewed',
      pledgeNo: renewed.pledge_no,
      on: renewed.on_date,
      newPledgeNo: renewed.new_pledge_no,
    };
  const [released] = rowsOf<{ pledge_no: string; on_date: string }>(
    await db.execute(sql`
      select p.pledge_no, p.released_on::text as on_date
        from pledges p
       where p.company_id = ${companyId} and p.id in (${ids}) and p.released_on is not null
       order by p.id limit 1`),
  );
  if (released) return { kind: 'released', pledgeNo: released.pledge_no, on: released.on_date };
  const [atBank] = rowsOf<{ pledge_no: string; on_date: string; bank_name: string }>(
    await db.execute(sql`
      select p.pledge_no, br.pledged_on::text as on_date, b.bank_name
        from bank_repledges br
        join pledges p on p.company_id = br.company_id and p.id = br.pledge_id
        join banks b on b.company_id = br.company_id and b.id = br.bank_id
       where br.company_id = ${companyId} and br.pledge_id in (${ids}) and br.returned_on is null
       order by br.pledged_on, br.id limit 1`),
  );
  if (atBank)
    return { kind: 'at_bank', pledgeNo: atBank.pledge_no, on: atBank.on_date, bankName: atBank.bank_name };
  const [inLot] = rowsOf<{ pledge_no: string; on_date: string; lot_no: string }>(
    await db.execute(sql`
      select p.pledge_no, l.auction_date::text as on_date, l.lot_no
        from auction_lot_pledges lp
        join pledges p on p.company_id = lp.company_id and p.id = lp.pledge_id
        join auction_lots l on l.company_id = lp.company_id and l.id = lp.lot_id
       where lp.company_id = ${companyId} and lp.pledge_id in (${ids}) and lp.withdrawn_at is null
         and lp.created_at > ${since}::timestamptz
       order by lp.id limit 1`),
  );
  if (inLot) return { kind: 'in_lot', pledgeNo: inLot.pledge_no, on: inLot.on_date, lotNo: inLot.lot_no };
  return null;
}

/**
 * Of the given receipts, those the reversal (payment-history.service.ts reversePayment) would take now:
 * not reversed, not paid by a renewal, the latest unreversed payment on each of their pledges (no
 * other receipt's unreversed payment after theirs, by payment date then id, NEWEST_FIRST's order), and
 * none of their pledges moved on since (movedOnAfter: sold, renewed, released, at a bank, put in a lot
 * after it). Payment History offers Reverse on these only. Keep it in step with reversePayment's
 * refusals: payment-history.test.ts checks that every row said reversible is reversed, and every other
 * refused.
 */
export async function reversibleReceipts(
  db: DbOrTx,
  companyId: number,
  receiptIds: readonly number[],
): Promise<Set<number>> {
  if (receiptIds.length === 0) return new Set();
  const rows = await db.execute(sql`
    select r.id
    from payment_receipts r
    where r.company_id = ${companyId}
      and r.id in (${sql.join(
        receiptIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      and r.reversed_at is null
      and r.payment_method <> ${RENEWAL_METHOD}
      and not exists (
        select 1
        from pledge_payments p
        join pledge_payments later
          on later.company_id = p.company_id
         and later.pledge_id = p.pledge_id
         and later.receipt_id <> p.receipt_id
         and later.reversed_at is null
         and (later.payment_date, later.id) > (p.payment_date, p.id)
        where p.company_id = r.company_id and p.receipt_id = r.id
      )
      and not exists (
        -- movedOnAfter's events since the receipt: sold, renewed, released, at a bank, put in a lot
        select 1
        from pledge_payments p
        join pledges g on g.company_id = p.company_id and g.id = p.pledge_id
        where p.company_id = r.company_id and p.receipt_id = r.id
          and (
            g.released_on is not null
            or g.renewed_to_pledge_id is not null
            or exists (select 1 from auction_sales s where s.company_id = g.company_id and s.pledge_id = g.id)
            or exists (
              select 1 from bank_repledges br
              where br.company_id = g.company_id and br.pledge_id = g.id and br.returned_on is null
            )
            or exists (
              select 1 from auction_lot_pledges lp
              where lp.company_id = g.company_id and lp.pledge_id = g.id and lp.withdrawn_at is null
                and lp.created_at > r.created_at
            )
          )
      )`);
  return new Set(rowsOf<{ id: number | string }>(rows).map((r) => Number(r.id)));
}

// ------------------------------------------------------------------ reversals and prints

/** The receipt a payment row belongs to; undefined when the company has no such payment. */
export async function findReceiptIdOfPayment(
  db: DbOrTx,
  companyId: number,
  paymentId: number,
): Promise<number | undefined> {
  const [row] = await db
    .select({ receiptId: pledgePayments.receiptId })
    .from(pledgePayments)
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.id, paymentId)))
    .limit(1);
  return row?.receiptId;
}

export type ReceiptRecord = typeof paymentReceipts.$inferSelect;

/** A receipt row, locked FOR UPDATE until the caller's transaction ends. */
export async function lockReceipt(
  tx: Tx,
  companyId: number,
  receiptId: number,
): Promise<ReceiptRecord | undefined> {
  const [receipt] = await tx
    .select()
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.companyId, companyId), eq(paymentReceipts.id, receiptId)))
    .for('update');
  return receipt;
}

/**
 * Marks a receipt and its payment rows reversed (one time, the statement's `now()`), by whom, why and
 * with which Journal.
 */
export async function markReceiptReversed(
  tx: Tx,
  companyId: number,
  receiptId: number,
  reversal: { userId: number; reason: string; voucherId: number },
): Promise<void> {
  const [marked] = await tx
    .update(paymentReceipts)
    .set({
      reversedAt: sql`now()`,
      reversedBy: reversal.userId,
      reversalReason: reversal.reason,
      reversalVoucherId: reversal.voucherId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentReceipts.companyId, companyId), eq(paymentReceipts.id, receiptId)))
    .returning({ reversedAt: paymentReceipts.reversedAt });
  await tx
    .update(pledgePayments)
    .set({ reversedAt: marked!.reversedAt })
    .where(and(eq(pledgePayments.companyId, companyId), eq(pledgePayments.receiptId, receiptId)));
}

/** Reopens the pledges a reversed receipt had closed: active again, no closed date. */
export async function reopenPledges(
  tx: Tx,
  companyId: number,
  pledgeIds: readonly number[],
  userId: number,
): Promise<void> {
  if (pledgeIds.length === 0) return;
  await tx
    .update(pledges)
    .set({
      closedDate: null,
      closedBy: null,
      status: 'active',
      updatedBy: userId,
      updatedAt: sql`now()`,
    })
    .where(and(eq(pledges.companyId, companyId), inArray(pledges.id, [...pledgeIds])));
}

/** A receipt's print count, its row locked FOR UPDATE; undefined when there is no such receipt. */
export async function lockReceiptPrints(
  tx: Tx,
  companyId: number,
  receiptId: number,
): Promise<number | undefined> {
  const [receipt] = await tx
    .select({ prints: paymentReceipts.receiptPrints })
    .from(paymentReceipts)
    .where(and(eq(paymentReceipts.companyId, companyId), eq(paymentReceipts.id, receiptId)))
    .for('update');
  return receipt?.prints;
}

export async function setReceiptPrints(
  tx: Tx,
  companyId: number,
  receiptId: number,
  prints: number,
): Promise<void> {
  await tx
    .update(paymentReceipts)
    .set({ receiptPrints: prints })
    .where(and(eq(paymentReceipts.companyId, companyId), eq(paymentReceipts.id, receiptId)));
}
