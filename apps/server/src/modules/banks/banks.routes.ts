import { bankSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  accountRecorded,
  type BankRow,
  bankColumns,
  deleteBank,
  insertBank,
  listBanks,
  lockBank,
  updateBank,
} from './banks.repository.ts';

export const ACCOUNT_RECORDED = 'This account is already recorded.';

const bankViewSchema = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  account_holder_name: z.string(),
  account_number: z.string(),
  ifsc_code: z.string(),
  branch_name: z.string(),
  account_type: z.string(),
  status: z.boolean(),
  created_at: z.string(),
});

const view = (b: BankRow) => ({
  id: b.id,
  bank_name: b.bankName,
  account_holder_name: b.accountHolderName,
  account_number: b.accountNumber,
  ifsc_code: b.ifscCode,
  branch_name: b.branchName,
  account_type: b.accountType,
  status: b.status,
  created_at: isoInstant(b.createdAt),
});

const duplicateAccount = () => AppError.field('account_number', ACCOUNT_RECORDED, 'value_error.duplicate');
/** The unique index catches two saves of one account that both passed the check. */
const constraintMessages = { banks_company_account_key: duplicateAccount() };

export const banksRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/bank-details/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['banks'],
        summary: 'Bank accounts of the company, newest first',
        response: { 200: z.array(bankViewSchema) },
      },
    },
    async (request) => (await listBanks(db, request.companyId)).map(view),
  );

  app.post(
    '/bank-details/',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['banks'],
        summary: 'Record a bank account',
        body: bankSchema,
        response: { 201: bankViewSchema },
      },
    },
    async (request, reply) => {
      const companyId = request.companyId;
      const created = await db.transaction(async (tx) => {
        if (await accountRecorded(tx, companyId, bankColumns(request.body))) throw duplicateAccount();
        return insertBank(tx, companyId, request.body).catch(rethrowConstraint(constraintMessages));
      });
      return reply.code(201).send(view(created));
    },
  );

  app.put(
    '/bank-details/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['banks'],
        summary: 'Update a bank account (the Active/Inactive toggle re-sends the record)',
        params: idParams,
        body: bankSchema,
        response: { 200: bankViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const companyId = request.companyId;
      const { id } = request.params;
      const updated = await db.transaction(async (tx) => {
        if (!(await lockBank(tx, companyId, id))) throw AppError.notFound('Bank');
        if (await accountRecorded(tx, companyId, bankColumns(request.body), id)) throw duplicateAccount();
        return updateBank(tx, companyId, id, request.body).catch(rethrowConstraint(constraintMessages));
      });
      if (!updated) throw AppError.notFound('Bank');
      return view(updated);
    },
  );

  app.delete(
    '/bank-details/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['banks'],
        summary: 'Delete a bank account',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      if (!(await deleteBank(db, request.companyId, request.params.id))) throw AppError.notFound('Bank');
      return reply.code(204).send(null);
    },
  );
};
