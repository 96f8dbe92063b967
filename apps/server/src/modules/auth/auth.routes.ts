import { loginSchema, userLanguageSchema } from '@pledge-desk/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../../plugins/audit.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { findUserById, findUserByUsername } from '../users/users.repository.ts';
import { changeOwnLanguage } from '../users/users.service.ts';
import { verifyPassword } from './passwords.ts';
import { createSession, revokeSession } from './sessions.repository.ts';
import { admitAttempt, admitSucceeded, throttleClock } from './throttle.ts';
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
      const { username, password } = request.body;
      const { waitSeconds: wait, slowMs } = await admitAttempt(db, username, request.ip);
      if (wait > 0) {
        // Kept in the audit trail, as every failed sign-in is: who was tried, from where, and why it failed.
        const tried = await findUserByUsername(db, username);
        await recordAudit(db, {
          action: 'sign_in_failed',
          entity: 'session',
          companyId: tried?.companyId ?? null,
          actor: { id: tried?.id ?? null, username },
          after: { ip: request.ip, refused: 'too many attempts', wait_seconds: wait },
        });
        throw new AppError(
          'TOO_MANY_ATTEMPTS',
          429,
          `Too many failed sign-in attempts. Try again in ${wait} seconds.`,
          undefined,
          { 'retry-after': String(wait) },
        );
      }
      if (slowMs > 0) await throttleClock.sleep(slowMs);
      const user = await findUserByUsername(db, username);
      const ok = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !ok) {
        // The attempt was counted as a failure before the check. The audit row stands alone (there is
        // no change to share a transaction with). The same answer whether or not the user exists.
        await recordAudit(db, {
          action: 'sign_in_failed',
          entity: 'session',
          companyId: user?.companyId ?? null,
          actor: { id: user?.id ?? null, username },
          after: { ip: request.ip, refused: user ? 'wrong password' : 'no such user' },
        });
        throw new AppError('INVALID_CREDENTIALS', 401, 'Invalid username or password', undefined, {
          'www-authenticate': 'Bearer',
        });
      }
      await admitSucceeded(db, username, request.ip);
      const { token } = await db.transaction(async (tx) => {
        const session = await createSession(tx, {
          userId: user.id,
          hours: config.sessionHours,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        await recordAudit(tx, {
          action: 'sign_in',
          entity: 'session',
          entityId: session.id,
          companyId: user.companyId,
          actor: { id: user.id, username: user.username },
          after: { ip: request.ip, expires_at: session.expiresAt.toISOString() },
        });
        return session;
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
      const sessionId = request.sessionId;
      await db.transaction(async (tx) => {
        if (sessionId) await revokeSession(tx, sessionId);
        await recordAudit(tx, { action: 'sign_out', entity: 'session', entityId: sessionId });
      });
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
