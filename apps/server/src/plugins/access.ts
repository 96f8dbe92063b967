import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Db } from '../db/open-db.ts';
import { AppError } from '../lib/app-error.ts';
import { MAX_ID } from '../lib/input-guard.ts';
import { SessionCache } from '../modules/auth/session-cache.ts';
import {
  type FoundSession,
  findSessionByToken,
  touchSessionWithoutDiskWait,
} from '../modules/auth/sessions.repository.ts';
import { findCompanyById } from '../modules/companies/companies.repository.ts';

/** How stale a session's idle clock may get: far below the shortest idle limit (one minute). */
export const TOUCH_EVERY_MS = 5_000;

import {
  type Access,
  PERMISSION_REFUSALS,
  type Permission,
  permissionsFor,
  type Role,
} from './permissions.ts';

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  companyId: number;
  createdAt: string;
  permissions: Permission[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every route whose access is not 'public'. */
    user: AuthUser | null;
    sessionId: number | null;
    /** The company the request acts for (X-Company-Id, checked), or the user's own. */
    companyId: number;
  }
}

/** Routes registered by plugins (API reference) that are public without saying so. */
const implicitlyPublic = [/^\/api\/docs(\/|$)/, /^\/api\/openapi\.json$/];

const notAuthenticated = () =>
  new AppError('NOT_AUTHENTICATED', 401, 'Not authenticated. Please sign in.', undefined, {
    'www-authenticate': 'Bearer',
  });

/**
 * Sign-in, permission and company scope on every route (docs/domain-rules.md §7). Runs at onRequest,
 * before the body is read, so a stranger's upload is refused without being parsed.
 */
async function accessPlugin(
  app: FastifyInstance,
  opts: { db: Db; config: Config; sessionCache?: SessionCache<FoundSession> },
) {
  const { db, config } = opts;
  const accessOf = new Map<string, Access>();
  // Without one given (a test's app on its own), a cache that keeps nothing for longer than 0 ms.
  const cache = opts.sessionCache ?? new SessionCache<FoundSession>({ listenUrl: null, ttlMs: 0 });

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('companyId', 0);

  // A route that forgets to say who may call it does not start: no route is open by accident.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api')) return;
    const access = route.config?.access ?? (implicitlyPublic.some((r) => r.test(url)) ? 'public' : undefined);
    if (!access) throw new Error(`Route ${String(route.method)} ${url} does not declare config.access`);
    for (const m of [route.method].flat()) accessOf.set(`${m} ${url}`, access);
  });
  app.decorate('routeAccess', () => new Map(accessOf));

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url?.startsWith('/api')) return;
    const access =
      request.routeOptions.config.access ??
      (implicitlyPublic.some((r) => r.test(url)) ? 'public' : undefined);
    if (access === 'public' || access === undefined) return;

    const user = await authenticate(request);
    if (access !== 'signed-in' && !user.permissions.includes(access)) {
      const refusals: Partial<Record<Permission, string>> = PERMISSION_REFUSALS;
      throw new AppError('FORBIDDEN', 403, refusals[access] ?? 'You do not have permission to do this.');
    }
    request.companyId = await resolveCompany(request, user);
  });

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw notAuthenticated();
    const token = match[1];
    const now = Date.now();
    // From memory when looked up in the last SESSION_CACHE_MS and its idle clock is fresh (nothing to
    // write): a change of the user's sessions is forgotten by every process before it is answered
    // (session-cache.ts). Otherwise from the database, as always.
    const cached = cache.get(token, now);
    const fresh = cached && now - cached.session.lastSeenAt.getTime() < TOUCH_EVERY_MS ? cached : undefined;
    const readAt = cache.version();
    const found = fresh ?? (await findSessionByToken(db, token));
    if (!found || found.session.revokedAt || found.session.expiresAt.getTime() <= now) {
      cache.drop(token);
      throw new AppError('SESSION_EXPIRED', 401, 'Your session has ended. Please sign in again.', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    const idleMs = config.sessionIdleMinutes * 60_000;
    if (now - found.session.lastSeenAt.getTime() > idleMs) {
      throw new AppError(
        'SESSION_IDLE',
        401,
        'You were signed out after a period of inactivity. Please sign in again.',
        undefined,
        {
          'www-authenticate': 'Bearer',
        },
      );
    }
    // Every use moves the idle clock, so the check above reads the last use to within TOUCH_EVERY_MS
    // (a write only once a minute let a session used every 30 s die under
    // SESSION_IDLE_MINUTES=1; five seconds early at worst cannot). A burst of requests (a screen's
    // loads, a counter's payments) writes the row once. Without a disk wait (withoutDiskWait): a clock
    // lost to a crash only makes the session look idle a little early.
    if (now - found.session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await touchSessionWithoutDiskWait(db, found.session.id);
      found.session.lastSeenAt = new Date(now);
    }
    if (!fresh) cache.put(token, found, found.user.id, readAt, now);
    const u = found.user;
    const user: AuthUser = {
      id: u.id,
      username: u.username,
      email: u.email,
      role: u.role as Role,
      companyId: u.companyId,
      createdAt: u.createdAt,
      permissions: permissionsFor(u.role as Role, config.staffCanHandlePledges),
    };
    request.user = user;
    request.sessionId = found.session.id;
    return user;
  }

  async function resolveCompany(request: FastifyRequest, user: AuthUser): Promise<number> {
    const raw = request.headers['x-company-id'];
    if (raw === undefined || raw === '') return user.companyId;
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (!value || !/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > MAX_ID) {
      throw new AppError('BAD_COMPANY_HEADER', 400, 'X-Company-Id must be a company number.');
    }
    const companyId = Number(value);
    if (companyId === user.companyId) return companyId;
    if (user.role !== 'admin') {
      throw new AppError('COMPANY_FORBIDDEN', 403, 'You cannot use this company.');
    }
    if (cache.hasCompany(companyId)) return companyId;
    if (!(await findCompanyById(db, companyId))) throw AppError.notFound('Company');
    cache.putCompany(companyId);
    return companyId;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route and what it needs, for the permission matrix test. */
    routeAccess(): Map<string, Access>;
  }
}

export default fp(accessPlugin, { name: 'access' });
