import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    phone: text('phone').notNull().default(''),
    licenceNo: text('licence_no').notNull().default(''),
    // No FK to files here: files already point at companies, and a logo is checked on write.
    logoFileId: integer('logo_file_id'),
    status: boolean('status').notNull().default(true),
    // The cash limit: a single cash payout of a loan or a single cash receipt of this
    // amount or more is refused ('block') or needs a recorded confirmation ('warn').
    cashLimit: numeric('cash_limit', { precision: 14, scale: 2 }).notNull().default('20000'),
    cashLimitMode: text('cash_limit_mode').notNull().default('warn'),
    // The drawer rules of a cash payout (NO_DRAWER_PAYOUT_MODES and
    // DRAWER_SHORT_PAYOUT_MODES in the domain): with no drawer open the payout screen warns ('warn') or
    // the payout is refused ('block'); a payout larger than the drawer holds is refused ('block') or
    // only an admin may make it, adding the shortfall from the safe ('admin').
    noDrawerPayout: text('no_drawer_payout').notNull().default('warn'),
    drawerShortPayout: text('drawer_short_payout').notNull().default('block'),
    // The end of a pledge (END_OF_PLEDGE_DEFAULTS in the domain): days after the due date
    // before a pledge is overdue; working days a closed pledge's articles may wait for their release
    // before the list flags them; days after a notice is sent before the articles may be sold; months
    // an unclaimed auction surplus is held before it is deposited with the Government (s. 12).
    overdueGraceDays: integer('overdue_grace_days').notNull().default(0),
    releaseWaitWorkingDays: integer('release_wait_working_days').notNull().default(7),
    noticeWaitDays: integer('notice_wait_days').notNull().default(30),
    surplusHoldMonths: integer('surplus_hold_months').notNull().default(6),
    // Compliance settings: the regime the branch answers to ('none', 'tn_pawnbroker', 'rbi'),
    // the last day its licence (licence_no) is valid, the monthly interest no scheme may pass, the
    // discount or penalty above which an admin must approve, and the RBI regime's numbers (null: the
    // Directions' own, RBI_DEFAULT_RULES).
    complianceRegime: text('compliance_regime').notNull().default('none'),
    licenceExpiry: date('licence_expiry', { mode: 'string' }),
    interestCeiling: numeric('interest_ceiling', { precision: 5, scale: 2 }),
    approvalThreshold: numeric('approval_threshold', { precision: 14, scale: 2 }).notNull().default('0'),
    rbiRules: jsonb('rbi_rules'),
    // KYC (issue 33): whether a loan from pan_threshold (with the customer's open loans) needs PAN or
    // Form 60, both null while the regime's default holds (defaultPanRule); and whether a new pledge for
    // a customer whose KYC is incomplete is warned about ('warn') or refused ('block').
    panApplies: boolean('pan_applies'),
    panThreshold: numeric('pan_threshold', { precision: 14, scale: 2 }),
    kycIncompleteMode: text('kyc_incomplete_mode').notNull().default('warn'),
    // The interface language of a user who has not chosen one: 'en' or 'ta'.
    defaultLanguage: text('default_language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('companies_default_language_check', sql`${t.defaultLanguage} in ('en', 'ta')`),
    check('companies_cash_limit_check', sql`${t.cashLimit} > 0 and ${t.cashLimitMode} in ('warn', 'block')`),
    check(
      'companies_drawer_rules_check',
      sql`${t.noDrawerPayout} in ('warn', 'block') and ${t.drawerShortPayout} in ('block', 'admin')`,
    ),
    check(
      'companies_compliance_check',
      sql`${t.complianceRegime} in ('none', 'tn_pawnbroker', 'rbi')
        and (${t.interestCeiling} is null or (${t.interestCeiling} > 0 and ${t.interestCeiling} <= 100))
        and ${t.approvalThreshold} >= 0`,
    ),
    check(
      'companies_kyc_check',
      sql`${t.kycIncompleteMode} in ('warn', 'block') and (${t.panThreshold} is null or ${t.panThreshold} >= 0)`,
    ),
    check(
      'companies_end_of_pledge_check',
      sql`${t.overdueGraceDays} between 0 and 3650 and ${t.releaseWaitWorkingDays} between 0 and 3650
        and ${t.noticeWaitDays} between 0 and 3650 and ${t.surplusHoldMonths} between 0 and 120`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    // The interface language the user chose; null: the company's default_language.
    language: text('language'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Sign-in and the users screen compare names case-insensitively.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    check('users_role_check', sql`${t.role} in ('admin', 'user')`),
    check('users_language_check', sql`${t.language} in ('en', 'ta')`),
    index('users_company_idx').on(t.companyId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the bearer token, hex; the token itself is never stored
    // (apps/server/README.md, "Sessions and files").
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('files_company_id_id_key').on(t.companyId, t.id),
    check('files_mime_check', sql`${t.mime} in ('image/png', 'image/jpeg', 'image/webp')`),
  ],
);

/** Gap-free running numbers (pledge, receipt, voucher), locked FOR UPDATE in the caller's transaction. */
export const counters = pgTable(
  'counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    period: text('period').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.name, t.period] })],
);

/**
 * Stand-in numbers for a receipt and its voucher between their insert and their numbering at the end
 * of the transaction ('pending 17', running number -18): unique, never committed (the numbering
 * statement replaces them before the commit), so that a company's gapless counters are held only from
 * that one statement to the commit (receipt.service.ts). Within an integer running number; after the last
 * it starts again at 1, long after the first stand-in was replaced.
 */
export const pendingNumbers = pgSequence('pending_numbers', { maxValue: 2147483647, cycle: true });

/** Failed sign-ins per account and per address; kept in the database so several processes agree. */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow(),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
});

/** Server-wide settings made on first start (the file-link signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
