import { loginSchema, userLanguageSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findUserById } from '../users/users.repository.ts';
import { changeOwnLanguage } from '../users/users.service.ts';
import { signIn, signOut } from './auth.service.ts';
import { toUserView, userViewSchema } from './user-view.ts';

const errorSchema = z.object({ detail: z.string(), code: z.string().optional() });

export const authRoutes: FastifyPluginAsyncZod<ModuleDeps> = async (app, { db, config }) => {
  app.post(
    '/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password',
        body: loginSchema,
        response: {
          200: z.object({ access_token: z.string(), token_type: z.literal('bearer'), user: userViewSchema }),
          401: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const { token, user } = await signIn(db, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        hours: config.sessionHours,
      });
      request.log.info({ userId: user.id }, 'signed in');
      return {
        access_token: token,
        token_type: 'bearer' as const,
        user: toUserView(user, config.staffCanHandlePledges),
      };
    },
  );

  // The diagnostics screen checks that the sign-in endpoint is there without signing in.
  app.route({
    method: 'HEAD',
    url: '/auth/login',
    config: { access: 'public' },
    schema: { tags: ['auth'], summary: 'Sign-in endpoint is reachable' },
    handler: async (_request, reply) => reply.code(200).send(),
  });

  app.post(
    '/auth/logout',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], summary: 'End this session', response: { 204: z.null() } },
    },
    async (request, reply) => {
      await signOut(db, request.sessionId, request.user!.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/me',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userViewSchema } },
    },
    async (request) => {
      const user = await findUserById(db, request.user!.id);
      if (!user) throw AppError.notFound('User');
      return toUserView(user, config.staffCanHandlePledges);
    },
  );

  app.put(
    '/users/me/language',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: "Sets the signed-in user's interface language ('en' or 'ta')",
        body: userLanguageSchema,
        response: { 200: userViewSchema },
      },
    },
    async (request) => {
      const user = await changeOwnLanguage(db, request.user!.id, request.body.language);
      return toUserView(user, config.staffCanHandlePledges);
    },
  );
};
