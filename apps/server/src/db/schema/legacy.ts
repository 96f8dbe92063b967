import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

/**
 * The old system's customer file, as imported by `npm run legacy:import`. Not company-scoped:
 * it is the old system's whole customer file, which any branch may migrate customers from; the
 * customer made from a row belongs to the company that migrates it (customers.legacy_pno).
 *
 * Name and address keep the bytes exactly as the file held them (TSCII, shared/tscii/README.md) next
 * to the decoded Unicode text, so a decoder fix can re-decode without the file. The other fields are
 * numbers and ASCII in practice; they are stored decoded (TSCII is ASCII below 0x80).
 */
export const legacyCustomers = pgTable(
  'legacy_customers',
  {
    pno: text('pno').primaryKey(),
    nameRaw: bytea('name_raw').notNull(),
    addressRaw: bytea('address_raw').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phoneno: text('phoneno').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    custRefno: text('cust_refno').notNull().default(''),
    importedAt: createdAt(),
  },
  (t) => [
    // The Migrate screen's search: part of a name or address (Tamil or English), of a phone or
    // mobile number through trigram indexes; a customer or reference number exactly.
    index('legacy_customers_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    index('legacy_customers_address_trgm_idx').using('gin', sql`lower(${t.address}) gin_trgm_ops`),
    index('legacy_customers_phoneno_trgm_idx').using('gin', sql`${t.phoneno} gin_trgm_ops`),
    index('legacy_customers_mobile_trgm_idx').using('gin', sql`${t.mobile} gin_trgm_ops`),
    index('legacy_customers_cust_refno_idx').on(t.custRefno),
  ],
);
