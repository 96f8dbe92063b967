import { businessToday, dashboardSchema, schemaFields } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../module-deps.ts';
import { readDashboard } from './dashboard.repository.ts';

export const dashboardQuery = z.object({
  as_of: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
  ),
});

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  app.get(
    '/dashboard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['dashboard'],
        summary:
          'The branch dashboard as of a date (default business today): earnings, spend, sales, balance, charts and the due list',
        querystring: dashboardQuery,
        response: { 200: dashboardSchema },
      },
    },
    async (request) =>
      readDashboard(db, request.companyId, request.query.as_of ?? businessToday(config.businessTimeZone)),
  );
};
