import { jewelTypeSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { rethrowConstraint } from '../../lib/db-errors.ts';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import {
  countJewelTypeUses,
  deleteJewelType,
  insertJewelType,
  type JewelTypeRow,
  listJewelTypes,
  lockJewelType,
  updateJewelType,
} from './jewel-types.repository.ts';

const jewelTypeViewSchema = z.object({
  id: z.number().int(),
  jewel_name: z.string(),
  description: z.string().nullable(),
  purity: z.string(),
  status: z.boolean(),
  created_at: z.string(),
});

const view = (r: JewelTypeRow) => ({
  id: r.id,
  jewel_name: r.jewelName,
  description: r.description,
  purity: r.purity,
  status: r.status,
  created_at: isoInstant(r.createdAt),
});

const duplicateName = rethrowConstraint({
  jewel_types_company_name_key: AppError.field('jewel_name', 'A jewel type with this name already exists.'),
});

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "This jewel type is used by 2 schemes and 1 jewel rate." (ARCHITECTURE §5: say what holds it.) */
export function jewelTypeInUse(uses: { schemes: number; jewelRates: number }): AppError {
  const parts = [
    uses.schemes > 0 ? plural(uses.schemes, 'scheme') : '',
    uses.jewelRates > 0 ? plural(uses.jewelRates, 'jewel rate') : '',
  ].filter(Boolean);
  return AppError.conflict('JEWEL_TYPE_IN_USE', `This jewel type is used by ${parts.join(' and ')}.`);
}

export const jewelTypesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/jewel-types/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['jewel types'],
        summary: 'Jewel types of the company, newest first',
        response: { 200: z.array(jewelTypeViewSchema) },
      },
    },
    async (request) => (await listJewelTypes(db, request.companyId)).map(view),
  );

  app.post(
    '/jewel-types/',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel types'],
        summary: 'Add a jewel type (name unique in the company, ignoring case)',
        body: jewelTypeSchema,
        response: { 201: jewelTypeViewSchema },
      },
    },
    async (request, reply) => {
      const row = await insertJewelType(db, request.companyId, request.body).catch(duplicateName);
      return reply.code(201).send(view(row));
    },
  );

  app.put(
    '/jewel-types/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel types'],
        summary: 'Update a jewel type',
        params: idParams,
        body: jewelTypeSchema,
        response: { 200: jewelTypeViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const row = await updateJewelType(db, request.companyId, request.params.id, request.body).catch(
        duplicateName,
      );
      if (!row) throw AppError.notFound('Jewel type');
      return view(row);
    },
  );

  app.delete(
    '/jewel-types/:id',
    {
      config: { access: 'masters.manage' },
      schema: {
        tags: ['jewel types'],
        summary: 'Delete a jewel type that no scheme or jewel rate uses',
        params: idParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = request;
      const id = request.params.id;
      await db
        .transaction(async (tx) => {
          if (!(await lockJewelType(tx, companyId, id))) throw AppError.notFound('Jewel type');
          const uses = await countJewelTypeUses(tx, companyId, id);
          if (uses.schemes > 0 || uses.jewelRates > 0) throw jewelTypeInUse(uses);
          await deleteJewelType(tx, companyId, id);
        })
        // Something else that points at the type (the counts above cover what exists today).
        .catch(
          rethrowConstraint({
            schemes_jewel_type_fk: AppError.conflict(
              'JEWEL_TYPE_IN_USE',
              'This jewel type is used by schemes.',
            ),
            jewel_rates_jewel_type_fk: AppError.conflict(
              'JEWEL_TYPE_IN_USE',
              'This jewel type is used by jewel rates.',
            ),
          }),
        );
      return reply.code(204).send(null);
    },
  );
};
