import { designViewSchema, jewelDesignSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { errorSchema, idParams, isoInstant, pagingQuery } from '../../lib/http-schemas.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { type DesignRow, findDesign, listDesigns } from './designs.repository.ts';
import { addDesign } from './designs.service.ts';

const view = (d: DesignRow) => ({
  id: d.id,
  design_name: d.designName,
  is_coin: d.isCoin,
  created_at: isoInstant(d.createdAt),
});

const searchTerm = z
  .string()
  .trim()
  .max(100, { error: 'Search term must be at most 100 characters' })
  .optional();

export const designsRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db }) => {
  app.get(
    '/jewell_designs/',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['designs'],
        summary: 'Jewel designs of the company, newest first; search (or q) matches part of the name',
        querystring: pagingQuery().extend({ search: searchTerm, q: searchTerm }),
        response: { 200: z.array(designViewSchema) },
      },
    },
    async (request) => {
      const { search, q, skip, limit } = request.query;
      const rows = await listDesigns(db, request.companyId, {
        search: search || q || undefined,
        skip,
        limit,
      });
      return rows.map(view);
    },
  );

  app.get(
    '/jewell_designs/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['designs'],
        summary: 'One jewel design',
        params: idParams,
        response: { 200: designViewSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const design = await findDesign(db, request.companyId, request.params.id);
      if (!design) throw AppError.notFound('Design');
      return view(design);
    },
  );

  app.post(
    '/jewell_designs/',
    {
      config: { access: 'pledges.handle' },
      schema: {
        tags: ['designs'],
        summary: 'Add a jewel design (name unique in the company, ignoring case); an ornament unless is_coin',
        body: jewelDesignSchema,
        response: { 201: designViewSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const row = await addDesign(db, {
        companyId: request.companyId,
        designName: request.body.design_name,
        isCoin: request.body.is_coin,
        createdBy: request.user!.id,
      });
      return reply.code(201).send(view(row));
    },
  );
};
