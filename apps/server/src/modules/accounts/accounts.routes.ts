import { chartAccountSchema, chartAccountViewSchema, isOperationAccount } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import { resolveCompany } from '../companies/company-scope.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type ChartAccountRow, listActiveAccounts, listChartAccounts } from './accounts.repository.ts';
import { addChartAccount, changeChartAccount, removeChartAccount } from './accounts.service.ts';

export { ACCOUNT_MESSAGES } from './accounts.service.ts';

const accountOptionSchema = z.object({
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  is_active: z.boolean(),
  /** False for the accounts only pledges and payments move (docs/domain-rules.md §6.3): the daybook hides them. */
  manual_entry: z.boolean(),
});

function view(a: ChartAccountRow) {
  return {
    id: a.id,
    account_name: a.accountName,
    account_code: a.accountCode,
    sub_account_of: a.subAccountOf,
    account_type: a.accountType,
    account_category: a.accountCategory,
    opening_balance: rupeesFromNumeric(a.openingBalance),
    description: a.description,
    status: a.status,
    is_system: a.isSystem,
    company_id: a.companyId,
    created_at: isoInstant(a.createdAt),
  };
}

export const accountsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/chart-of-accounts/:companyId',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['accounts'],
        summary: 'The chart of accounts of a company, by id ascending',
        params: z.object({ companyId: z.coerce.number().int().positive() }),
        response: { 200: z.array(chartAccountViewSchema), 404: errorSchema },
      },
    },
    async (request) => {
      const companyId = await resolveCompany(db, request, request.params.companyId);
      return (await listChartAccounts(db, companyId)).map(view);
    },
  );

  app.post(
    '/chart-of-accounts/',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['accounts'],
        summary: 'Add an account to the chart of the company named in company_id',
        body: chartAccountSchema,
        response: { 201: chartAccountViewSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const companyId = await resolveCompany(db, request, request.body.company_id);
      const created = await addChartAccount(db, companyId, request.body);
      return reply.code(201).send(view(created));
    },
  );

  app.put(
    '/chart-of-accounts/:id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['accounts'],
        summary: 'Update an account (a system account can only be renamed and described)',
        params: idParams,
        body: chartAccountSchema,
        response: { 200: chartAccountViewSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => {
      return view(await changeChartAccount(db, request.companyId, request.params.id, request.body));
    },
  );

  app.delete(
    '/chart-of-accounts/:id',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['accounts'],
        summary: 'Delete an account no voucher uses',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await removeChartAccount(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['accounts'],
        summary: 'The active accounts a daybook line may use, by code',
        response: { 200: z.array(accountOptionSchema) },
      },
    },
    async (request) =>
      (await listActiveAccounts(db, request.companyId)).map((a) => ({
        account_id: a.id,
        account_code: a.accountCode,
        account_name: a.accountName,
        is_active: a.status,
        manual_entry: !isOperationAccount(a),
      })),
  );
};
