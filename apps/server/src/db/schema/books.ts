import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { companies, users } from './core.ts';

// The books: chart of accounts, vouchers and their lines. Company-scoped like the masters
// (apps/server/README.md, "Company scope"): UNIQUE (company_id, id) and composite (company_id, x_id)
// references, so a line can never post to another company's account. Money is numeric(14,2) rupees
// (docs/domain-rules.md §1). The balance of every voucher is also enforced by a deferred constraint trigger
// (migration voucher_balance), so no code path can commit an unbalanced voucher.

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const chartAccounts = pgTable(
  'chart_accounts',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    accountCode: text('account_code').notNull(),
    accountName: text('account_name').notNull(),
    subAccountOf: integer('sub_account_of'),
    accountType: text('account_type').notNull(),
    accountCategory: text('account_category').notNull(),
    // In the account's natural side: a debit balance for Asset/Expense types, a credit balance for
    // the others (see the reports module).
    openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull().default('0'),
    description: text('description'),
    status: boolean('status').notNull().default(true),
    // One of docs/domain-rules.md §6.1's accounts: renamable, never deleted, deactivated or re-coded.
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('chart_accounts_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('chart_accounts_company_code_key').on(t.companyId, sql`lower(${t.accountCode})`),
    foreignKey({
      name: 'chart_accounts_parent_fk',
      columns: [t.companyId, t.subAccountOf],
      foreignColumns: [t.companyId, t.id],
    }).onDelete('restrict'),
    index('chart_accounts_parent_idx').on(t.companyId, t.subAccountOf),
    check('chart_accounts_not_own_parent', sql`${t.subAccountOf} is distinct from ${t.id}`),
  ],
);

export const vouchers = pgTable(
  'vouchers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    voucherType: text('voucher_type').notNull(),
    // `JV/2026-27/0001`: per company, type and financial year, from a locked counter (docs/domain-rules.md §5).
    voucherNumber: text('voucher_number').notNull(),
    financialYear: text('financial_year').notNull(),
    runningNumber: integer('running_number').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    referenceNumber: text('reference_number'),
    narration: text('narration').notNull(),
    // A narration the server wrote: its kind (VOUCHER_NARRATIONS of the domain) and the values in it, so a
    // screen can say it in the reader's language; null for a narration a user typed, and for the rows
    // written before these columns (shown as stored).
    narrationCode: text('narration_code'),
    narrationParams: jsonb('narration_params').$type<Record<string, string>>(),
    // Σ debits (= Σ credits) of the lines; the balance trigger checks it at commit.
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    // Who wrote it: 'manual' (daybook screen), 'pledge', 'payment'…; only manual ones are editable.
    sourceKind: text('source_kind').notNull().default('manual'),
    sourceId: integer('source_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('vouchers_company_id_id_key').on(t.companyId, t.id),
    unique('vouchers_company_number_key').on(t.companyId, t.voucherNumber),
    unique('vouchers_company_sequence_key').on(t.companyId, t.voucherType, t.financialYear, t.runningNumber),
    // The daybook list (newest first by date, then number) and its date and type filters.
    index('vouchers_company_date_idx').on(t.companyId, t.entryDate, t.runningNumber),
    index('vouchers_company_type_date_idx').on(t.companyId, t.voucherType, t.entryDate),
    index('vouchers_source_idx').on(t.companyId, t.sourceKind, t.sourceId),
    check('vouchers_type_check', sql`${t.voucherType} in ('Journal', 'Receipt', 'Payment', 'Contra')`),
    check('vouchers_total_positive', sql`${t.totalAmount} > 0`),
  ],
);

export const voucherLines = pgTable(
  'voucher_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    voucherId: integer('voucher_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: integer('account_id').notNull(),
    // The voucher's date, copied so ledgers and the trial balance read one index
    // (account, date) without joining vouchers; the balance trigger checks that it matches.
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    debit: numeric('debit', { precision: 14, scale: 2 }).notNull().default('0'),
    credit: numeric('credit', { precision: 14, scale: 2 }).notNull().default('0'),
    narration: text('narration'),
  },
  (t) => [
    foreignKey({
      name: 'voucher_lines_voucher_fk',
      columns: [t.companyId, t.voucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'voucher_lines_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [chartAccounts.companyId, chartAccounts.id],
    }).onDelete('restrict'),
    index('voucher_lines_voucher_idx').on(t.companyId, t.voucherId, t.lineNo),
    // An account's lines by date; debit and credit in the key too, so a sum over an account's lines
    // (the dashboard's balance and income, a ledger's totals) is read from the index alone (measured
    // in docs/performance.md: a year's branch has some 260,000 cash lines).
    index('voucher_lines_account_date_idx').on(t.companyId, t.accountId, t.entryDate, t.debit, t.credit),
    check(
      'voucher_lines_one_side',
      sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} > 0) <> (${t.credit} > 0)`,
    ),
  ],
);

// Kept per-day totals of every account ("Kept account totals" in docs/performance.md): always equal to
// `select company_id, account_id, entry_date, sum(debit), sum(credit) from voucher_lines group by 1, 2, 3`
// (a day whose lines were all deleted keeps a row of zeros), so a balance up to a day reads at most a
// row per day instead of every line of the account's history. Kept by the triggers of migration 0018:
// a statement trigger on voucher_lines appends each statement's deltas to account_day_pending, and a
// deferred constraint trigger on that table moves the transaction's deltas into these rows at commit,
// in key order (see docs/decisions.md). Sums of a day may exceed one line's numeric(14,2): (16,2).
const dayAmount = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull();

export const accountDayTotals = pgTable(
  'account_day_totals',
  {
    companyId: companyId(),
    accountId: integer('account_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    debit: dayAmount('debit'),
    credit: dayAmount('credit'),
  },
  (t) => [
    primaryKey({ name: 'account_day_totals_pkey', columns: [t.companyId, t.accountId, t.entryDate] }),
    // An account deleted (it has no lines left) takes its rows of zeros with it.
    foreignKey({
      name: 'account_day_totals_account_fk',
      columns: [t.companyId, t.accountId],
      foreignColumns: [chartAccounts.companyId, chartAccounts.id],
    }).onDelete('cascade'),
  ],
);

// The deltas of voucher_lines written by transactions not yet committed, one row per statement,
// account and day (deletes negative), tagged with the writing transaction's id; the deferred trigger
// deletes them at that transaction's commit (a rolled-back transaction's rows vanish with it). Plain
// inserts: no row shared between transactions is locked before commit. No foreign keys: a company
// deleted in the transaction leaves deltas that the commit drops.
export const accountDayPending = pgTable(
  'account_day_pending',
  {
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`txid_current()`),
    companyId: integer('company_id').notNull(),
    accountId: integer('account_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    debit: dayAmount('debit'),
    credit: dayAmount('credit'),
  },
  (t) => [index('account_day_pending_txid_idx').on(t.txid)],
);
