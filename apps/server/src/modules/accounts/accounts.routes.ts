import {
  CHART_ACCOUNT_MESSAGES,
  type ChartAccountInput,
  chartAccountSchema,
  isOperationAccount,
} from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../../db/open-db.ts';
import { AppError, type FieldError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import { rupeesFromNumeric } from '../../lib/numeric.ts';
import type { AuthUser } from '../../plugins/access.ts';
import { findCompanyById } from '../companies/companies.repository.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  type ChartAccountRow,
  codeTaken,
  countLinesOfAccount,
  countSubAccounts,
  deleteChartAccount,
  findChartAccount,
  insertChartAccount,
  isSelfOrDescendant,
  listActiveAccounts,
  listChartAccounts,
  lockChartAccount,
  updateChartAccount,
} from './accounts.repository.ts';

export const ACCOUNT_MESSAGES = {
  duplicateCode: 'Account code already exists. Please use a unique code.',
  badParent: 'Please select a valid parent account',
  parentLoop: 'An account cannot be placed under one of its own sub-accounts.',
  system:
    'This is a system account used by pledges and payments: it can be renamed, but not deleted, deactivated, re-coded or given another type.',
} as const;

const chartAccountViewSchema = z.object({
  id: z.number().int(),
  account_name: z.string(),
  account_code: z.string(),
  sub_account_of: z.number().int().nullable(),
  account_type: z.string(),
  account_category: z.string(),
  opening_balance: z.number(),
  description: z.string().nullable(),
  status: z.boolean(),
  is_system: z.boolean(),
  company_id: z.number().int(),
  created_at: z.string(),
});

const accountOptionSchema = z.object({
  account_id: z.number().int(),
  account_code: z.string(),
  account_name: z.string(),
  is_active: z.boolean(),
  /** False for the accounts only pledges and payments move (DOMAIN-RULES §6): the daybook hides them. */
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

const field = (name: string, msg: string, type = 'value_error'): FieldError => ({
  loc: ['body', name],
  msg,
  type,
});
const validation = (fields: FieldError[]) =>
  new AppError('VALIDATION', 422, fields.map((f) => f.msg).join(' '), fields);

const constraintMessages = {
  chart_accounts_company_code_key: validation([
    field('account_code', ACCOUNT_MESSAGES.duplicateCode, 'value_error.duplicate'),
  ]),
  chart_accounts_parent_fk: validation([field('sub_account_of', ACCOUNT_MESSAGES.badParent)]),
  chart_accounts_not_own_parent: validation([field('sub_account_of', CHART_ACCOUNT_MESSAGES.ownParent)]),
};

/**
 * The rules of shell-and-masters §5 checked in the writing transaction, every offending field at
 * once: a code unique in the company, a parent of the company that is neither the account itself
 * nor one of its sub-accounts.
 */
async function checkAccount(
  tx: DbOrTx,
  companyId: number,
  input: ChartAccountInput,
  accountId?: number,
): Promise<void> {
  const fields: FieldError[] = [];
  if (await codeTaken(tx, companyId, input.account_code, accountId)) {
    fields.push(field('account_code', ACCOUNT_MESSAGES.duplicateCode, 'value_error.duplicate'));
  }
  const parent = input.sub_account_of;
  if (parent != null) {
    if (accountId !== undefined && parent === accountId) {
      fields.push(field('sub_account_of', CHART_ACCOUNT_MESSAGES.ownParent));
    } else if (!(await findChartAccount(tx, companyId, parent))) {
      fields.push(field('sub_account_of', ACCOUNT_MESSAGES.badParent));
    } else if (accountId !== undefined && (await isSelfOrDescendant(tx, companyId, accountId, parent))) {
      fields.push(field('sub_account_of', ACCOUNT_MESSAGES.parentLoop));
    }
  }
  if (fields.length > 0) throw validation(fields);
}

const systemAccountConflict = () => AppError.conflict('SYSTEM_ACCOUNT', ACCOUNT_MESSAGES.system);

export const accountsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  /** A company the caller may act for, else 404 (DOMAIN-RULES §7: another company is not shown). */
  async function usableCompany(user: AuthUser, requestCompanyId: number, id: number): Promise<number> {
    const usable = id === requestCompanyId || user.role === 'admin';
    if (!usable || !(await findCompanyById(db, id))) throw AppError.notFound('Company');
    return id;
  }

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
      const companyId = await usableCompany(request.user!, request.companyId, request.params.companyId);
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
      const companyId = await usableCompany(request.user!, request.companyId, request.body.company_id);
      const created = await db.transaction(async (tx) => {
        await checkAccount(tx, companyId, request.body);
        return insertChartAccount(tx, companyId, request.body).catch(rethrowConstraint(constraintMessages));
      });
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
      const companyId = request.companyId;
      const { id } = request.params;
      const updated = await db.transaction(async (tx) => {
        const current = await lockChartAccount(tx, companyId, id);
        if (!current) throw AppError.notFound('Account');
        const input = request.body;
        if (
          current.isSystem &&
          (input.account_code.toLowerCase() !== current.accountCode.toLowerCase() ||
            input.account_type !== current.accountType ||
            !input.status)
        ) {
          throw systemAccountConflict();
        }
        await checkAccount(tx, companyId, input, id);
        return updateChartAccount(tx, companyId, id, input).catch(rethrowConstraint(constraintMessages));
      });
      if (!updated) throw AppError.notFound('Account');
      return view(updated);
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
      const companyId = request.companyId;
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const current = await lockChartAccount(tx, companyId, id);
        if (!current) throw AppError.notFound('Account');
        if (current.isSystem) throw systemAccountConflict();
        const lines = await countLinesOfAccount(tx, companyId, id);
        if (lines > 0) {
          throw AppError.conflict(
            'ACCOUNT_IN_USE',
            `This account is used by ${lines} voucher ${lines === 1 ? 'line' : 'lines'} and cannot be deleted. Deactivate it instead.`,
          );
        }
        const children = await countSubAccounts(tx, companyId, id);
        if (children > 0) {
          throw AppError.conflict(
            'ACCOUNT_HAS_CHILDREN',
            `This account has ${children} ${children === 1 ? 'sub-account' : 'sub-accounts'}. Move or delete ${children === 1 ? 'it' : 'them'} first.`,
          );
        }
        await deleteChartAccount(tx, companyId, id);
      });
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
