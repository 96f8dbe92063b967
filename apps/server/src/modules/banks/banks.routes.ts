import { bankSchema, bankViewSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type BankRow, listBanks } from './banks.repository.ts';
import { changeBank, recordBank, removeBank } from './banks.service.ts';

export { ACCOUNT_RECORDED } from './banks.service.ts';

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
      const created = await recordBank(db, request.companyId, request.body);
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
    async (request) => view(await changeBank(db, request.companyId, request.params.id, request.body)),
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
      await removeBank(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
