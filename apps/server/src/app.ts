import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type BootstrapResult, bootstrapDatabase } from './bootstrap.ts';
import type { Config } from './config.ts';
import { type OpenDb, openDb } from './db/open-db.ts';
import { guardedValidatorCompiler, refuseNul, refuseNulInHeaders } from './lib/input-guard.ts';
import { safeErrSerializer, safeReqSerializer } from './lib/log-safe.ts';
import { APP_VERSION } from './lib/version.ts';
import { ensureAllSystemAccounts } from './modules/accounts/system-accounts.ts';
import { attachSessionCache, detachSessionCache, SessionCache } from './modules/auth/session-cache.ts';
import type { FoundSession } from './modules/auth/sessions.repository.ts';
import { loadFileLinks } from './modules/files/file-links.ts';
import { apiModules } from './modules/index.ts';
import access from './plugins/access.ts';
import audit from './plugins/audit.ts';
import errors from './plugins/errors.ts';
import idempotency from './plugins/idempotency.ts';
import security from './plugins/security.ts';
import { seedDemo } from './seed/demo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: OpenDb;
    bootstrap: BootstrapResult;
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (tests read it); stdout when not given. */
  logStream?: { write(line: string): void };
  /** An already open database (tests share one per file); buildApp then does not close it. */
  database?: OpenDb;
  /**
   * Fail a write that answers 2xx without exactly one audit event (plugins/audit.ts). The tests set it,
   * so every test that calls a write route also checks its audit row.
   */
  auditStrict?: boolean;
  /**
   * A cluster worker (cluster.ts): its primary already applied the migrations and did the first-start
   * work (prepareDatabase), and runs the periodic jobs, so this app does none of them.
   */
  worker?: boolean;
  /** How long a session lookup is kept in memory (session-cache.ts; SESSION_CACHE_MS unless told). */
  sessionCacheMs?: number;
}

/**
 * What one start does once, before any request: the first company and admin on an empty database, the
 * system accounts, the demo data on a fresh demo database. buildApp calls it;
 * with several processes the primary calls it once, before forking the workers (cluster.ts).
 */
export async function prepareDatabase(database: OpenDb, config: Config): Promise<BootstrapResult> {
  const bootstrap = await bootstrapDatabase(database.db, config.adminPassword);
  await ensureAllSystemAccounts(database.db);
  if (config.demo && bootstrap.created) await seedDemo(database.db);
  return bootstrap;
}

/** A worker's app did not bootstrap: its primary printed what there was to print. */
const NOTHING_BOOTSTRAPPED: BootstrapResult = { generatedAdminPassword: null, created: false };

/** The whole server: plugins, then modules. main.ts only starts it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDb(config.database, { migrate: !options.worker }));
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: { err: safeErrSerializer, req: safeReqSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    // A request that reaches a closing server on a connection it already accepted is served (with
    // `connection: close`, below), not refused with a 503: in a rolling restart (cluster.ts) the old
    // worker may be handed a connection just before it stops listening.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  try {
    // Bounds every route gets without declaring them (lib/input-guard.ts).
    app.setValidatorCompiler(guardedValidatorCompiler);
    app.addHook('onRequest', refuseNulInHeaders);
    app.addHook('preValidation', refuseNul);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate('database', database);
    // The reports' replica failing (REPORTS_DATABASE_URL) is a warning in this app's log.
    database.onReportsWarning((message, err) => app.log.warn({ err }, message));
    if (!options.database) app.addHook('onClose', async () => database.close());

    // Graceful stop: requests in flight finish, and their keep-alive sockets are closed as soon as
    // they go idle, so a browser's open connection does not hold the shutdown up.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
      const sweep = setInterval(() => app.server.closeIdleConnections?.(), 50);
      sweep.unref();
      app.server.once('close', () => clearInterval(sweep));
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      // The server's own time for the request, which the browser shows beside the request's whole
      // time (the screen bench reads it: bench/web/screens.ts).
      reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(1)}`);
      return payload;
    });

    const bootstrap = options.worker ? NOTHING_BOOTSTRAPPED : await prepareDatabase(database, config);
    app.decorate('bootstrap', bootstrap);
    const links = await loadFileLinks(database.db);

    await app.register(errors, { uploadMaxBytes: config.uploadMaxBytes });
    await app.register(security);
    // The session lookups kept a moment in memory; on PostgreSQL every process hears the changes
    // (session-cache.ts). Ready before the first request: until its listener listens it keeps nothing.
    const sessionCache = new SessionCache<FoundSession>({
      listenUrl: database.url,
      ttlMs: options.sessionCacheMs,
    });
    await sessionCache.listen((err) => app.log.warn({ err }, 'session change listener lost'));
    attachSessionCache(database.db, sessionCache);
    app.addHook('onClose', async () => {
      detachSessionCache(database.db, sessionCache);
      await sessionCache.close();
    });
    await app.register(access, { db: database.db, config, sessionCache });
    await app.register(idempotency, { db: database.db, sweep: !options.worker });
    await app.register(audit, { strict: options.auditStrict ?? false });
    await app.register(multipart, {
      limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, parts: 12 },
    });
    await app.register(swagger, {
      openapi: {
        info: { title: 'Pledge Desk API', version: APP_VERSION },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
        security: [{ bearer: [] }],
      },
      transform: jsonSchemaTransform,
    });

    await app.register(
      async (api) => {
        api.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
          app.swagger(),
        );
        await api.register(scalar, {
          routePrefix: '/docs',
          configuration: { url: '/api/openapi.json', title: 'Pledge Desk API' },
        });
        const deps = { db: database.db, reportsDb: database.reportsDb, database, config, links };
        for (const mod of apiModules) await api.register(mod, deps);
      },
      { prefix: '/api' },
    );

    await registerWebApp(app, config.webDist);
    return app;
  } catch (err) {
    await app.close().catch(() => {});
    if (!options.database) await database.close().catch(() => {});
    throw err;
  }
}

/** The built web app at `/`, when it exists (`npm start` builds it first). */
async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: the build writes .br and .gz beside each file (apps/web/vite.config.ts).
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: ['index.html'],
      wildcard: false,
      preCompressed: true,
    });
    return;
  }
  app.get('/', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send('Pledge Desk: the web app is not built. Run `npm run build`, or start with `npm start`.'),
  );
}
