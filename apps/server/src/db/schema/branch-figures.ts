import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { companies } from './core.ts';

// Kept per-branch daily figures for the all-branches dashboard (issue 32, item 6; migration 0031), kept
// as account_day_totals is (migration 0018) and in the same commit: always equal, per company and day, to
//   interest   Σ (credit − debit) of the lines of account 4000          (account_day_totals)
//   charges    Σ (credit − debit) of the lines of accounts 4100 and 4200
//   cash       Σ (debit − credit) of the lines of accounts 1000 and 1190
//   pledges    count of the pledges of that pledge_date with status 'active'
//   disbursed  Σ total_loan_amount of those pledges
//   collected  Σ net_amount of the receipts of that payment_date not reversed
// (a missing row and a row of zeros alike). The primary key leads with the day, so the dashboard of
// every branch reads a range of days across all branches at once instead of each branch's own indexes.
// Kept by the triggers of migration 0031: statement triggers on pledges and payment_receipts (row
// triggers for the updates that change a figure) append deltas to branch_day_pending; the voucher
// lines' share comes from account_day_pending; the deferred trigger of migration 0018, extended, moves
// both into these rows at commit, in key order, before the account totals.
const dayAmount = (name: string) => numeric(name, { precision: 16, scale: 2 }).notNull().default('0');

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });

export const branchDayFigures = pgTable(
  'branch_day_figures',
  {
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    companyId: companyId(),
    interest: dayAmount('interest'),
    charges: dayAmount('charges'),
    cash: dayAmount('cash'),
    pledges: integer('pledges').notNull().default(0),
    disbursed: dayAmount('disbursed'),
    collected: dayAmount('collected'),
  },
  (t) => [
    primaryKey({ name: 'branch_day_figures_pkey', columns: [t.entryDate, t.companyId] }),
    // The foreign key's (a company deleted probes instead of scanning every branch's days).
    index('branch_day_figures_company_idx').on(t.companyId, t.entryDate),
  ],
);

// Each branch's cash (1000 + 1190) lines summed over every day: the balance of all branches at the
// end of a day is the opening balances + these − the days after it (branch_day_figures.cash), a read
// of a row per branch and of the days after as_of instead of every day of every branch's history.
export const branchCashTotals = pgTable('branch_cash_totals', {
  companyId: companyId().primaryKey(),
  cash: dayAmount('cash'),
});

// The figures' deltas written by transactions not yet committed (as account_day_pending is for the
// account totals): plain inserts tagged with the transaction's id, moved into branch_day_figures at
// its commit. No foreign keys: a company deleted in the transaction leaves deltas that the commit drops.
export const branchDayPending = pgTable(
  'branch_day_pending',
  {
    txid: bigint('txid', { mode: 'number' }).notNull().default(sql`txid_current()`),
    companyId: integer('company_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    pledges: integer('pledges').notNull().default(0),
    disbursed: dayAmount('disbursed'),
    collected: dayAmount('collected'),
  },
  (t) => [index('branch_day_pending_txid_idx').on(t.txid)],
);
