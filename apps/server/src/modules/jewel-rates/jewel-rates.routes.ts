import { businessToday, JEWEL_TYPE_REQUIRED, jewelRateSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { assertNotAfterToday, errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { findJewelType } from '../jewel-types/jewel-types.repository.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  deleteJewelRate,
  findJewelRate,
  insertJewelRate,
  type JewelRateWithType,
  listActiveRatesOfType,
  listJewelRates,
  updateJewelRate,
} from './jewel-rates.repository.ts';

const jewelRateViewSchema = z.object({
  id: z.number().int(),
  jewel_type_id: z.number().int(),
  jewel_name: z.string(),
  rate_per_gram: z.number(),
  market_price: z.number(),
  selling_price: z.number(),
  effective_date: z.string(),
  status: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});

const view = (r: JewelRateWithType) => ({
  id: r.id,
  jewel_type_id: r.jewelTypeId,
  jewel_name: r.jewelName,
  rate_per_gram: rupeesFromNumeric(r.ratePerGram),
  market_price: rupeesFromNumeric(r.marketPrice),
  selling_price: rupeesFromNumeric(r.sellingPrice),
  effective_date: r.effectiveDate,
  status: r.status,
  created_by: r.createdBy,
  created_at: isoInstant(r.createdAt),
});

const typeRequired = () => AppError.field('jewel_type_id', JEWEL_TYPE_REQUIRED);

// The type was deleted between our check and the insert: the composite foreign key refuses it.
const missingType = rethrowConstraint({ jewel_rates_jewel_type_fk: typeRequired() });

export const jewelRatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  /** The jewel type must be one of the selected company's; another company's is as good as none. */
  async function jewelTypeName(companyId: number, jewelTypeId: number): Promise<string> {
    const type = await findJewelType(db, companyId, jewelTypeId);
    if (!type) throw typeRequired();
    return type.jewelName;
  }

  app.get(
    '/jewel-rates/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jewel rates'],
        summary: 'Jewel rates of the company with their type names, newest first',
        response: { 200: z.array(jewelRateViewSchema) },
      },
    },
    async (request) => (await listJewelRates(db, request.companyId)).map(view),
  );

  app.post(
    '/jewel-rates/',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel rates'],
        summary: 'Add a jewel rate (effective_date defaults to the business day)',
        body: jewelRateSchema,
        response: { 201: jewelRateViewSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNotAfterToday(body.effective_date, 'effective_date', config.businessTimeZone);
      const jewelName = await jewelTypeName(request.companyId, body.jewel_type_id);
      const row = await insertJewelRate(db, {
        jewelTypeId: body.jewel_type_id,
        ratePerGram: body.rate_per_gram,
        marketPrice: body.market_price,
        sellingPrice: body.selling_price,
        effectiveDate: body.effective_date ?? businessToday(config.businessTimeZone),
        status: body.status,
        companyId: request.companyId,
        createdBy: request.user!.id,
      }).catch(missingType);
      return reply.code(201).send(view({ ...row, jewelName }));
    },
  );

  app.put(
    '/jewel-rates/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel rates'],
        summary: 'Update a jewel rate (a missing effective_date keeps the old one)',
        params: idParams,
        body: jewelRateSchema,
        response: { 200: jewelRateViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const { companyId } = request;
      const current = await findJewelRate(db, companyId, request.params.id);
      if (!current) throw AppError.notFound('Jewel rate');
      const body = request.body;
      assertNotAfterToday(body.effective_date, 'effective_date', config.businessTimeZone);
      const jewelName = await jewelTypeName(companyId, body.jewel_type_id);
      const row = await updateJewelRate(db, companyId, current.id, {
        jewelTypeId: body.jewel_type_id,
        ratePerGram: body.rate_per_gram,
        marketPrice: body.market_price,
        sellingPrice: body.selling_price,
        effectiveDate: body.effective_date ?? current.effectiveDate,
        status: body.status,
      }).catch(missingType);
      if (!row) throw AppError.notFound('Jewel rate');
      return view({ ...row, jewelName });
    },
  );

  app.delete(
    '/jewel-rates/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel rates'],
        summary: 'Delete a jewel rate',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteJewelRate(db, request.companyId, request.params.id))) {
        throw AppError.notFound('Jewel rate');
      }
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/jewell_rates/by_type/:jewell_type_id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jewel rates'],
        summary: 'Active rates of a jewel type, latest first; the pledge screen uses the first',
        params: z.object({ jewell_type_id: z.coerce.number().int().positive() }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(100) }),
        response: { 200: z.array(z.object({ date: z.string(), rate: z.number() })) },
      },
    },
    async (request) => {
      const rows = await listActiveRatesOfType(
        db,
        request.companyId,
        request.params.jewell_type_id,
        request.query.limit,
      );
      return rows.map((r) => ({ date: r.date, rate: rupeesFromNumeric(r.ratePerGram) }));
    },
  );
};
