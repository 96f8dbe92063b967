import { businessToday, complianceSettingsSchema, complianceSettingsViewSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams } from '../../lib/http-schemas.ts';
import { recordAudit } from '../../plugins/audit.ts';
import { resolveCompany } from '../companies/company-scope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { complianceView, findCompliance, updateCompliance } from './compliance.repository.ts';

export const complianceRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  const today = () => businessToday(config.businessTimeZone);

  app.get(
    '/companies/:id/compliance',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['compliance'],
        summary: 'The branch’s compliance settings and where its licence stands today',
        description:
          'Issue 16: the regime (none, Tamil Nadu pawnbroker, RBI-regulated lender), the licence number and expiry (a banner from 30 days before; after expiry no new pledge), the interest ceiling per month, the cash limit, the discount or penalty above which an admin approves, and the RBI regime’s numbers.',
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
      const saved = await db.transaction(async (tx) => {
        const before = await findCompliance(tx, id);
        if (!before) throw AppError.notFound('Company');
        await updateCompliance(tx, id, request.body);
        const after = (await findCompliance(tx, id))!;
        await recordAudit(tx, {
          action: 'settings',
          entity: 'compliance',
          entityId: id,
          companyId: id,
          before: complianceView(before, day),
          after: complianceView(after, day),
        });
        return after;
      });
      return complianceView(saved, day);
    },
  );
};
