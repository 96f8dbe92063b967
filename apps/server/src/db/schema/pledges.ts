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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { vouchers } from './books.ts';
import { createdAt, updatedAt } from './columns.ts';
import { companies, files, users } from './core.ts';
import { customers, jewelDesigns, schemes } from './masters.ts';

// Pledges (pledges-and-payments §3, docs/domain-rules.md §2 and §5). Company-scoped like the
// masters: UNIQUE (company_id, id) and composite foreign keys, so a pledge cannot point at another
// company's customer, scheme, design, file or voucher. Money numeric(14,2) rupees, weights
// numeric(10,3) grams, rates numeric(12,2), percents numeric(5,2) (docs/domain-rules.md §1).

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const grams = (name: string) => numeric(name, { precision: 10, scale: 3 });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2 });

export const pledges = pgTable(
  'pledges',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    // Scheme prefix + running number per company and prefix (GL1, GL2, …), from the counter
    // `pledge:<PREFIX>` locked in the create transaction (docs/domain-rules.md §5).
    pledgeNo: text('pledge_no').notNull(),
    customerId: integer('customer_id').notNull(),
    schemeId: integer('scheme_id').notNull(),
    pledgeDate: date('pledge_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    // Set when remaining principal and interest reach 0 (a payment in full); null while open.
    closedDate: date('closed_date', { mode: 'string' }),
    // How it closed: 'payment' (paid in full), 'renewal' (settled by a new pledge) or
    // 'auction' (sold); null exactly while closed_date is.
    closedBy: text('closed_by'),
    // The day the articles left the shop for good: handed to the pawner (pledge_releases),
    // carried into a renewal or returned then, or delivered to an auction's buyer. A pledge closed
    // by payment keeps its articles in the vault until its release. Null while the vault holds them.
    releasedOn: date('released_on', { mode: 'string' }),
    // A renewal's two pledges point at each other (pledge_renewals has the figures).
    renewedFromPledgeId: integer('renewed_from_pledge_id'),
    renewedToPledgeId: integer('renewed_to_pledge_id'),
    // The scheme's terms when the pledge was made (docs/domain-rules.md §2.4): later master changes do not
    // move an old pledge.
    ratePerGram: numeric('rate_per_gram', { precision: 12, scale: 2 }).notNull(),
    // How the rate was chosen under the RBI regime: 'rbi_previous_day' or 'rbi_average',
    // the lower of the two; null for the rate in force on the pledge date (docs/domain-rules.md §2.1).
    rateBasis: text('rate_basis'),
    interestRate: percent('interest_rate').notNull(),
    loanAllowedPercent: percent('loan_allowed_percent').notNull(),
    slippagePercent: percent('slippage_percent').notNull().default('0'),
    duration: integer('duration').notNull(),
    // The server's figures (recomputed from the items and the terms, never the browser's).
    totalValuation: money('total_valuation').notNull(),
    eligibleLoan: money('eligible_loan').notNull(),
    totalLoanAmount: money('total_loan_amount').notNull(),
    firstMonthInterest: money('first_month_interest').notNull(),
    documentCharges: money('document_charges').notNull(),
    finalAmount: money('final_amount').notNull(),
    grossWeight: grams('gross_weight').notNull(),
    netWeight: grams('net_weight').notNull(),
    itemCount: integer('item_count').notNull(),
    status: text('status').notNull().default('active'),
    isMoveToBank: boolean('is_move_to_bank').notNull().default(false),
    remarks: text('remarks'),
    // The packet the articles are sealed in, for the vault register; null until a
    // screen records one, and the register shows the pledge number meanwhile (docs/decisions.md).
    packetNo: text('packet_no'),
    // How the loan was paid out: cash from the drawer (1000) or bank/online (1190),
    // and the confirmation recorded when a cash payout at or over the company's limit was allowed.
    payoutMethod: text('payout_method').notNull().default('cash'),
    payoutReference: text('payout_reference'),
    cashLimitConfirmed: boolean('cash_limit_confirmed').notNull().default(false),
    // The Payment voucher that paid the loan out (docs/domain-rules.md §6.2); replaced when an amount edit
    // reverses it and posts a new one.
    voucherId: integer('voucher_id'),
    // Pawn tickets printed so far (POST /pledges/{id}/ticket-prints): every print after the first is
    // marked 'DUPLICATE'.
    ticketPrints: integer('ticket_prints').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pledges_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('pledges_company_no_key').on(t.companyId, sql`lower(${t.pledgeNo})`),
    foreignKey({
      name: 'pledges_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledges_scheme_fk',
      columns: [t.companyId, t.schemeId],
      foreignColumns: [schemes.companyId, schemes.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledges_renewed_from_fk',
      columns: [t.companyId, t.renewedFromPledgeId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledges_renewed_to_fk',
      columns: [t.companyId, t.renewedToPledgeId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    index('pledges_renewed_from_idx')
      .on(t.companyId, t.renewedFromPledgeId)
      .where(sql`${t.renewedFromPledgeId} is not null`),
    index('pledges_renewed_to_idx')
      .on(t.companyId, t.renewedToPledgeId)
      .where(sql`${t.renewedToPledgeId} is not null`),
    // The vault: the articles not yet released, in register order; and the closed pledges
    // whose articles still wait for their release, oldest closing first.
    index('pledges_unreleased_idx').on(t.companyId, t.id).where(sql`${t.releasedOn} is null`),
    index('pledges_awaiting_release_idx')
      .on(t.companyId, t.closedDate)
      .where(sql`${t.closedDate} is not null and ${t.releasedOn} is null`),
    index('pledges_released_on_idx').on(t.companyId, t.releasedOn).where(sql`${t.releasedOn} is not null`),
    foreignKey({
      name: 'pledges_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    // The list pages newest first; search by part of the number through trigrams (customer name,
    // mobile and code are searched through the customers' own indexes).
    index('pledges_company_newest_idx').on(t.companyId, t.id.desc()),
    index('pledges_no_trgm_idx').using('gin', sql`lower(${t.pledgeNo}) gin_trgm_ops`),
    // A customer's pledges (active pledges, pending pledges, "this customer has N pledges").
    index('pledges_customer_idx').on(t.companyId, t.customerId, t.id.desc()),
    // "Scheme in use" and the due and overdue lists of the day.
    index('pledges_scheme_idx').on(t.companyId, t.schemeId),
    index('pledges_open_due_idx').on(t.companyId, t.dueDate).where(sql`${t.closedDate} is null`),
    // The all-branches dashboard's due list: every branch's open pledges by due date (migration 0031),
    // read in order until ten match instead of each branch's ten through pledges_open_due_idx. Where
    // one branch holds (nearly) every open pledge, the planner may read a branch's due or overdue
    // pledges through it too: the same rows, in due order.
    index('pledges_open_due_all_idx').on(t.dueDate, t.id).where(sql`${t.closedDate} is null`),
    // The dashboard's pledges of this month and last (spend, sales, disbursed per day).
    index('pledges_company_date_idx').on(t.companyId, t.pledgeDate),
    // The foreign key from vouchers (migration 0019): a voucher's delete probes this, not every pledge.
    index('pledges_voucher_idx').on(t.companyId, t.voucherId).where(sql`${t.voucherId} is not null`),
    // The vault register and the overdue list as of a past date: the pledges closed after it (the open
    // ones come through pledges_open_due_idx). reports-ops' identical pledges_closed_idx is dropped by 0017.
    // The vault register's open pledges in register order (a page of today's vault stops early).
    index('pledges_open_idx').on(t.companyId, t.id).where(sql`${t.closedDate} is null`),
    index('pledges_closed_date_idx').on(t.companyId, t.closedDate).where(sql`${t.closedDate} is not null`),
    check('pledges_status_check', sql`${t.status} in ('active', 'inactive')`),
    check(
      'pledges_closed_by_check',
      sql`(${t.closedDate} is null) = (${t.closedBy} is null) and (${t.closedBy} is null or ${t.closedBy} in ('payment', 'renewal', 'auction'))`,
    ),
    // Articles leave only after the pledge closes, never before its closing day.
    check(
      'pledges_released_check',
      sql`${t.releasedOn} is null or (${t.closedDate} is not null and ${t.releasedOn} >= ${t.closedDate})`,
    ),
    check('pledges_packet_no_length', sql`char_length(${t.packetNo}) <= 50`),
    check(
      'pledges_payout_method_check',
      sql`${t.payoutMethod} in ('cash', 'bank_transfer', 'online', 'cheque')`,
    ),
    check(
      'pledges_amounts',
      sql`${t.totalLoanAmount} > 0 and ${t.firstMonthInterest} >= 0 and ${t.documentCharges} >= 0 and ${t.finalAmount} > 0 and ${t.totalLoanAmount} <= ${t.eligibleLoan} and ${t.ratePerGram} > 0`,
    ),
    check(
      'pledges_weights',
      sql`${t.netWeight} > 0 and ${t.netWeight} <= ${t.grossWeight} and ${t.itemCount} > 0`,
    ),
    check(
      'pledges_dates',
      sql`${t.dueDate} > ${t.pledgeDate} and (${t.closedDate} is null or ${t.closedDate} >= ${t.pledgeDate})`,
    ),
  ],
);

export const pledgeItems = pgTable(
  'pledge_items',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    pledgeId: integer('pledge_id').notNull(),
    jewellDesignId: integer('jewell_design_id').notNull(),
    jewellCondition: text('jewell_condition'),
    grossWeight: grams('gross_weight').notNull(),
    netWeight: grams('net_weight').notNull(),
    netValue: money('net_value').notNull(),
    remarks: text('remarks'),
    // One optional photo per item, in the files table like ID proofs.
    imageFileId: integer('image_file_id'),
    // The old pledge's article this one was carried over from in a renewal.
    renewedFromItemId: integer('renewed_from_item_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('pledge_items_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'pledge_items_pledge_fk',
      columns: [t.companyId, t.pledgeId],
      foreignColumns: [pledges.companyId, pledges.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'pledge_items_design_fk',
      columns: [t.companyId, t.jewellDesignId],
      foreignColumns: [jewelDesigns.companyId, jewelDesigns.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'pledge_items_renewed_from_fk',
      columns: [t.companyId, t.renewedFromItemId],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    index('pledge_items_renewed_from_idx')
      .on(t.companyId, t.renewedFromItemId)
      .where(sql`${t.renewedFromItemId} is not null`),
    foreignKey({
      name: 'pledge_items_image_fk',
      columns: [t.companyId, t.imageFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('restrict'),
    index('pledge_items_pledge_idx').on(t.companyId, t.pledgeId, t.id),
    index('pledge_items_design_idx').on(t.companyId, t.jewellDesignId),
    // The foreign key from files (migration 0019): a photo's delete probes this, not every article.
    index('pledge_items_image_idx').on(t.companyId, t.imageFileId).where(sql`${t.imageFileId} is not null`),
    check(
      'pledge_items_weights',
      sql`${t.grossWeight} > 0 and ${t.netWeight} > 0 and ${t.netWeight} <= ${t.grossWeight} and ${t.netValue} >= 0`,
    ),
  ],
);
