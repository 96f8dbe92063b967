import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findFile } from './files.repository.ts';

export const filesRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, links }) => {
  app.get(
    '/files/:id',
    {
      // The signature in the query string is the permission (apps/server/README.md, "Sessions and files").
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'A stored image, through a signed and expiring link',
        params: z.object({ id: z.coerce.number().int().positive() }),
        querystring: z.object({ exp: z.coerce.number().int().positive(), sig: z.string().min(1).max(100) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const verdict = links.verify(id, request.query.exp, request.query.sig);
      if (verdict === 'invalid') throw new AppError('BAD_FILE_LINK', 403, 'This file link is not valid.');
      if (verdict === 'expired') {
        throw new AppError('FILE_LINK_EXPIRED', 403, 'This file link has expired. Reload the page.');
      }
      const file = await findFile(db, id);
      if (!file) throw AppError.notFound('File');
      const maxAge = Math.max(0, request.query.exp - Math.floor(Date.now() / 1000));
      return reply
        .header('content-type', file.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', `private, max-age=${maxAge}`)
        .send(Buffer.from(file.data));
    },
  );
};
