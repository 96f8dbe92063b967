import { auditListSchema, schemaFields } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  findAuditEvents,
  findRecordKeys,
  findRecordNumbers,
  findUserNames,
  type RecordKey,
} from './audit.repository.ts';
import { snapshotNumber, userIdsOf } from './audit-view.ts';

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
          'Every write: when, who, the branch, what (entity and record), the record before and after (money in rupees), the reason where one was asked and the request id; `record` names the record by its number (a pledge, receipt, customer or voucher number) where it has one, and `user_names` the users whose ids the snapshots hold. Filters: from/to (business days), user_id, entity, entity_id (a record’s own history), record (a pledge number, receipt number, customer code or voucher number as staff type it, or a record id), action. company=none lists the events of no branch (sign-in attempts for names nobody has). Admins only; the trail cannot be changed.',
        querystring: pagingQuery(50, 200).extend({
          from: schemaFields.plainDate(DATE_MESSAGE).optional(),
          to: schemaFields.plainDate(DATE_MESSAGE).optional(),
          user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
          entity: word.optional(),
          entity_id: z.string().trim().min(1).max(64).optional(),
          record: z.string().trim().min(1).max(64).optional(),
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
      const companyId = q.company === 'none' ? null : request.companyId;
      // A record as staff type it: the records of that number, and any record of that id.
      const record =
        q.record === undefined
          ? undefined
          : {
              keys: companyId === null ? [] : await findRecordKeys(db, companyId, q.record),
              id: /^\d{1,18}$/.test(q.record) ? q.record : null,
            };
      const { rows, total } = await findAuditEvents(
        db,
        {
          companyId,
          from: q.from,
          to: q.to,
          timeZone: config.businessTimeZone,
          userId: q.user_id,
          entity: q.entity,
          entityId: q.entity_id,
          record,
          action: q.action,
        },
        { skip: q.skip, limit: q.limit },
      );
      reply.header('X-Total-Count', String(total));
      const keys: RecordKey[] = rows.flatMap((r) =>
        r.entity_id ? [{ entity: r.entity, id: r.entity_id }] : [],
      );
      const [numbers, names] = await Promise.all([
        findRecordNumbers(db, companyId, keys),
        findUserNames(db, [...new Set(rows.flatMap((r) => userIdsOf(r.before, r.after)))]),
      ]);
      return rows.map((r) => ({
        id: Number(r.id),
        at: isoInstant(r.at),
        company_id: r.company_id,
        user_id: r.user_id,
        username: r.username,
        action: r.action,
        entity: r.entity,
        entity_id: r.entity_id,
        record:
          (r.entity_id ? numbers.get(`${r.entity}:${r.entity_id}`) : undefined) ??
          snapshotNumber(r.before, r.after),
        user_names: Object.fromEntries(
          userIdsOf(r.before, r.after).flatMap((id) => {
            const name = names.get(id);
            return name === undefined ? [] : [[String(id), name]];
          }),
        ),
        before: r.before ?? null,
        after: r.after ?? null,
        reason: r.reason,
        request_id: r.request_id,
        route: r.route,
      }));
    },
  );
};
