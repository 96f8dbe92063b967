import { z } from '../zod.ts';
import { customerRecordSchema } from './customers.ts';

/** A row of the old system, decoded (shell-and-masters §3 Migration customer, plus ours). */
export const legacyCustomerViewSchema = z.object({
  pno: z.string(),
  name: z.string().describe('Unicode (Tamil or English)'),
  address: z.string().describe('Unicode (Tamil or English)'),
  phoneno: z.string(),
  mobile: z.string(),
  cust_refno: z.string(),
  name_original: z.string().describe('As the old system held it: TSCII bytes read as Latin-1 characters'),
  address_original: z.string().describe('As the old system held it: TSCII bytes read as Latin-1 characters'),
  migrated_customer_id: z
    .number()
    .int()
    .nullable()
    .describe('The selected company’s customer made from this row, if any'),
  migrated_customer_code: z.string().nullable().describe('Its customer code (acc_code), if migrated'),
});
export type LegacyCustomerView = z.infer<typeof legacyCustomerViewSchema>;

/** GET /legacy/customers/search */
export const legacySearchAnswerSchema = z.object({
  data: z.array(legacyCustomerViewSchema),
  /**
   * True when there is nothing to search: no LEGACY_API_URL and an empty legacy store (a fresh
   * install); the screen then says how to import instead of 'Search Completed'.
   */
  store_empty: z.boolean(),
});

/** The customer a migration made (or found), with the fields a clerk still has to complete. */
export const migratedCustomerSchema = customerRecordSchema.omit({ id_proof: true }).extend({
  legacy_pno: z.string(),
  incomplete_fields: z
    .array(z.string())
    .describe('Fields the customer form would refuse as migrated (empty, or not in the Indian format)'),
});
export type MigratedCustomer = z.infer<typeof migratedCustomerSchema>;

/** POST /legacy/customers/{pno}/migrate: 201 made, or 200 with the one made before. */
export const migrateOneAnswerSchema = z.object({ created: z.boolean(), customer: migratedCustomerSchema });
export type MigrateOneAnswer = z.infer<typeof migrateOneAnswerSchema>;

/** POST /legacy/customers/migrate: all made in one transaction, the rest skipped with the reason. */
export const migrateManyAnswerSchema = z.object({
  created: z.array(z.object({ pno: z.string(), customer: migratedCustomerSchema })),
  skipped: z.array(
    z.object({
      pno: z.string(),
      reason: z.enum(['already_migrated', 'not_found', 'repeated']),
      detail: z.string(),
      customer_id: z.number().int().nullable(),
    }),
  ),
});
export type MigrateManyAnswer = z.infer<typeof migrateManyAnswerSchema>;
