import { businessToday, DASHBOARD_SCOPES, dashboardSchema, schemaFields } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../module-deps.ts';
import { dashboardFor } from './dashboard.service.ts';

export const dashboardQuery = z.object({
  as_of: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
  ),
  /** `all`: every branch the admin may use, summed (admins only); default the X-Company-Id branch. */
  scope: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.enum(DASHBOARD_SCOPES, { message: "Use 'branch' or 'all'" }).optional(),
  ),
});

export const dashboardRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { reportsDb: db, config }) => {
  // Every route here only reads: all of them on the reports handle (ModuleDeps.reportsDb).
  app.get(
    '/dashboard',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['dashboard'],
        summary:
          'The branch dashboard as of a date (default business today): earnings, spend, sales, balance, charts and the due list; scope=all (admins): every branch summed, due rows with their branch',
        querystring: dashboardQuery,
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const asOf = request.query.as_of ?? businessToday(config.businessTimeZone);
      return dashboardFor(db, request.user, request.companyId, request.query.scope, asOf);
    },
  );
};
