import { JEWEL_TYPE_REQUIRED, SCHEME_MESSAGES, type SchemeInput, schemeSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { numberFromNumeric } from '../../lib/numeric.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  deleteScheme,
  findScheme,
  findSchemeClashes,
  insertScheme,
  jewelTypeExists,
  listSchemes,
  lockScheme,
  type SchemeWithType,
  updateScheme,
} from './schemes.repository.ts';

/**
 * A scheme in both spellings the specs use: the masters screen's (shell-and-masters §3) and the
 * pledge screens' (pledges-and-payments §3), so neither screen needs a mapping of its own.
 */
const schemeViewSchema = z.object({
  id: z.number().int(),
  jewel_type_id: z.number().int(),
  jewell_type_id: z.number().int(),
  jewel_name: z.string().nullable(),
  scheme_name: z.string(),
  short_name: z.string(),
  prefix: z.string(),
  duration_in_months: z.number().int(),
  duration: z.number().int(),
  interest_rate_per_month: z.number(),
  interest_rate_monthly: z.number(),
  loan_eligibility_percentage: z.number(),
  loan_allowed_percent: z.number(),
  slippage_percent: z.number(),
  status: z.boolean(),
  created_at: z.string(),
});

function view(s: SchemeWithType) {
  const interest = numberFromNumeric(s.interestRatePerMonth);
  const loanAllowed = numberFromNumeric(s.loanEligibilityPercentage);
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
    slippage_percent: numberFromNumeric(s.slippagePercent),
    status: s.status,
    created_at: isoInstant(s.createdAt),
  };
}

const duplicateName = (): FieldError => ({
  loc: ['body', 'scheme_name'],
  msg: SCHEME_MESSAGES.duplicateName,
  type: 'value_error.duplicate',
});
const duplicatePrefix = (): FieldError => ({
  loc: ['body', 'prefix'],
  msg: SCHEME_MESSAGES.duplicatePrefix,
  type: 'value_error.duplicate',
});
const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

/** What a losing racer hits when the pre-check passed in two transactions at once. */
const constraintMessages = {
  schemes_company_name_key: validation([duplicateName()]),
  schemes_company_prefix_key: validation([duplicatePrefix()]),
  schemes_jewel_type_fk: AppError.field('jewel_type_id', JEWEL_TYPE_REQUIRED),
};

/**
 * The rules the screen states (shell-and-masters §5) checked inside the writing transaction, so the
 * answer names every offending field at once: a jewel type of this company, a unique name and prefix.
 */
async function checkScheme(tx: Tx, companyId: number, input: SchemeInput, excludeId?: number): Promise<void> {
  const fields: FieldError[] = [];
  if (!(await jewelTypeExists(tx, companyId, input.jewel_type_id))) {
    fields.push({ loc: ['body', 'jewel_type_id'], msg: JEWEL_TYPE_REQUIRED, type: 'value_error' });
  }
  const clash = await findSchemeClashes(tx, companyId, input, excludeId);
  if (clash.name) fields.push(duplicateName());
  if (clash.prefix) fields.push(duplicatePrefix());
  if (fields.length > 0) throw validation(fields);
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
      const id = await db.transaction(async (tx) => {
        await checkScheme(tx, companyId, request.body);
        return insertScheme(tx, companyId, request.body).catch(rethrowConstraint(constraintMessages));
      });
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
      await db.transaction(async (tx) => {
        if (!(await lockScheme(tx, companyId, id))) throw AppError.notFound('Scheme');
        await checkScheme(tx, companyId, request.body, id);
        await updateScheme(tx, companyId, id, request.body).catch(rethrowConstraint(constraintMessages));
      });
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
      // Pledges made under a scheme will reference it (issue 5); the errors plugin answers that
      // foreign-key refusal with 409 'This record is linked to other records.'
      if (!(await deleteScheme(db, request.companyId, request.params.id))) throw AppError.notFound('Scheme');
      return reply.code(204).send(null);
    },
  );
};
