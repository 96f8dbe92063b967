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
import { companies, files, users } from './core.ts';
import { banks, customers } from './masters.ts';
import { paymentReceipts } from './payments.ts';
import { pledges } from './pledges.ts';

// The end of a pledge (docs/domain-rules.md §8; REGULATION.md, Tamil Nadu Pawnbrokers Act ss. 8 and
// 12): the release of the articles, renewal, re-pledge with a bank, notices before sale and reminders,
// auction lots, sales and the surplus or shortfall they leave. Company-scoped like every table: UNIQUE
// (company_id, id) and composite foreign keys. Money numeric(14,2) rupees. Every step that moves money
// names the voucher it posted (docs/domain-rules.md §6.2), and nothing here is deleted: a step is recorded once.

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const userRef = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** Who may take the articles home (s. 8, Rule 6): the pawner, or another person on a proof. */
export const RELEASE_RECEIVER_KINDS = ['pawner', 'agent', 'legal_heir', 'transferee', 'lost_ticket'] as const;
/** How the cash of a step moves: cash from the drawer (1000), or through the bank (1190). */
const CASH_METHODS_SQL = `('cash', 'bank', 'online', 'cheque', 'bank_transfer')`;

/**
 * The release of a closed pledge's articles (Form H, the redemption receipt): who
 * handed them over, to whom, on what proof, when. One per pledge; the pledge's `released_on` is set in
 * the same transaction, so the vault register stops listing its articles.
 */
