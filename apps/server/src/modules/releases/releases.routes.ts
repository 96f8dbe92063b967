import {
  businessToday,
  END_OF_PLEDGE_DEFAULTS,
  isReleaseOverdue,
  pendingReleaseListSchema,
  releaseListSchema,
  releaseOverdueCutoff,
  releasePledgeSchema,
  releaseSlipPrintSchema,
  releaseViewSchema,
  schemaFields,
  workingDaysBetween,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, pagingQuery } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findReleaseWait, listReleases, readPendingReleases } from './releases.repository.ts';
import { readRelease, recordSlipPrint, releasePledge } from './releases.service.ts';

// The release of a closed pledge's articles, the list of those still waiting, and the releases made.

const DATE_MESSAGE = 'Use a date as YYYY-MM-DD';
const FUTURE_MESSAGE = 'The date cannot be after today';

function notAfterToday(date: string | undefined, today: string, field: string): string {
  if (date === undefined) return today;
  if (date > today) {
    throw new AppError('VALIDATION', 422, FUTURE_MESSAGE, [
      { loc: ['query', field], msg: FUTURE_MESSAGE, type: 'value_error' },
    ]);
  }
  return date;
}

export const releasesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.post(
    '/pledges/:id/release',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['releases'],
        summary: "Release a closed pledge's articles to the pawner or to someone with a proof",
        description:
          'Only a pledge closed by payment whose articles are in the vault (not released, not at a bank). Anyone but the pawner in person shows a proof: the agent’s letter, the legal heir’s document or the lost-ticket declaration (Tamil Nadu Pawnbrokers Act s. 8, Rule 6). One transaction with the pledge locked; no voucher (no money moves).',
        params: idParams,
        body: releasePledgeSchema,
        response: { 201: releaseViewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const saved = await releasePledge(
        db,
        {
          companyId: request.companyId,
          userId: request.user!.id,
          today: today(),
          idempotency: request.idempotency,
        },
        request.params.id,
        request.body,
      );
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/pledges/:id/release',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['releases'],
        summary: 'The release of a pledge, with what its slip (Form H) prints',
        params: idParams,
        response: { 200: releaseViewSchema, 404: errorSchema },
      },
    },
    async (request) => readRelease(db, request.companyId, request.params.id),
  );

  app.post(
    '/pledges/:id/release/slip-prints',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['releases'],
        summary: 'Record a printed release slip; every print after the first is a duplicate',
        params: idParams,
        response: { 200: releaseSlipPrintSchema, 404: errorSchema },
      },
    },
    async (request) => recordSlipPrint(db, request.companyId, request.params.id),
  );

  app.get(
    '/releases/pending',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['releases'],
        summary: 'Closed pledges whose articles are still in the vault, oldest closing first (X-Total-Count)',
        description:
          'With the working days waited up to as_of (Sundays not counted) and a flag when over the company’s release wait. X-Overdue-Count counts the flagged ones of the whole list.',
        querystring: pagingQuery(50, 500).extend({
          as_of: schemaFields.plainDate(DATE_MESSAGE).optional(),
        }),
        response: { 200: pendingReleaseListSchema },
      },
    },
    async (request, reply) => {
      const asOf = notAfterToday(request.query.as_of, today(), 'as_of');
      const wait =
        (await findReleaseWait(db, request.companyId)) ?? END_OF_PLEDGE_DEFAULTS.releaseWaitWorkingDays;
      const cutoff = releaseOverdueCutoff(asOf, wait);
      const { rows, total, overdue } = await readPendingReleases(
        db,
        request.companyId,
        asOf,
        { skip: request.query.skip, limit: request.query.limit },
        cutoff,
      );
      reply.header('X-Total-Count', String(total));
      reply.header('X-Overdue-Count', String(overdue));
      reply.header('X-Release-Wait', String(wait));
      return rows.map((r) => ({
        ...r,
        working_days_waited: workingDaysBetween(r.closed_date, asOf),
        overdue: isReleaseOverdue(r.closed_date, asOf, wait),
      }));
    },
  );

  app.get(
    '/releases',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['releases'],
        summary: 'The releases made from one date to another (default: today), in date order (X-Total-Count)',
        querystring: pagingQuery(100, 500).extend({
          from: schemaFields.plainDate(DATE_MESSAGE).optional(),
          to: schemaFields.plainDate(DATE_MESSAGE).optional(),
        }),
        response: { 200: releaseListSchema },
      },
    },
    async (request, reply) => {
      const to = request.query.to ?? today();
      const from = request.query.from ?? to;
      if (from > to) {
        const msg = 'The start date must be on or before the end date';
        throw new AppError('VALIDATION', 422, msg, [{ loc: ['query', 'from'], msg, type: 'value_error' }]);
      }
      const { rows, total } = await listReleases(db, request.companyId, from, to, {
        skip: request.query.skip,
        limit: request.query.limit,
      });
      reply.header('X-Total-Count', String(total));
      return rows;
    },
  );
};
