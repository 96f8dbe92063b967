import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../module-deps.ts';
import { checkBooks } from './books-check.repository.ts';

const checkSchema = z.object({
  name: z.string(),
  status: z.enum(['ok', 'failed', 'not_checked']),
  detail: z.string(),
  offending_count: z.number().int(),
  offending: z.array(
    z.object({
      entry_id: z.number().int(),
      voucher_number: z.string(),
      entry_date: z.string(),
      lines: z.number().int(),
      debit: z.number(),
      credit: z.number(),
      total_amount: z.number(),
    }),
  ),
});

const answerSchema = z.object({
  company_id: z.number().int(),
  company_name: z.string(),
  ok: z.boolean(),
  checks: z.array(checkSchema),
});

export const booksCheckRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/books/check',
    {
      config: { access: 'accounts.manage' },
      schema: {
        tags: ['reports'],
        summary:
          'Checks the invariants of the books (docs/domain-rules.md §6.4) for the selected company; the same as `npm run check:books`',
        response: { 200: answerSchema },
      },
    },
    async (request) => {
      const [result] = await checkBooks(db, [request.companyId]);
      // The company was checked to exist by the access layer.
      return result!;
    },
  );
};
