import {
  businessToday,
  isRateDateAllowed,
  RATE_MESSAGES,
  rateSchema,
  rateViewSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { listRates, type RateRow } from './rates.repository.ts';
import { addRate, correctRate, removeRate } from './rates.service.ts';

// The screen defaults a new rate to today; a caller that leaves the date out gets the business day
// (docs/domain-rules.md §1). The company comes from the request, so `company_id`, `created_by` and `id` in the
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

export const ratesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  /** The date a rate is stored under, refused when after the business day (docs/domain-rules.md §1.3). */
  function rateDate(date: string): string {
    if (!isRateDateAllowed(date, businessToday(config.businessTimeZone))) {
      throw AppError.field('date', RATE_MESSAGES.futureDate);
    }
    return date;
  }

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
      const row = await addRate(db, {
        date: rateDate(body.date ?? businessToday(config.businessTimeZone)),
        goldRatePerGram: body.gold_rate_per_gram,
        silverRatePerGram: body.silver_rate_per_gram,
        companyId: request.companyId,
        createdBy: request.user!.id,
      });
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
      const body = request.body;
      const row = await correctRate(db, request.companyId, request.params.id, {
        date: body.date === undefined ? undefined : rateDate(body.date),
        goldRatePerGram: body.gold_rate_per_gram,
        silverRatePerGram: body.silver_rate_per_gram,
      });
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
      await removeRate(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
