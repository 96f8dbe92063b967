import {
  businessToday,
  createPledgeSchema,
  type PledgeWarning,
  paiseToRupees,
  pledgeHistorySchema,
  pledgeItemViewSchema,
  pledgeSavedSchema,
  pledgeViewSchema,
  schemaFields,
  updatePledgeSchema,
  valuationRateSchema,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { changePledge } from './pledge-change.service.ts';
import { createPledge } from './pledge-create.service.ts';
import { readPledgeHistory } from './pledge-history.service.ts';
import { readPledgeView } from './pledge-read.service.ts';
import { quoteValuationRate } from './pledge-terms.service.ts';
import { toPledgeItemView } from './pledge-view.ts';
import { findPledgeItems, findPledgeSummary } from './pledges.repository.ts';

export const pledgesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config, links }) => {
  const today = () => businessToday(config.businessTimeZone);
  const saved = async (companyId: number, id: number, warnings: PledgeWarning[]) => ({
    ...(await readPledgeView(db, links, companyId, id)),
    warnings,
  });

  app.post(
    '/pledges/with-items',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['pledges'],
        summary: 'Create a pledge with its items; the server recomputes every figure and pays the loan out',
        description:
          'The rate is the one in force on the pledge date for the scheme’s jewel type; a figure sent (due_date, first_month_interest, final_amount, an item’s net_value) that differs from the server’s is a 422 naming it. The pledge number is the scheme prefix and a running number. A Payment voucher pays the loan out in the same transaction. Send an Idempotency-Key header to make a retry safe.',
        body: createPledgeSchema,
        response: { 201: pledgeSavedSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.companyId;
      const outcome = await createPledge(
        db,
        { companyId, userId: request.user!.id, today: today(), idempotency: request.idempotency },
        request.body,
      );
      return reply.code(201).send(await saved(companyId, outcome.pledgeId, outcome.warnings));
    },
  );

  app.put(
    '/pledges/:id/with-items',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'Change a pledge and its items (keep, update, add; delete_item_ids removes)',
        description:
          'Status and remarks always change; Move to Bank is changed only by POST /pledges/{id}/move-to-bank and /return-from-bank (an edit that changes it is a 409). Customer, scheme, pledge date, amounts and items change only while the pledge is open, has no payment, is in no live auction lot, under no sent notice before sale and not at a bank, and its stored and new pledge dates are open days (409 otherwise); an amount change reverses the old Payment voucher and posts a new one. The pledge keeps its number.',
        params: idParams,
        body: updatePledgeSchema,
        response: { 200: pledgeSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      const outcome = await changePledge(
        db,
        { companyId, userId: request.user!.id, today: today() },
        request.params.id,
        request.body,
      );
      return saved(companyId, outcome.pledgeId, outcome.warnings);
    },
  );

  app.get(
    '/pledges/valuation-rate',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'The rate per gram a new pledge of a scheme on a date is valued at, and how it was chosen',
        description:
          'The one rule create and edit use (docs/decisions.md): the jewel type’s rate in Jewel Rates in force on the pledge date (default today, never after); under the RBI regime the lower of the previous day’s rate and the average of the rates of the days before. The create and edit screens value the items with it, so they show the figures the server checks. 422 under scheme_id when the scheme is not the company’s or has no rate.',
        querystring: z.object({
          scheme_id: z.coerce.number().int().positive().max(2_147_483_647),
          pledge_date: schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
        }),
        response: { 200: valuationRateSchema },
      },
    },
    async (request) => {
      const q = await quoteValuationRate(db, request.companyId, today(), request.query);
      return {
        scheme_id: q.schemeId,
        jewel_type_id: q.jewelTypeId,
        jewel_type_name: q.jewelTypeName,
        pledge_date: q.pledgeDate,
        rate_per_gram: Number(q.ratePerGram),
        basis: q.basis,
        rate_date: q.rateDate,
        previous_day_rate: q.rbi ? paiseToRupees(q.rbi.previousDayPaise) : null,
        average_rate: q.rbi ? paiseToRupees(q.rbi.averagePaise) : null,
        average_days: q.rbi?.averageDays ?? null,
      };
    },
  );

  app.get(
    '/pledges/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'One pledge with its items',
        params: idParams,
        response: { 200: pledgeViewSchema, 404: errorSchema },
      },
    },
    async (request) => readPledgeView(db, links, request.companyId, request.params.id),
  );

  app.get(
    '/pledges/:id/history',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['releases'],
        summary:
          'Every event of a pledge in time order: made, paid, renewed, at the bank, noticed, sold, released',
        params: idParams,
        response: { 200: pledgeHistorySchema, 404: errorSchema },
      },
    },
    async (request) => readPledgeHistory(db, request.companyId, request.params.id, config.businessTimeZone),
  );

  app.get(
    '/pledges/:id/items',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['pledges'],
        summary: 'The items of one pledge, in the order they were entered',
        params: idParams,
        response: { 200: z.array(pledgeItemViewSchema), 404: errorSchema },
      },
    },
    async (request) => {
      const { companyId } = request;
      if (!(await findPledgeSummary(db, companyId, request.params.id))) throw AppError.notFound('Pledge');
      const items = await findPledgeItems(db, companyId, request.params.id);
      return items.map((i) => toPledgeItemView(i, links));
    },
  );
};
