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
import { createdAt, updatedAt } from './columns.ts';
import { companies, files, users } from './core.ts';

// Every table here is company-scoped (apps/server/README.md, "Company scope"): `company_id`, UNIQUE
// (company_id, id), and references to other scoped rows through (company_id, x_id), so no row can point
// into another company.
// Money is numeric(14,2) rupees, rates per gram numeric(12,2), percents numeric(5,2) (docs/domain-rules.md §1).

const companyId = () =>
  integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });

export const goldSilverRates = pgTable(
  'gold_silver_rates',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    date: date('date', { mode: 'string' }).notNull(),
    goldRatePerGram: numeric('gold_rate_per_gram', { precision: 12, scale: 2 }).notNull(),
    silverRatePerGram: numeric('silver_rate_per_gram', { precision: 12, scale: 2 }).notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('gold_silver_rates_company_id_id_key').on(t.companyId, t.id),
    // One row per company per date.
    unique('gold_silver_rates_company_date_key').on(t.companyId, t.date),
    check('gold_silver_rates_positive', sql`${t.goldRatePerGram} > 0 and ${t.silverRatePerGram} > 0`),
  ],
);

export const jewelTypes = pgTable(
  'jewel_types',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    jewelName: text('jewel_name').notNull(),
    description: text('description'),
    purity: text('purity').notNull(),
    // Gold or silver (the RBI regime limits each metal's weight per borrower).
    metal: text('metal').notNull().default('gold'),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('jewel_types_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('jewel_types_company_name_key').on(t.companyId, sql`lower(${t.jewelName})`),
    check('jewel_types_metal_check', sql`${t.metal} in ('gold', 'silver')`),
  ],
);

export const jewelRates = pgTable(
  'jewel_rates',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    jewelTypeId: integer('jewel_type_id').notNull(),
    ratePerGram: numeric('rate_per_gram', { precision: 12, scale: 2 }).notNull(),
    marketPrice: numeric('market_price', { precision: 12, scale: 2 }).notNull(),
    sellingPrice: numeric('selling_price', { precision: 12, scale: 2 }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    status: boolean('status').notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('jewel_rates_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'jewel_rates_jewel_type_fk',
      columns: [t.companyId, t.jewelTypeId],
      foreignColumns: [jewelTypes.companyId, jewelTypes.id],
    }).onDelete('restrict'),
    // GET /jewell_rates/by_type/{id}: the latest active rate of a type, newest first.
    index('jewel_rates_type_date_idx').on(t.companyId, t.jewelTypeId, t.effectiveDate.desc(), t.id.desc()),
    check(
      'jewel_rates_amounts',
      sql`${t.ratePerGram} > 0 and ${t.marketPrice} >= 0 and ${t.sellingPrice} >= 0`,
    ),
  ],
);

export const jewelDesigns = pgTable(
  'jewel_designs',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    designName: text('design_name').notNull(),
    // A coin rather than an ornament (the RBI regime limits coins apart, 50 g of gold).
    isCoin: boolean('is_coin').notNull().default(false),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('jewel_designs_company_id_id_key').on(t.companyId, t.id),
    uniqueIndex('jewel_designs_company_name_key').on(t.companyId, sql`lower(${t.designName})`),
    index('jewel_designs_name_trgm_idx').using('gin', sql`lower(${t.designName}) gin_trgm_ops`),
  ],
);

