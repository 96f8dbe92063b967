import {
  businessToday,
  isRateDateAllowed,
  jewelRateSchema,
  jewelRateViewSchema,
  RATE_MESSAGES,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type JewelRateWithType, listActiveRatesOfType, listJewelRates } from './jewel-rates.repository.ts';
import { addJewelRate, changeJewelRate, removeJewelRate } from './jewel-rates.service.ts';

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

export const jewelRatesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  /** The effective date stored, refused when after the business day (docs/domain-rules.md §1.3). */
  function effectiveDate(date: string): string {
    if (!isRateDateAllowed(date, businessToday(config.businessTimeZone))) {
      throw AppError.field('effective_date', RATE_MESSAGES.futureDate);
    }
    return date;
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
      const row = await addJewelRate(db, {
        jewelTypeId: body.jewel_type_id,
        ratePerGram: body.rate_per_gram,
        marketPrice: body.market_price,
        sellingPrice: body.selling_price,
        effectiveDate: effectiveDate(body.effective_date ?? businessToday(config.businessTimeZone)),
        status: body.status,
        companyId: request.companyId,
        createdBy: request.user!.id,
      });
      return reply.code(201).send(view(row));
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
      const body = request.body;
      const row = await changeJewelRate(db, request.companyId, request.params.id, {
        jewelTypeId: body.jewel_type_id,
        ratePerGram: body.rate_per_gram,
        marketPrice: body.market_price,
        sellingPrice: body.selling_price,
        effectiveDate: body.effective_date === undefined ? undefined : effectiveDate(body.effective_date),
        status: body.status,
      });
      return view(row);
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
      await removeJewelRate(db, request.companyId, request.params.id);
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
