import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APP_VERSION } from '../../lib/version.ts';
import type { ModuleDeps } from '../module-deps.ts';

export const systemRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { database }) => {
  app.get(
    '/',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'Name and version (plain text)', response: { 200: z.string() } },
    },
    async (_request, reply) => reply.type('text/plain; charset=utf-8').send(`Pledge Desk API ${APP_VERSION}`),
  );

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Whether the server can reach its database',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.literal('reachable'),
            database_kind: z.string(),
            version: z.string(),
          }),
          503: z.object({
            status: z.literal('error'),
            database: z.literal('unreachable'),
            detail: z.string(),
          }),
        },
      },
    },
    async (request, reply) => {
      try {
        await database.ping();
        return {
          status: 'ok' as const,
          database: 'reachable' as const,
          database_kind: database.kind,
          version: APP_VERSION,
        };
      } catch (err) {
        request.log.error({ err }, 'health check: database unreachable');
        return reply.code(503).send({
          status: 'error' as const,
          database: 'unreachable' as const,
          detail: 'The database is not reachable.',
        });
      }
    },
  );
};