export const schemes = pgTable(
  'schemes',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    jewelTypeId: integer('jewel_type_id').notNull(),
    schemeName: text('scheme_name').notNull(),
    shortName: text('short_name').notNull(),
    prefix: text('prefix').notNull(),
    durationMonths: integer('duration_in_months').notNull(),
    interestRatePerMonth: numeric('interest_rate_per_month', { precision: 5, scale: 2 }).notNull(),
    loanEligibilityPercentage: numeric('loan_eligibility_percentage', { precision: 5, scale: 2 }).notNull(),
    slippagePercent: numeric('slippage_percent', { precision: 5, scale: 2 }).notNull().default('0'),
    // Repaid in one sum at the end: under the RBI regime its interest for the whole term
    // counts against the loan-to-value ratio, and its term is limited. A pledge loan is, by default.
    bulletRepayment: boolean('bullet_repayment').notNull().default(true),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('schemes_company_id_id_key').on(t.companyId, t.id),
    foreignKey({
      name: 'schemes_jewel_type_fk',
      columns: [t.companyId, t.jewelTypeId],
      foreignColumns: [jewelTypes.companyId, jewelTypes.id],
    }).onDelete('restrict'),
    // shell-and-masters §5: name and prefix unique, compared case-insensitively.
    uniqueIndex('schemes_company_name_key').on(t.companyId, sql`lower(${t.schemeName})`),
    uniqueIndex('schemes_company_prefix_key').on(t.companyId, sql`lower(${t.prefix})`),
    // The foreign key from jewel types (migration 0019): a jewel type's delete probes this.
    index('schemes_jewel_type_idx').on(t.companyId, t.jewelTypeId),
    check('schemes_duration', sql`${t.durationMonths} between 1 and 120`),
    check(
      'schemes_percents',
      sql`${t.interestRatePerMonth} between 0 and 100 and ${t.loanEligibilityPercentage} > 0 and ${t.loanEligibilityPercentage} <= 100 and ${t.slippagePercent} between 0 and 100`,
    ),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    // Customer code given by the server, per company (C000123).
    accCode: text('acc_code').notNull(),
    customerName: text('customer_name').notNull(),
    guardianName: text('guardian_name').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    altMobileNumber: text('alt_mobile_number'),
    doorNo: text('door_no').notNull(),
    street: text('street').notNull(),
    location: text('location').notNull(),
    district: text('district').notNull(),
    pincode: text('pincode').notNull(),
    idProofFileId: integer('id_proof_file_id'),
    // The ID-proof image was kept before the masking dialog (migration 0033) and nobody has looked at
    // it since: it may show a whole Aadhaar number. Cleared by a look or a masked re-upload.
    idProofNeedsReview: boolean('id_proof_needs_review').notNull().default(false),
    // KYC (issue 33): the photograph taken at the counter, the nominee, and the day a Form 60 was
    // signed in place of a PAN. The ID documents are rows of customer_id_documents.
    photoFileId: integer('photo_file_id'),
    nomineeName: text('nominee_name'),
    nomineeRelation: text('nominee_relation'),
    nomineeMobile: text('nominee_mobile'),
    form60DeclaredOn: date('form60_declared_on', { mode: 'string' }),
    // The old system's customer number when migrated from the legacy file; one customer per old number.
    legacyPno: text('legacy_pno'),
    // A migrated record keeps what the old system had; true while a field is empty or not in the
    // form's format, until a clerk completes and saves it.
    needsCompletion: boolean('needs_completion').notNull().default(false),
    status: boolean('status').notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customers_company_id_id_key').on(t.companyId, t.id),
    unique('customers_company_acc_code_key').on(t.companyId, t.accCode),
    uniqueIndex('customers_company_legacy_pno_key')
      .on(t.companyId, t.legacyPno)
      .where(sql`${t.legacyPno} is not null`),
    foreignKey({
      name: 'customers_id_proof_fk',
      columns: [t.companyId, t.idProofFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'customers_photo_fk',
      columns: [t.companyId, t.photoFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('set null'),
    index('customers_photo_idx').on(t.companyId, t.photoFileId).where(sql`${t.photoFileId} is not null`),
    // A nominee is whole (name and relation) or absent.
    check(
      'customers_nominee_check',
      sql`(${t.nomineeName} is null) = (${t.nomineeRelation} is null) and (${t.nomineeMobile} is null or ${t.nomineeName} is not null)`,
    ),
    // Lists page newest first; searches by part of a name or a phone go through trigram indexes.
    index('customers_company_created_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    // The foreign key from files (migration 0019): a file's delete probes this, not every customer.
    index('customers_id_proof_idx')
      .on(t.companyId, t.idProofFileId)
      .where(sql`${t.idProofFileId} is not null`),
    index('customers_name_trgm_idx').using('gin', sql`lower(${t.customerName}) gin_trgm_ops`),
    index('customers_mobile_trgm_idx').using('gin', sql`${t.mobileNumber} gin_trgm_ops`),
  ],
);

/**
 * A customer's ID documents (issue 33), one of each kind. `kept_number` is what may be stored: an
 * Aadhaar's last four digits only (the rest is never sent on, nor kept), any other number whole in
 * capitals without spaces. The images of the front and back are files, masked in the browser.
 */
export const customerIdDocuments = pgTable(
  'customer_id_documents',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    customerId: integer('customer_id').notNull(),
    kind: text('kind').notNull(),
    keptNumber: text('kept_number').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    frontFileId: integer('front_file_id'),
    backFileId: integer('back_file_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('customer_id_documents_company_id_id_key').on(t.companyId, t.id),
    unique('customer_id_documents_customer_kind_key').on(t.companyId, t.customerId, t.kind),
    foreignKey({
      name: 'customer_id_documents_customer_fk',
      columns: [t.companyId, t.customerId],
      foreignColumns: [customers.companyId, customers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'customer_id_documents_front_fk',
      columns: [t.companyId, t.frontFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'customer_id_documents_back_fk',
      columns: [t.companyId, t.backFileId],
      foreignColumns: [files.companyId, files.id],
    }).onDelete('set null'),
    check(
      'customer_id_documents_kind_check',
      sql`${t.kind} in ('aadhaar', 'pan', 'voter_id', 'passport', 'driving_licence', 'ration_card', 'other')`,
    ),
    // The database's own guard that no whole Aadhaar number is ever kept.
    check(
      'customer_id_documents_number_check',
      sql`length(${t.keptNumber}) between 4 and 20 and (${t.kind} <> 'aadhaar' or ${t.keptNumber} ~ '^[0-9]{4}$')`,
    ),
    check(
      'customer_id_documents_dates_check',
      sql`${t.expiresOn} is null or ${t.issuedOn} is null or ${t.expiresOn} > ${t.issuedOn}`,
    ),
    // The duplicate question: the same PAN, or the same Aadhaar last four, at another customer.
    index('customer_id_documents_number_idx').on(t.companyId, t.kind, t.keptNumber),
    index('customer_id_documents_front_idx')
      .on(t.companyId, t.frontFileId)
      .where(sql`${t.frontFileId} is not null`),
    index('customer_id_documents_back_idx')
      .on(t.companyId, t.backFileId)
      .where(sql`${t.backFileId} is not null`),
  ],
);

export const banks = pgTable(
  'banks',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    bankName: text('bank_name').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    accountNumber: text('account_number').notNull(),
    ifscCode: text('ifsc_code').notNull(),
    branchName: text('branch_name').notNull(),
    accountType: text('account_type').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('banks_company_id_id_key').on(t.companyId, t.id),
    unique('banks_company_account_key').on(t.companyId, t.accountNumber, t.ifscCode),
  ],
);
