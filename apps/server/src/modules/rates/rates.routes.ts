import { businessToday, rateSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import {
  assertNotAfterToday,
  errorSchema,
  idParams,
  isoInstant,
  pagingQuery,
} from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { deleteRate, findRate, insertRate, listRates, type RateRow, updateRate } from './rates.repository.ts';

const rateViewSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  gold_rate_per_gram: z.number(),
  silver_rate_per_gram: z.number(),
  company_id: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
});

// The screen defaults a new rate to today; a caller that leaves the date out gets the business day
// (DOMAIN-RULES §1). The company comes from the request, so `company_id`, `created_by` and `id` in the
// body (the old screen sends them) are dropped by the schema.
const rateBody = rateSchema.partial({ date: true });

const view = (r: RateRow) => ({
  id: r.id,
  date: r.date,
  gold_rate_per_gram: rupeesFromNumeric(r.goldRatePerGram),
  silver_rate_per_gram: rupeesFromNumeric(r.silverRatePerGram),
  company_id: r.companyId,
  created_by: r.createdBy,
  created_at: isoInstant(r.createdAt),
});

const duplicateDate = rethrowConstraint({
  gold_silver_rates_company_date_key: AppError.conflict(
    'RATE_DATE_TAKEN',
    'A rate for this date already exists.',
  ),
});

export const ratesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  app.get(
    '/gold_silver_rates',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['rates'],
        summary: 'Daily gold and silver rates of the company, by date descending',
        querystring: pagingQuery(100, 1000),
        response: { 200: z.array(rateViewSchema) },
      },
    },
    async (request) => (await listRates(db, request.companyId, request.query)).map(view),
  );

  app.post(
    '/gold_silver_rates',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['rates'],
        summary: 'Add the rates of a day (the date defaults to the business day)',
        body: rateBody,
        response: { 201: rateViewSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      assertNotAfterToday(body.date, 'date', config.businessTimeZone);
      const row = await insertRate(db, {
        date: body.date ?? businessToday(config.businessTimeZone),
        goldRatePerGram: body.gold_rate_per_gram,
        silverRatePerGram: body.silver_rate_per_gram,
        companyId: request.companyId,
        createdBy: request.user!.id,
      }).catch(duplicateDate);
      return reply.code(201).send(view(row));
    },
  );

  app.put(
    '/gold_silver_rates/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['rates'],
        summary: 'Correct the rates of a day (a missing date keeps the old one)',
        params: idParams,
        body: rateBody,
        response: { 200: rateViewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const { companyId } = request;
      const current = await findRate(db, companyId, request.params.id);
      if (!current) throw AppError.notFound('Rate');
      const body = request.body;
      assertNotAfterToday(body.date, 'date', config.businessTimeZone);
      const row = await updateRate(db, companyId, current.id, {
        date: body.date ?? current.date,
        goldRatePerGram: body.gold_rate_per_gram,
        silverRatePerGram: body.silver_rate_per_gram,
      }).catch(duplicateDate);
      if (!row) throw AppError.notFound('Rate');
      return view(row);
    },
  );

  app.delete(
    '/gold_silver_rates/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['rates'],
        summary: 'Delete the rates of a day',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteRate(db, request.companyId, request.params.id))) throw AppError.notFound('Rate');
      return reply.code(204).send(null);
    },
  );
};
