import {
  businessToday,
  NOTICE_MESSAGES,
  noticeBatchCreateSchema,
  noticeBatchPrintSchema,
  noticeBatchSavedSchema,
  noticeCandidatesSchema,
  noticeListSchema,
  noticePrintCountSchema,
  noticePrintSchema,
  noticeSchema,
  noticeUpdateSchema,
  REMINDER_DEFAULT_DAYS,
  reminderCreateSchema,
  reminderListSchema,
  reminderSavedSchema,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, rowsRefusalSchema } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createNoticeBatch } from './notice-batch.service.ts';
import { recordBatchPrint, recordNoticePrint } from './notice-prints.service.ts';
import { listNotices, noticeCandidates, readNotice } from './notice-reads.service.ts';
import { updateNotice } from './notice-served.service.ts';
import { notAfterToday } from './notices-shared.ts';
import { logReminder, reminderList } from './reminders.service.ts';

const asOf = schemaFields.plainDate(NOTICE_MESSAGES.date).optional();
const paging = (defaultLimit: number, maxLimit: number) => ({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
});
const optionalId = z.coerce.number().int().positive().max(schemaFields.MAX_ID).optional();

export const noticesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);
  const actorOf = (request: { companyId: number; user?: { id: number } | null; idempotency?: unknown }) => ({
    companyId: request.companyId,
    userId: request.user!.id,
    today: today(),
  });
  /** The query's as_of, or today; never after today. */
  const asOfOrToday = (value: string | undefined) => {
    const t = today();
    if (value === undefined) return t;
    notAfterToday(value, t, ['query', 'as_of']);
    return value;
  };

  app.get(
    '/notices/candidates',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary: 'Open pledges overdue on a date (due date plus the grace period passed), most overdue first',
        description:
          "With the customer, address and mobile, days overdue, the outstanding as of the date and the pledge's latest notice. as_of is today unless given, never after today.",
        querystring: z.object({ as_of: asOf, ...paging(100, 500) }),
        response: { 200: noticeCandidatesSchema },
      },
    },
    async (request) =>
      noticeCandidates(db, request.companyId, asOfOrToday(request.query.as_of), request.query),
  );

  app.post(
    '/notices',
    {
      config: { access: 'pledges.handle', idempotent: true },
      schema: {
        tags: ['notices'],
        summary: 'Make a batch of notices before sale, one per chosen overdue pledge',
        description:
          "One transaction: every pledge must be an open pledge of the company overdue on the notice date (today unless given, never after today) without an open notice, or the batch is refused naming each bad one under its pledge: 409 for a pledge in the wrong state (code NOTICE_OPEN when the only trouble is open notices), 422 for a pledge that is not the company's. renew: true makes fresh notices that supersede the open ones. Each notice is numbered N/<financial year>/0001 per company, with the principal and interest due as of the notice date and the date after which the articles may be sold (notice date + the company's notice period). Send an Idempotency-Key header to make a retry safe.",
        body: noticeBatchCreateSchema,
        response: { 201: noticeBatchSavedSchema, 409: rowsRefusalSchema },
      },
    },
    async (request, reply) => {
      const saved = await createNoticeBatch(
        db,
        { ...actorOf(request), idempotency: request.idempotency },
        request.body,
      );
      return reply.code(201).send(saved);
    },
  );

  app.get(
    '/notices',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary: "Notices, newest first (a batch's in number order), with the letter's facts and articles",
        querystring: z.object({
          batch_id: optionalId,
          pledge_id: optionalId,
          status: z.enum(['unsent', 'sent', 'delivered']).optional(),
          ...paging(50, 200),
        }),
        response: { 200: noticeListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return listNotices(
        db,
        request.companyId,
        { batchId: q.batch_id, pledgeId: q.pledge_id, status: q.status },
        { skip: q.skip, limit: q.limit },
      );
    },
  );

  app.get(
    '/notices/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary: "One notice with the letter's facts and articles",
        params: idParams,
        response: { 200: noticeSchema, 404: errorSchema },
      },
    },
    async (request) => readNotice(db, request.companyId, request.params.id),
  );

  app.patch(
    '/notices/:id',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary:
          'Record how a notice was served: the date sent, the registered post tracking number, the date delivered',
        description:
          'The date sent is not before the notice date, the date delivered not before the date sent; neither after today. null clears a field. A date sent later than the notice date moves the sale-after date to the date sent plus the notice period.',
        params: idParams,
        body: noticeUpdateSchema,
        response: { 200: noticeSchema, 404: errorSchema },
      },
    },
    async (request) => updateNotice(db, actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/notices/:id/prints',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary: 'Record printed copies of a notice; every copy after the first is a duplicate',
        params: idParams,
        body: noticePrintCountSchema.optional(),
        response: { 200: noticePrintSchema, 404: errorSchema },
      },
    },
    async (request) => recordNoticePrint(db, request.companyId, request.params.id, request.body?.count ?? 1),
  );

  app.post(
    '/notice-batches/:id/prints',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['notices'],
        summary: 'Record one printed copy of every notice of a batch (the batch print)',
        params: idParams,
        response: { 200: noticeBatchPrintSchema, 404: errorSchema },
      },
    },
    async (request) => recordBatchPrint(db, request.companyId, request.params.id),
  );

  app.get(
    '/reminders',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['reminders'],
        summary:
          'Open pledges due within the next days (15 unless told) or overdue, with WhatsApp and call links',
        description:
          'Each with the amount due as of the date, the reminder text in Tamil and English, a wa.me link with the Tamil text, a tel: link, and whether a reminder was logged on the date. Reminders are kept apart from the legal notices.',
        querystring: z.object({
          as_of: asOf,
          days: z.coerce.number().int().min(0).max(90).default(REMINDER_DEFAULT_DAYS),
          ...paging(100, 500),
        }),
        response: { 200: reminderListSchema },
      },
    },
    async (request) => {
      const q = request.query;
      return reminderList(db, request.companyId, asOfOrToday(q.as_of), q.days, {
        skip: q.skip,
        limit: q.limit,
      });
    },
  );

  app.post(
    '/reminders',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['reminders'],
        summary: 'Log a reminder given today (WhatsApp, call or SMS) on an open pledge',
        body: reminderCreateSchema,
        response: { 201: reminderSavedSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await logReminder(db, actorOf(request), request.body)),
  );
};
