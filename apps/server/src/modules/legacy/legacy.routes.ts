import {
  legacySearchAnswerSchema,
  migrateManyAnswerSchema,
  migrateOneAnswerSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, isoInstant } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { analyzeLegacy, findMigrated, isLegacyStoreEmpty } from './legacy.repository.ts';
import { type CustomerRow, incompleteFields, migrateMany, migrateOne } from './legacy.service.ts';
import { type LegacySource, storeSource, upstreamSource } from './legacy-sources.ts';

/** The Migrate screen lists at most this many matches, best first. */
export const LEGACY_SEARCH_LIMIT = 100;
/** Migrate All takes at most this many numbers in one call (one transaction). */
export const MIGRATE_MANY_MAX = 500;

const pnoText = z.string().trim().min(1, { error: 'Customer number is required' }).max(40);

const view = (c: CustomerRow) => ({
  id: c.id,
  acc_code: c.accCode,
  customer_name: c.customerName,
  guardian_name: c.guardianName,
  mobile_number: c.mobileNumber,
  alt_mobile_number: c.altMobileNumber,
  door_no: c.doorNo,
  street: c.street,
  location: c.location,
  district: c.district,
  pincode: c.pincode,
  status: c.status,
  created_at: isoInstant(c.createdAt),
  legacy_pno: c.legacyPno ?? '',
  needs_completion: c.needsCompletion,
  incomplete_fields: incompleteFields(c),
});

export const legacyRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, database, config }) => {
  // The old system's service when LEGACY_API_URL is set, else the store filled by `npm run legacy:import`.
  const source: LegacySource = config.legacyApiUrl ? upstreamSource(config.legacyApiUrl) : storeSource(db);
  // PGlite has no autovacuum: statistics at start, so the search uses the trigram indexes.
  if (database.kind === 'pglite' && !config.legacyApiUrl) await analyzeLegacy(db);

  app.get(
    '/legacy/customers/search',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['legacy'],
        summary:
          'Migrate screen: search the old system by part of a name or address (Tamil or English), phone, mobile, or customer number',
        description: `At most ${LEGACY_SEARCH_LIMIT}, best first: the number itself, names starting with the term, then by customer number. A term under 3 characters only matches a customer or reference number exactly.`,
        querystring: z.object({
          q: z.string().trim().min(1, { error: 'Please enter a search term to find customers.' }).max(100),
        }),
        response: { 200: legacySearchAnswerSchema, 502: errorSchema },
      },
    },
    async (request) => {
      const rows = await source.search(request.query.q, LEGACY_SEARCH_LIMIT);
      const migrated = await findMigrated(
        db,
        request.companyId,
        rows.map((r) => r.pno),
      );
      const storeEmpty = !config.legacyApiUrl && rows.length === 0 && (await isLegacyStoreEmpty(db));
      return {
        store_empty: storeEmpty,
        data: rows.map((r) => {
          const customer = migrated.get(r.pno);
          return {
            ...r,
            migrated_customer_id: customer?.id ?? null,
            migrated_customer_code: customer?.accCode ?? null,
          };
        }),
      };
    },
  );

  app.post(
    '/legacy/customers/:pno/migrate',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['legacy'],
        summary:
          'Make the selected company’s customer from an old record (201), or answer the one made before (200)',
        description:
          'Fields are kept as the old system had them; a required field it did not have stays empty, and the customer is flagged needs_completion with the fields to complete in incomplete_fields; the old number is kept as legacy_pno.',
        params: z.object({ pno: pnoText }),
        response: {
          200: migrateOneAnswerSchema,
          201: migrateOneAnswerSchema,
          404: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { pno } = request.params;
      const record = (await source.findMany([pno])).get(pno);
      if (!record) throw AppError.notFound('Legacy customer');
      const result = await migrateOne(db, request.companyId, request.user!.id, record);
      return reply
        .code(result.created ? 201 : 200)
        .send({ created: result.created, customer: view(result.customer) });
    },
  );

  app.post(
    '/legacy/customers/migrate',
    {
      config: { access: 'customers.create' },
      schema: {
        tags: ['legacy'],
        summary: 'Migrate All: make customers from many old records in one transaction',
        description: `All are made or none. Numbers already migrated, unknown to the old system or listed twice are skipped with the reason. At most ${MIGRATE_MANY_MAX} numbers.`,
        body: z.object({
          pnos: z.array(pnoText).min(1, { error: 'Choose at least one customer.' }).max(MIGRATE_MANY_MAX),
        }),
        response: { 200: migrateManyAnswerSchema, 502: errorSchema },
      },
    },
    async (request) => {
      const { pnos } = request.body;
      const found = await source.findMany(pnos);
      const result = await migrateMany(db, request.companyId, request.user!.id, pnos, found);
      return {
        created: result.created.map((c) => ({ pno: c.legacyPno ?? '', customer: view(c) })),
        skipped: result.skipped,
      };
    },
  );
};
