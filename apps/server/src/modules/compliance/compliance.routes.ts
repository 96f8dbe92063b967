import {
  businessToday,
  complianceSettingsSchema,
  complianceSettingsViewSchema,
  ratioReportSchema,
  schemaFields,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { resolveCompany } from '../companies/company-scope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { complianceView, findCompliance } from './compliance.repository.ts';
import { saveCompliance } from './compliance.service.ts';
import { ratioReport } from './rbi-ratio.ts';

export const complianceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, reportsDb, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/companies/:id/compliance',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['compliance'],
        summary: 'The branch’s compliance settings and where its licence stands today',
        description:
          'The regime (none, Tamil Nadu pawnbroker, RBI-regulated lender), the licence number and expiry (a banner from 30 days before; after expiry no new pledge), the interest ceiling per month, the cash limit, the discount or penalty above which an admin approves, and the RBI regime’s numbers.',
        params: idParams,
        response: { 200: complianceSettingsViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = await resolveCompany(db, request, request.params.id);
      const found = await findCompliance(db, id);
      if (!found) throw AppError.notFound('Company');
      return complianceView(found, today());
    },
  );

  app.put(
    '/companies/:id/compliance',
    {
      config: { access: 'companies.manage' },
      schema: {
        tags: ['compliance'],
        summary: 'Sets the branch’s compliance settings (admins)',
        description:
          'Every rule reads these: the licence and the interest ceiling (every regime), the RBI numbers (the RBI regime), the cash limit and the approval threshold. rbi_rules left out: the Directions’ own numbers.',
        params: idParams,
        body: complianceSettingsSchema,
        response: { 200: complianceSettingsViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const id = await resolveCompany(db, request, request.params.id);
      const day = today();
      const saved = await saveCompliance(db, id, request.body, day);
      return complianceView(saved, day);
    },
  );

  app.get(
    '/reports/rbi-ratio',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['compliance'],
        summary:
          'The RBI ratio report: open pledges whose outstanding passes their loan-to-value tier (X-Total-Count)',
        description:
          'Every open pledge whose outstanding with accrued interest as of as_of (default today, never after) passes its borrower’s tier (by the borrower’s open gold loans in the branch) of the articles’ value at the jewel type’s rate in force on as_of; largest excess first, for the manager to call the customer. The tiers are the branch’s RBI numbers, whatever its regime (the answer names the regime). Pledges of a jewel type with no stored rate are counted, not judged.',
        querystring: z.object({
          as_of: schemaFields.plainDate('Use a date as YYYY-MM-DD').optional(),
          page: z.coerce.number().int().min(1).max(1_000_000).default(1),
          page_size: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: ratioReportSchema },
      },
    },
    async (request, reply) => {
      const day = today();
      const asOf = request.query.as_of ?? day;
      if (asOf > day) {
        const msg = 'The date cannot be after today';
        throw new AppError('VALIDATION', 422, msg, [{ loc: ['query', 'as_of'], msg, type: 'value_error' }]);
      }
      const compliance = await findCompliance(reportsDb, request.companyId);
      if (!compliance) throw AppError.notFound('Company');
      const report = await ratioReport(
        reportsDb,
        request.companyId,
        asOf,
        compliance.regime,
        compliance.rbiRules,
        {
          page: request.query.page,
          pageSize: request.query.page_size,
        },
      );
      reply.header('X-Total-Count', String(report.total_count));
      return report;
    },
  );
};
