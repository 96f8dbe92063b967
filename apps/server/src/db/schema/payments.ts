import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { vouchers } from './books.ts';
import { createdAt, updatedAt } from './columns.ts';
import { companies, users } from './core.ts';
import { customers } from './masters.ts';
import { pledges } from './pledges.ts';

// Payments (pledges-and-payments §3, docs/domain-rules.md §4–§6). A receipt is one act at the
// counter: one receipt number, one Receipt voucher, one customer, one method; it pays one pledge (a
// single payment) or several (a multiple payment), one `pledge_payments` row per pledge. Nothing is
// ever deleted: a reversal marks the receipt and its rows reversed and posts a reversing voucher;
// reversed rows count in no balance.

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** Payment methods a receipt may carry; `renewal` is written only by a renewal. */
export const RECEIPT_METHODS_SQL = `('cash', 'bank', 'online', 'cheque', 'bank_transfer', 'renewal')`;

export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    // `R/2026-27/000123` from the counter `receipt` per financial year, or typed by the user (used as
    // is, unique in the company regardless of case).
    receiptNo: text('receipt_no').notNull(),
    kind: text('kind').notNull(),
    customerId: integer('customer_id').notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    bankReference: text('bank_reference'),
    // Σ amount (interest + principal) of the rows; penalty and discount on top; the cash (or bank)
    // actually received is `net_amount` = total + penalty − discount.
    totalAmount: money('total_amount').notNull(),
    totalPenalty: money('total_penalty').notNull().default('0'),
    totalDiscount: money('total_discount').notNull().default('0'),
    netAmount: money('net_amount').notNull(),
    // Kept from the receipt's payment rows when it is written (a receipt's rows never change after,
    // only its reversal mark), so the daily collection's lines read the receipt alone: Σ interest and
    // Σ principal of the rows (total_amount is their sum) and the pledges' numbers in row order
    // (docs/performance.md, "The whole-year CSV downloads in SQL"; books-check compares them).
    totalInterest: money('total_interest').notNull(),
    totalPrincipal: money('total_principal').notNull(),
    pledgeNos: text('pledge_nos').array().notNull(),
    discountReason: text('discount_reason'),
    penaltyReason: text('penalty_reason'),
    approveDiscount: boolean('approve_discount').notNull().default(false),
    approvePenalty: boolean('approve_penalty').notNull().default(false),
    remarks: text('remarks'),
    // A cash receipt at or over the company's cash limit taken in 'warn' mode: the clerk confirmed it.
    cashLimitConfirmed: boolean('cash_limit_confirmed').notNull().default(false),
    // The admin who approved the receipt's discount or penalty: the caller when an
    // admin, otherwise the admin whose password was typed on the clerk's screen.
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    // The Receipt voucher (docs/domain-rules.md §6.2).
    voucherId: integer('voucher_id').notNull(),
    // Receipts printed so far; every print after the first is marked 'DUPLICATE'.
    receiptPrints: integer('receipt_prints').notNull().default(0),
    // Reversal (docs/domain-rules.md §4.9): who, when, why, and the voucher that undid the receipt's.
    reversedAt: at('reversed_at'),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    reversalReason: text('reversal_reason'),
    reversalVoucherId: integer('reversal_voucher_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_receipts_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('payment_receipts_company_no_key').on(t.companyId, sql`lower(${t.receiptNo})`),
    foreignKey({
      name: 'payment_receipts_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'payment_receipts_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'payment_receipts_reversal_voucher_fk',
      columns: [t.companyId, t.reversalVoucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    // A customer's receipts, newest first.
    index('payment_receipts_customer_idx').on(t.companyId, t.customerId, t.id.desc()),
    // The foreign keys from vouchers (migration 0019): deleting a voucher (a manual daybook entry) checks
    // that no receipt points at it, a probe of these instead of a scan of every receipt.
    index('payment_receipts_voucher_idx').on(t.companyId, t.voucherId),
    index('payment_receipts_reversal_voucher_idx')
      .on(t.companyId, t.reversalVoucherId)
      .where(sql`${t.reversalVoucherId} is not null`),
    // The unreversed receipts of a period with their amounts, read from the index alone (the
    // dashboard's collections per day, measured in docs/performance.md).
    index('payment_receipts_company_date_idx')
      .on(t.companyId, t.paymentDate, t.netAmount)
      .where(sql`${t.reversedAt} is null`),
    // The daily collection report: a range of days' receipts in date and entry order.
    index('payment_receipts_date_idx').on(t.companyId, t.paymentDate, t.id),
    // The daily collection's receipt counts by payment type: the few receipts of several pledges in a
    // range, whose rows may repeat a type (docs/performance.md, collectionSummaryQuery).
    index('payment_receipts_multiple_idx')
      .on(t.companyId, t.paymentDate)
      .where(sql`${t.kind} = 'multiple' and ${t.reversedAt} is null`),
    check('payment_receipts_kind_check', sql`${t.kind} in ('single', 'multiple')`),
    check('payment_receipts_method_check', sql.raw(`payment_method in ${RECEIPT_METHODS_SQL}`)),
    check(
      'payment_receipts_amounts',
      sql`${t.totalAmount} > 0 and ${t.totalPenalty} >= 0 and ${t.totalDiscount} >= 0 and ${t.netAmount} >= 0 and ${t.netAmount} = ${t.totalAmount} + ${t.totalPenalty} - ${t.totalDiscount}`,
    ),
    check(
      'payment_receipts_kept_parts',
      sql`${t.totalInterest} >= 0 and ${t.totalPrincipal} >= 0 and ${t.totalInterest} + ${t.totalPrincipal} = ${t.totalAmount} and cardinality(${t.pledgeNos}) >= 1`,
    ),
    check(
      'payment_receipts_reversal',
      sql`(${t.reversedAt} is null) = (${t.reversalReason} is null) and (${t.reversedAt} is null) = (${t.reversalVoucherId} is null)`,
    ),
  ],
);

export const pledgePayments = pgTable(
  'pledge_payments',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    receiptId: integer('receipt_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    // Copied from the receipt so the history list filters and sorts on one index.
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    // interest | partial_principal | full_payment (docs/domain-rules.md §4.3); a multiple payment's part is
    // typed from its split (paymentTypeForAmount).
    paymentType: text('payment_type').notNull(),
    // amount = interest_amount + principal_amount; penalty and discount on top.
    amount: money('amount').notNull(),
    interestAmount: money('interest_amount').notNull().default('0'),
    principalAmount: money('principal_amount').notNull().default('0'),
    penaltyAmount: money('penalty_amount').notNull().default('0'),
    discountAmount: money('discount_amount').notNull().default('0'),
    discountReason: text('discount_reason'),
    penaltyReason: text('penalty_reason'),
    remarks: text('remarks'),
    // Remaining principal + remaining interest right after this payment (docs/domain-rules.md §4.4).
    balanceAmount: money('balance_amount').notNull(),
    // This payment closed the pledge (a reversal reopens it).
    closedPledge: boolean('closed_pledge').notNull().default(false),
    // Copied from the receipt when it is reversed; reversed rows count in no balance.
    reversedAt: at('reversed_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pledge_payments_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'pledge_payments_receipt_fk',
      columns: [t.companyId, t.receiptId],
      foreignColumns: [paymentReceipts.companyId, paymentReceipts.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_payments_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    // A pledge's payments (balance, history, latest payment), the history list newest first by date
    // (and its date-range filter), and a receipt's rows.
    index('pledge_payments_pledge_idx').on(t.companyId, t.pledgeId, t.id),
    index('pledge_payments_date_idx').on(t.companyId, t.paymentDate.desc(), t.id.desc()),
    index('pledge_payments_receipt_idx').on(t.companyId, t.receiptId),
    // The overdue list's Σ principal paid back up to a date: the counted principal
    // payments alone, a small share of the rows.
    index('pledge_payments_principal_idx')
      .on(t.companyId, t.paymentDate)
      .where(sql`${t.principalAmount} > 0 and ${t.reversedAt} is null`),
    check(
      'pledge_payments_type_check',
      sql`${t.paymentType} in ('interest', 'partial_principal', 'full_payment')`,
    ),
    check('pledge_payments_method_check', sql.raw(`payment_method in ${RECEIPT_METHODS_SQL}`)),
    check(
      'pledge_payments_amounts',
      sql`${t.amount} > 0 and ${t.interestAmount} >= 0 and ${t.principalAmount} >= 0 and ${t.amount} = ${t.interestAmount} + ${t.principalAmount} and ${t.penaltyAmount} >= 0 and ${t.discountAmount} >= 0 and ${t.discountAmount} <= ${t.amount} + ${t.penaltyAmount} and ${t.balanceAmount} >= 0`,
    ),
  ],
);
