import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
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

// The branch's day. Each counter user opens a cash drawer for a business date with
// a counted float, every cash voucher that user writes that day runs against it, and the close counts
// the notes again; a difference is posted as a voucher (5100 Cash Short / 4300 Cash Over, docs/domain-rules.md
// §6.2) with an admin's approval. An admin then closes the day: a closed day takes no voucher dated on
// it until an admin reopens it with a reason; every close and reopen is kept in business_day_events.

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

export const cashDrawers = pgTable(
  'cash_drawers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    // open | closed
    status: text('status').notNull().default('open'),
    // Notes and coins counted at the opening: {"500": n, "200": n, …, "10": n, "coins": rupees}.
    openingDenominations: jsonb('opening_denominations').notNull(),
    openingAmount: money('opening_amount').notNull(),
    openingRemarks: text('opening_remarks'),
    openedAt: at('opened_at').notNull().defaultNow(),
    // Cash an admin added from the safe to cover their payouts the drawer could not (the 'admin'
    // drawer_short_payout setting): part of the expected cash.
    addedAmount: money('added_amount').notNull().default('0'),
    // Filled by the close: the expected cash from the books (opening + the user's cash receipts −
    // payouts of the day), the count, and counted − expected.
    expectedAmount: money('expected_amount'),
    countedDenominations: jsonb('counted_denominations'),
    countedAmount: money('counted_amount'),
    differenceAmount: money('difference_amount'),
    // The Journal that posted the difference (none when the count matched).
    differenceVoucherId: integer('difference_voucher_id'),
    // The admin who approved a difference (the closing admin, or one who typed their password).
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    closeRemarks: text('close_remarks'),
    closedAt: at('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cash_drawers_company_id_id_key').on(t.companyId, t.id),
    // One drawer per user and business date; also the lookup of a user's drawer of a day.
    uniqueIndex('cash_drawers_user_date_key').on(t.companyId, t.userId, t.businessDate),
    // The drawers of a day (day close, day-end sheet).
    index('cash_drawers_company_date_idx').on(t.companyId, t.businessDate),
    // The foreign key from vouchers (migration 0019).
    index('cash_drawers_difference_voucher_idx')
      .on(t.companyId, t.differenceVoucherId)
      .where(sql`${t.differenceVoucherId} is not null`),
    foreignKey({
      name: 'cash_drawers_difference_voucher_fk',
      columns: [t.companyId, t.differenceVoucherId],
      foreignColumns: [vouchers.companyId, vouchers.id],
    }).onDelete('restrict'),
    check('cash_drawers_status_check', sql`${t.status} in ('open', 'closed')`),
    check('cash_drawers_opening_check', sql`${t.openingAmount} >= 0 and ${t.addedAmount} >= 0`),
    check(
      'cash_drawers_closed_check',
      sql`(${t.status} = 'closed') = (${t.closedAt} is not null) and (${t.status} = 'open' or (${t.expectedAmount} is not null and ${t.countedAmount} is not null and ${t.countedAmount} >= 0 and ${t.differenceAmount} = ${t.countedAmount} - ${t.expectedAmount}))`,
    ),
  ],
);

export const businessDays = pgTable(
  'business_days',
  {
    companyId: companyId(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    // closed | open (a reopened day stays as a row with status open; no row means never closed).
    status: text('status').notNull(),
    closedAt: at('closed_at'),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    reopenedAt: at('reopened_at'),
    reopenedBy: integer('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    reopenReason: text('reopen_reason'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('business_days_pkey_idx').on(t.companyId, t.businessDate),
    check('business_days_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

/** Every close and reopen of a day, with who, when and why; never updated or deleted. */
export const businessDayEvents = pgTable(
  'business_day_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: companyId(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    // close | reopen
    action: text('action').notNull(),
    reason: text('reason'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: at('at').notNull().defaultNow(),
  },
  (t) => [
    index('business_day_events_day_idx').on(t.companyId, t.businessDate, t.id),
    check('business_day_events_action_check', sql`${t.action} in ('close', 'reopen')`),
  ],
);