export const pledgeReleases = pgTable(
  'pledge_releases',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    pledgeId: integer('pledge_id').notNull(),
    releasedOn: date('released_on', { mode: 'string' }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    receiverKind: text('receiver_kind').notNull(),
    receiverName: text('receiver_name').notNull(),
    // The receiver's identity document (type and number) when not the pawner in person.
    receiverIdProof: text('receiver_id_proof'),
    // The agent's letter, the legal heir's document or the lost-ticket declaration: its reference, and
    // optionally its scan in the files table.
    proofReference: text('proof_reference'),
    proofFileId: integer('proof_file_id'),
    // The staff member who handed the articles over (a user of the company).
    handedOverBy: integer('handed_over_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    remarks: text('remarks'),
    // Release slips printed so far: every print after the first is marked 'DUPLICATE'.
    slipPrints: integer('slip_prints').notNull().default(0),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pledge_releases_company_id_id_key').on(t.companyId, t.id),
    unique('pledge_releases_pledge_key').on(t.companyId, t.pledgeId),
    foreignKey({
      name: 'pledge_releases_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_releases_proof_file_fk',
      columns: [t.companyId, t.proofFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('restrict'),
    index('pledge_releases_proof_file_idx')
      .on(t.companyId, t.proofFileId)
      .where(sql`${t.proofFileId} is not null`),
    index('pledge_releases_date_idx').on(t.companyId, t.releasedOn),
    check(
      'pledge_releases_receiver_kind_check',
      sql.raw(`receiver_kind in (${RELEASE_RECEIVER_KINDS.map((k) => `'${k}'`).join(', ')})`),
    ),
    // Anyone but the pawner in person shows a proof (s. 8, Rule 6).
    check(
      'pledge_releases_proof_check',
      sql`${t.receiverKind} = 'pawner' or ${t.proofReference} is not null`,
    ),
  ],
);

/**
 * A renewal: the old pledge closed by a payment of method 'renewal' (its receipt)
 * and the new pledge paid out from 1195 first, in one transaction. The figures are the server's
 * (`renewalFigures` in the domain). The two pledges point at each other too (pledges.renewed_from /
 * renewed_to); kept articles are copied to the new pledge (pledge_items.renewed_from_item_id), so the
 * old pledge's articles without a copy are the ones returned.
 */
export const pledgeRenewals = pgTable(
  'pledge_renewals',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    oldPledgeId: integer('old_pledge_id').notNull(),
    newPledgeId: integer('new_pledge_id').notNull(),
    renewalDate: date('renewal_date', { mode: 'string' }).notNull(),
    oldPrincipal: money('old_principal').notNull(),
    oldInterest: money('old_interest').notNull(),
    oldPenalty: money('old_penalty').notNull().default('0'),
    oldOutstanding: money('old_outstanding').notNull(),
    newLoan: money('new_loan').notNull(),
    newFinalAmount: money('new_final_amount').notNull(),
    cashToCustomer: money('cash_to_customer').notNull().default('0'),
    cashFromCustomer: money('cash_from_customer').notNull().default('0'),
    // How the difference moved (cash through the drawer, or the bank with a reference).
    paymentMethod: text('payment_method').notNull().default('cash'),
    paymentReference: text('payment_reference'),
    // The receipt of the payment that closed the old pledge (method 'renewal').
    receiptId: integer('receipt_id').notNull(),
    cashLimitConfirmed: boolean('cash_limit_confirmed').notNull().default(false),
    // A kept article weighed heavier than its pledge stored: why, and the admin who
    // approved it (the renewing admin, or the one whose name and password the clerk's screen sent).
    weightIncreaseReason: text('weight_increase_reason'),
    weightIncreaseApprovedBy: userRef('weight_increase_approved_by'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pledge_renewals_company_id_id_key').on(t.companyId, t.id),
    unique('pledge_renewals_old_key').on(t.companyId, t.oldPledgeId),
    unique('pledge_renewals_new_key').on(t.companyId, t.newPledgeId),
    foreignKey({
      name: 'pledge_renewals_old_fk',
      columns: [t.companyId, t.oldPledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_renewals_new_fk',
      columns: [t.companyId, t.newPledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_renewals_receipt_fk',
      columns: [t.companyId, t.receiptId],
      foreignColumns: [paymentReceipts.companyId, paymentReceipts.id],
    }).onDelete('restrict'),
    index('pledge_renewals_receipt_idx').on(t.companyId, t.receiptId),
    index('pledge_renewals_date_idx').on(t.companyId, t.renewalDate),
    check('pledge_renewals_method_check', sql.raw(`payment_method in ${CASH_METHODS_SQL}`)),
    check(
      'pledge_renewals_amounts',
      sql`${t.oldOutstanding} > 0 and ${t.oldOutstanding} = ${t.oldPrincipal} + ${t.oldInterest} + ${t.oldPenalty}
        and ${t.newLoan} > 0 and ${t.newFinalAmount} > 0 and ${t.cashToCustomer} >= 0 and ${t.cashFromCustomer} >= 0
        and (${t.cashToCustomer} = 0 or ${t.cashFromCustomer} = 0)
        and ${t.newFinalAmount} - ${t.oldOutstanding} = ${t.cashToCustomer} - ${t.cashFromCustomer}`,
    ),
    check('pledge_renewals_two_pledges', sql`${t.oldPledgeId} <> ${t.newPledgeId}`),
    // An approval is always given with its reason (the approver may later be deleted: set null).
    check(
      'pledge_renewals_weight_approval',
      sql`${t.weightIncreaseApprovedBy} is null or ${t.weightIncreaseReason} is not null`,
    ),
  ],
);

/**
 * A pledge's articles re-pledged with a bank: the bank, date, amount borrowed and
 * the bank's reference when they go (Dr 1190/1000, Cr 2200), and their return (Dr 2200 the amount
 * borrowed, Dr 5300 the bank's interest, Cr 1190/1000 what was paid). At most one open re-pledge a
 * pledge; pledges.is_move_to_bank is true exactly while one is open.
 */
export const bankRepledges = pgTable(
  'bank_repledges',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    pledgeId: integer('pledge_id').notNull(),
    bankId: integer('bank_id').notNull(),
    pledgedOn: date('pledged_on', { mode: 'string' }).notNull(),
    amountBorrowed: money('amount_borrowed').notNull(),
    bankReference: text('bank_reference').notNull(),
    // How the bank paid the loan: into the bank account (1190) or in cash (1000).
    receivedBy: text('received_by').notNull().default('bank'),
    voucherId: integer('voucher_id').notNull(),
    returnedOn: date('returned_on', { mode: 'string' }),
    // When the return was recorded: the pledge's history orders the events of one day by it.
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    bankInterest: money('bank_interest'),
    paidBy: text('paid_by'),
    returnReference: text('return_reference'),
    returnVoucherId: integer('return_voucher_id'),
    returnedBy: userRef('returned_by'),
    remarks: text('remarks'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('bank_repledges_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'bank_repledges_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bank_repledges_bank_fk',
      columns: [t.companyId, t.bankId],
      foreignColumns: [banks.companyId, banks.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bank_repledges_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'bank_repledges_return_voucher_fk',
      columns: [t.companyId, t.returnVoucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    // One open re-pledge a pledge; the register of what is at which bank.
    uniqueIndex('bank_repledges_open_key').on(t.companyId, t.pledgeId).where(sql`${t.returnedOn} is null`),
    index('bank_repledges_pledge_idx').on(t.companyId, t.pledgeId, t.id),
    index('bank_repledges_bank_idx').on(t.companyId, t.bankId, t.pledgedOn),
    index('bank_repledges_voucher_idx').on(t.companyId, t.voucherId),
    index('bank_repledges_return_voucher_idx')
      .on(t.companyId, t.returnVoucherId)
      .where(sql`${t.returnVoucherId} is not null`),
    check('bank_repledges_received_by_check', sql`${t.receivedBy} in ('bank', 'cash')`),
    check('bank_repledges_amount', sql`${t.amountBorrowed} > 0`),
    // The return is recorded whole or not at all.
    check(
      'bank_repledges_return_whole',
      sql`(${t.returnedOn} is null) = (${t.returnVoucherId} is null)
        and (${t.returnedOn} is null) = (${t.bankInterest} is null)
        and (${t.returnedOn} is null) = (${t.paidBy} is null)
        and (${t.paidBy} is null or ${t.paidBy} in ('bank', 'cash'))
        and (${t.bankInterest} is null or ${t.bankInterest} >= 0)
        and (${t.returnedOn} is null or ${t.returnedOn} >= ${t.pledgedOn})`,
    ),
    check('bank_repledges_returned_at', sql`(${t.returnedOn} is null) = (${t.returnedAt} is null)`),
  ],
);

/** A batch of notices printed together (`POST /notices`). */
export const noticeBatches = pgTable(
  'notice_batches',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    noticeDate: date('notice_date', { mode: 'string' }).notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [unique('notice_batches_company_id_id_key').on(t.companyId, t.id)],
);

/**
 * A notice before sale (s. 12, Rule 12): the letter to the pawner, numbered, with the amount due as of
 * the notice date and the date after which the articles may be sold (notice date + the company's
 * waiting period), and how it was served: the date sent and the registered post's tracking number,
 * and the date delivered when the proof comes back.
 */
export const pledgeNotices = pgTable(
  'pledge_notices',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    batchId: integer('batch_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    // N/2026-27/0001: per company and financial year, from a locked counter (docs/domain-rules.md §5).
    noticeNo: text('notice_no').notNull(),
    noticeDate: date('notice_date', { mode: 'string' }).notNull(),
    principalDue: money('principal_due').notNull(),
    interestDue: money('interest_due').notNull(),
    amountDue: money('amount_due').notNull(),
    saleAfter: date('sale_after', { mode: 'string' }).notNull(),
    sentOn: date('sent_on', { mode: 'string' }),
    trackingNo: text('tracking_no'),
    deliveredOn: date('delivered_on', { mode: 'string' }),
    prints: integer('prints').notNull().default(0),
    // When the date sent and the date delivered were recorded (the dates are the post office's, often
    // typed days later): the pledge's history orders the events of one day by these.
    sentRecordedAt: timestamp('sent_recorded_at', { withTimezone: true }),
    deliveredRecordedAt: timestamp('delivered_recorded_at', { withTimezone: true }),
    // A fresh notice for the pledge (asked for, `renew: true`) replaces this one: at most one notice of
    // a pledge is open (pledge_notices_open_key), and a replaced one no longer allows a sale.
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededBy: integer('superseded_by'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pledge_notices_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('pledge_notices_open_key').on(t.companyId, t.pledgeId).where(sql`${t.supersededAt} is null`),
    foreignKey({
      name: 'pledge_notices_superseded_by_fk',
      columns: [t.companyId, t.supersededBy],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    index('pledge_notices_superseded_by_idx')
      .on(t.companyId, t.supersededBy)
      .where(sql`${t.supersededBy} is not null`),
    check(
      'pledge_notices_recorded_at',
      sql`(${t.sentOn} is null) = (${t.sentRecordedAt} is null)
        and (${t.deliveredOn} is null) = (${t.deliveredRecordedAt} is null)`,
    ),
    check(
      'pledge_notices_superseded_whole',
      sql`(${t.supersededBy} is null or ${t.supersededAt} is not null)`,
    ),
    uniqueIndex('pledge_notices_company_no_key').on(t.companyId, sql`lower(${t.noticeNo})`),
    foreignKey({
      name: 'pledge_notices_batch_fk',
      columns: [t.companyId, t.batchId],
      foreignColumns: [noticeBatches.companyId, noticeBatches.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_notices_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    index('pledge_notices_pledge_idx').on(t.companyId, t.pledgeId, t.id),
    index('pledge_notices_batch_idx').on(t.companyId, t.batchId),
    index('pledge_notices_date_idx').on(t.companyId, t.noticeDate),
    check(
      'pledge_notices_amounts',
      sql`${t.principalDue} >= 0 and ${t.interestDue} >= 0 and ${t.amountDue} = ${t.principalDue} + ${t.interestDue}`,
    ),
    check(
      'pledge_notices_dates',
      sql`${t.saleAfter} >= ${t.noticeDate} and (${t.sentOn} is null or ${t.sentOn} >= ${t.noticeDate})
        and (${t.deliveredOn} is null or (${t.sentOn} is not null and ${t.deliveredOn} >= ${t.sentOn}))`,
    ),
  ],
);

/** A reminder to a customer (WhatsApp or a call), kept apart from the legal notices. */
export const pledgeReminders = pgTable(
  'pledge_reminders',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    pledgeId: integer('pledge_id').notNull(),
    channel: text('channel').notNull(),
    remindedOn: date('reminded_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('pledge_reminders_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'pledge_reminders_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    index('pledge_reminders_pledge_idx').on(t.companyId, t.pledgeId, t.id),
    index('pledge_reminders_date_idx').on(t.companyId, t.remindedOn),
    check('pledge_reminders_channel_check', sql`${t.channel} in ('whatsapp', 'call', 'sms')`),
  ],
);

/** An auction lot: pledges put up for sale together, with its catalogue. */
export const auctionLots = pgTable(
  'auction_lots',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    // AL/2026-27/0001: per company and financial year, from a locked counter.
    lotNo: text('lot_no').notNull(),
    auctionDate: date('auction_date', { mode: 'string' }).notNull(),
    venue: text('venue'),
    auctioneer: text('auctioneer'),
    status: text('status').notNull().default('open'),
    remarks: text('remarks'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('auction_lots_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('auction_lots_company_no_key').on(t.companyId, sql`lower(${t.lotNo})`),
    index('auction_lots_date_idx').on(t.companyId, t.auctionDate),
    check('auction_lots_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** A pledge in a lot; withdrawn (the pawner paid before the sale) or still in it. */
export const auctionLotPledges = pgTable(
  'auction_lot_pledges',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    lotId: integer('lot_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    // The notice that allowed the sale (its sale_after date had passed when the pledge was put in).
    noticeId: integer('notice_id').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnReason: text('withdrawn_reason'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('auction_lot_pledges_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'auction_lot_pledges_lot_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [auctionLots.companyId, auctionLots.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_lot_pledges_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_lot_pledges_notice_fk',
      columns: [t.companyId, t.noticeId],
      foreignColumns: [pledgeNotices.companyId, pledgeNotices.id],
    }).onDelete('restrict'),
    // A pledge is in at most one lot at a time.
    uniqueIndex('auction_lot_pledges_live_key')
      .on(t.companyId, t.pledgeId)
      .where(sql`${t.withdrawnAt} is null`),
    index('auction_lot_pledges_lot_idx').on(t.companyId, t.lotId, t.id),
    index('auction_lot_pledges_notice_idx').on(t.companyId, t.noticeId),
    check(
      'auction_lot_pledges_withdrawn_whole',
      sql`(${t.withdrawnAt} is null) = (${t.withdrawnReason} is null)`,
    ),
  ],
);

/**
 * A pledge sold at auction (Form G, the sale book): the sale price against the outstanding as of the
 * sale date (`auctionSettlement` in the domain), with the surplus owed to the pawner (2100) or the
 * shortfall receivable from them (1210). Closes the pledge (closed_by 'auction').
 */
export const auctionSales = pgTable(
  'auction_sales',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    lotId: integer('lot_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    auctioneer: text('auctioneer').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerAddress: text('buyer_address'),
    salePrice: money('sale_price').notNull(),
    principalDue: money('principal_due').notNull(),
    interestDue: money('interest_due').notNull(),
    outstanding: money('outstanding').notNull(),
    surplus: money('surplus').notNull().default('0'),
    shortfall: money('shortfall').notNull().default('0'),
    paymentMethod: text('payment_method').notNull().default('cash'),
    paymentReference: text('payment_reference'),
    voucherId: integer('voucher_id').notNull(),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('auction_sales_company_id_id_key').on(t.companyId, t.id),
    unique('auction_sales_pledge_key').on(t.companyId, t.pledgeId),
    foreignKey({
      name: 'auction_sales_lot_fk',
      columns: [t.companyId, t.lotId],
      foreignColumns: [auctionLots.companyId, auctionLots.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_sales_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_sales_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    index('auction_sales_lot_idx').on(t.companyId, t.lotId),
    index('auction_sales_date_idx').on(t.companyId, t.saleDate, t.id),
    index('auction_sales_voucher_idx').on(t.companyId, t.voucherId),
    check('auction_sales_method_check', sql.raw(`payment_method in ${CASH_METHODS_SQL}`)),
    check(
      'auction_sales_amounts',
      sql`${t.salePrice} > 0 and ${t.principalDue} >= 0 and ${t.interestDue} >= 0
        and ${t.outstanding} = ${t.principalDue} + ${t.interestDue}
        and ${t.surplus} >= 0 and ${t.shortfall} >= 0 and (${t.surplus} = 0 or ${t.shortfall} = 0)
        and ${t.salePrice} - ${t.outstanding} = ${t.surplus} - ${t.shortfall}`,
    ),
  ],
);

/**
 * A sale's surplus, owed to the pawner (2100, never income): paid out on claim with a receipt, or
 * after the company's holding period deposited with the Government by a voucher. Settled whole, once.
 */
export const auctionSurpluses = pgTable(
  'auction_surpluses',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    saleId: integer('sale_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    customerId: integer('customer_id').notNull(),
    amount: money('amount').notNull(),
    // Null while owed; 'paid' to the pawner (or their representative) or 'deposited' with the Government.
    settledKind: text('settled_kind'),
    settledOn: date('settled_on', { mode: 'string' }),
    settledTo: text('settled_to'),
    settledMethod: text('settled_method'),
    settledReference: text('settled_reference'),
    settledVoucherId: integer('settled_voucher_id'),
    settledBy: userRef('settled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('auction_surpluses_company_id_id_key').on(t.companyId, t.id),
    unique('auction_surpluses_sale_key').on(t.companyId, t.saleId),
    foreignKey({
      name: 'auction_surpluses_sale_fk',
      columns: [t.companyId, t.saleId],
      foreignColumns: [auctionSales.companyId, auctionSales.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_surpluses_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_surpluses_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_surpluses_voucher_fk',
      columns: [t.companyId, t.settledVoucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    index('auction_surpluses_owed_idx').on(t.companyId, t.id).where(sql`${t.settledKind} is null`),
    index('auction_surpluses_pledge_idx').on(t.companyId, t.pledgeId),
    index('auction_surpluses_customer_idx').on(t.companyId, t.customerId),
    index('auction_surpluses_voucher_idx')
      .on(t.companyId, t.settledVoucherId)
      .where(sql`${t.settledVoucherId} is not null`),
    check('auction_surpluses_amount', sql`${t.amount} > 0`),
    check(
      'auction_surpluses_settled_whole',
      sql`(${t.settledKind} is null) = (${t.settledOn} is null)
        and (${t.settledKind} is null) = (${t.settledVoucherId} is null)
        and (${t.settledKind} is null or ${t.settledKind} in ('paid', 'deposited'))
        and (${t.settledMethod} is null or ${t.settledMethod} in ${sql.raw(CASH_METHODS_SQL)})`,
    ),
  ],
);

/**
 * A sale's shortfall, receivable from the pawner (1210): collected (Dr 1000/1190, Cr 1210) or written
 * off with an admin's approval (Dr 5200, Cr 1210), in parts; open = amount − collected − written off.
 */
export const auctionShortfalls = pgTable(
  'auction_shortfalls',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    saleId: integer('sale_id').notNull(),
    pledgeId: integer('pledge_id').notNull(),
    customerId: integer('customer_id').notNull(),
    amount: money('amount').notNull(),
    collected: money('collected').notNull().default('0'),
    writtenOff: money('written_off').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('auction_shortfalls_company_id_id_key').on(t.companyId, t.id),
    unique('auction_shortfalls_sale_key').on(t.companyId, t.saleId),
    foreignKey({
      name: 'auction_shortfalls_sale_fk',
      columns: [t.companyId, t.saleId],
      foreignColumns: [auctionSales.companyId, auctionSales.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_shortfalls_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_shortfalls_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }).onDelete('restrict'),
    index('auction_shortfalls_pledge_idx').on(t.companyId, t.pledgeId),
    index('auction_shortfalls_customer_idx').on(t.companyId, t.customerId),
    check(
      'auction_shortfalls_amounts',
      sql`${t.amount} > 0 and ${t.collected} >= 0 and ${t.writtenOff} >= 0 and ${t.collected} + ${t.writtenOff} <= ${t.amount}`,
    ),
  ],
);

/** Each collection or write-off of a shortfall, with its voucher (and the approving admin's). */
export const auctionShortfallSettlements = pgTable(
  'auction_shortfall_settlements',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    shortfallId: integer('shortfall_id').notNull(),
    kind: text('kind').notNull(),
    settledOn: date('settled_on', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: text('method'),
    reference: text('reference'),
    reason: text('reason'),
    approvedBy: userRef('approved_by'),
    voucherId: integer('voucher_id').notNull(),
    // A collection's receipt: `SR/2026-27/0001` from the counter `shortfall-receipt`
    // per financial year; null for a write-off, and for the collections made before receipts were given.
    receiptNo: text('receipt_no'),
    createdBy: userRef('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('auction_shortfall_settlements_company_id_id_key').on(t.companyId, t.id),
    unique('auction_shortfall_settlements_receipt_key').on(t.companyId, t.receiptNo),
    // The Daily Collection reads a range's collections by date.
    index('auction_shortfall_settlements_date_idx').on(t.companyId, t.settledOn, t.id),
    check('auction_shortfall_settlements_receipt', sql`${t.kind} = 'collected' or ${t.receiptNo} is null`),
    foreignKey({
      name: 'auction_shortfall_settlements_shortfall_fk',
      columns: [t.companyId, t.shortfallId],
      foreignColumns: [auctionShortfalls.companyId, auctionShortfalls.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'auction_shortfall_settlements_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    index('auction_shortfall_settlements_shortfall_idx').on(t.companyId, t.shortfallId, t.id),
    index('auction_shortfall_settlements_voucher_idx').on(t.companyId, t.voucherId),
    check('auction_shortfall_settlements_kind_check', sql`${t.kind} in ('collected', 'written_off')`),
    check('auction_shortfall_settlements_amount', sql`${t.amount} > 0`),
    check(
      'auction_shortfall_settlements_method',
      sql`(${t.kind} = 'collected' and ${t.method} in ${sql.raw(CASH_METHODS_SQL)})
        or (${t.kind} = 'written_off' and ${t.method} is null and ${t.approvedBy} is not null and ${t.reason} is not null)`,
    ),
  ],
);
