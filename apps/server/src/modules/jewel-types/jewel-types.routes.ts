import { type JewelMetal, jewelTypeSchema, jewelTypeViewSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParams, isoInstant } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type JewelTypeRow, listJewelTypes } from './jewel-types.repository.ts';
import { addJewelType, changeJewelType, removeJewelType } from './jewel-types.service.ts';

const view = (r: JewelTypeRow) => ({
  id: r.id,
  jewel_name: r.jewelName,
  description: r.description,
  purity: r.purity,
  // The check constraint keeps the column to these two.
  metal: r.metal as JewelMetal,
  status: r.status,
  created_at: isoInstant(r.createdAt),
});

export { jewelTypeInUse } from './jewel-types.service.ts';

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
      const row = await addJewelType(db, request.companyId, request.body);
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
      return view(await changeJewelType(db, request.companyId, request.params.id, request.body));
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
      await removeJewelType(db, request.companyId, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
