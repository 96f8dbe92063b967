import { schemeSchema, schemeViewSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findScheme, listSchemes, type SchemeWithType } from './schemes.repository.ts';
import { addScheme, changeScheme, removeScheme } from './schemes.service.ts';

function view(s: SchemeWithType) {
  const interest = rupeesFromNumeric(s.interestRatePerMonth);
  const loanAllowed = rupeesFromNumeric(s.loanEligibilityPercentage);
  return {
    id: s.id,
    jewel_type_id: s.jewelTypeId,
    jewell_type_id: s.jewelTypeId,
    jewel_name: s.jewelName,
    scheme_name: s.schemeName,
    short_name: s.shortName,
    prefix: s.prefix,
    duration_in_months: s.durationMonths,
    duration: s.durationMonths,
    interest_rate_per_month: interest,
    interest_rate_monthly: interest,
    loan_eligibility_percentage: loanAllowed,
    loan_allowed_percent: loanAllowed,
    slippage_percent: rupeesFromNumeric(s.slippagePercent),
    bullet_repayment: s.bulletRepayment,
    status: s.status,
    created_at: isoInstant(s.createdAt),
  };
}

export const schemesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/schemes/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['schemes'],
        summary: 'Loan schemes of the company, newest first',
        response: { 200: z.array(schemeViewSchema) },
      },
    },
    async (request) => (await listSchemes(db, request.companyId)).map(view),
  );

  app.post(
    '/schemes/',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['schemes'],
        summary: 'Add a loan scheme',
        body: schemeSchema,
        response: { 201: schemeViewSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.companyId;
      const id = await addScheme(db, companyId, request.body);
      const created = await findScheme(db, companyId, id);
      if (!created) throw AppError.notFound('Scheme');
      return reply.code(201).send(view(created));
    },
  );

  app.put(
    '/schemes/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['schemes'],
        summary: 'Update a loan scheme',
        params: idParams,
        body: schemeSchema,
        response: { 200: schemeViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      const { id } = request.params;
      await changeScheme(db, companyId, id, request.body);
      const updated = await findScheme(db, companyId, id);
      if (!updated) throw AppError.notFound('Scheme');
      return view(updated);
    },
  );

  app.delete(
    '/schemes/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['schemes'],
        summary: 'Delete a loan scheme',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      await removeScheme(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
