import { auditListSchema, schemaFields } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findAuditEvents } from './audit.repository.ts';

const DATE_MESSAGE = 'Use a date as YYYY-MM-DD';
/** Names of entities and actions are ours: short words with underscores. */
const word = z
  .string()
  .trim()
  .regex(/^[a-z_]{1,40}$/, 'Use a name of lowercase letters and underscores');

export const auditRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { reportsDb: db, config }) => {
  // The audit trail is only read here: on the reports handle (ModuleDeps.reportsDb).
  app.get(
    '/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        tags: ['audit'],
        summary: 'The audit trail of the branch, newest first (X-Total-Count)',
        description:
          'Every write: when, who, the branch, what (entity and record), the record before and after (money in rupees), the reason where one was asked and the request id. Filters: from/to (business days), user_id, entity, entity_id (a record’s own history), action. company=none lists the events of no branch (sign-in attempts for names nobody has). Admins only; the trail cannot be changed.',
        querystring: pagingQuery(50, 200).extend({
          from: schemaFields.plainDate(DATE_MESSAGE).optional(),
          to: schemaFields.plainDate(DATE_MESSAGE).optional(),
          user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          entity: word.optional(),
          entity_id: z.string().trim().min(1).max(64).optional(),
          action: word.optional(),
          company: z.literal('none').optional(),
        }),
        response: { 200: auditListSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      if (q.from && q.to && q.from > q.to) {
        const msg = 'From date must be on or before To date';
        throw new AppError('VALIDATION', 422, msg, [{ loc: ['query', 'from'], msg, type: 'value_error' }]);
      }
      const { rows, total } = await findAuditEvents(
        db,
        {
          companyId: q.company === 'none' ? null : request.companyId,
          from: q.from,
          to: q.to,
          timeZone: config.businessTimeZone,
          userId: q.user_id,
          entity: q.entity,
          entityId: q.entity_id,
          action: q.action,
        },
        { skip: q.skip, limit: q.limit },
      );
      reply.header('X-Total-Count', String(total));
      return rows.map((r) => ({
        id: Number(r.id),
        at: isoInstant(r.at),
        company_id: r.company_id,
        user_id: r.user_id,
        username: r.username,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        before: r.before ?? null,
        after: r.after ?? null,
        reason: r.reason,
        request_id: r.request_id,
        route: r.route,
      }));
    },
  );
};
