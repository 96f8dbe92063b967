import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../db/open-db.ts';

// A short-lived per-process cache of the session lookup the access plugin makes on every request (the
// session by its token's hash, with its user), and of the companies an admin's X-Company-Id names.
//
// A sign-out, a password or role change and a user's deletion must still end the session at once, on
// every process. The transaction that makes such a change announces it (announceSessionChange in
// sessions.repository.ts: NOTIFY on SESSION_CHANNEL, sent by PostgreSQL only if it commits); after the
// commit the service calls sessionChanged, which forgets the user here and, on PostgreSQL, waits until
// this process's listener has heard the notification, which PostgreSQL sent to every process's listener
// at the same moment (each forgets the user on hearing it). Only then is the change answered; the next
// request reaches another process after that answer has gone to the client and back, well after the
// notification reached it.
//
// A lookup read from the database is kept only if no change was heard while it was read (the cache's
// version, bumped by every forget): a read that began before a change committed cannot be put back after
// it. On PostgreSQL nothing is kept while the listener is not connected (first connection, or lost and
// not yet back), so a notification missed is never a session kept. On PGlite the database is one
// process's (lock-file.ts): forgetting here is all it takes.

/** How long a looked-up session may be answered from memory. */
export const SESSION_CACHE_MS = 2_000;
/** The NOTIFY channel of session changes; the payload is `<user id>:<nonce>`. */
export const SESSION_CHANNEL = 'pledge_desk_sessions';
/** How long sessionChanged waits for this process's listener to hear the change before answering anyway. */
const HEARD_WAIT_MS = 2_000;

interface Entry<T> {
  value: T;
  userId: number;
  at: number;
}

/** Every cache of this process (the tests run several apps, each with its own, in one process). */
const all = new Set<SessionCache<unknown>>();

export class SessionCache<T> {
  #entries = new Map<string, Entry<T>>();
  #companies = new Map<number, number>();
  /** Bumped by every change heard: a lookup read across one is not kept. */
  #version = 0;
  /** False on PostgreSQL while the listener is not listening: nothing is kept, nothing answered. */
  #live: boolean;
  #waiting = new Map<string, () => void>();
  /** Nonces heard before their sessionChanged asked (the notification can overtake the commit's return). */
  #heard = new Map<string, number>();
  #listener: pg.Client | null = null;
  #closed = false;
  #url: string | null;

  constructor(options: { listenUrl: string | null; ttlMs?: number }) {
    all.add(this as SessionCache<unknown>);
    this.#url = options.listenUrl;
    this.#live = options.listenUrl === null;
    this.ttlMs = options.ttlMs ?? SESSION_CACHE_MS;
  }

  readonly ttlMs: number;

  /** The version to hand back to `put`: take it before reading the database. */
  version(): number {
    return this.#version;
  }

  get(key: string, now = Date.now()): T | undefined {
    if (!this.#live) return undefined;
    const e = this.#entries.get(key);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Keeps a lookup read since `version()` answered `readAt`, unless a change was heard meanwhile. */
  put(key: string, value: T, userId: number, readAt: number, now = Date.now()): void {
    if (!this.#live || readAt !== this.#version) return;
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(key, { value, userId, at: now });
  }

  drop(key: string): void {
    this.#entries.delete(key);
  }

  /** Whether the company is known to exist (read within the last ttlMs). */
  hasCompany(id: number, now = Date.now()): boolean {
    const at = this.#companies.get(id);
    return this.#live && at !== undefined && now - at < this.ttlMs;
  }

  putCompany(id: number, now = Date.now()): void {
    if (this.#live) this.#companies.set(id, now);
  }

  /** Forgets every lookup of a user (null: of everyone). */
  forget(userId: number | null): void {
    this.#version++;
    if (userId === null) {
      this.#entries.clear();
      this.#companies.clear();
      return;
    }
    for (const [key, e] of this.#entries) if (e.userId === userId) this.#entries.delete(key);
  }

  /** Resolves once this cache's listener has heard `nonce` (at once if it has), or after HEARD_WAIT_MS. */
  heard(nonce: string): Promise<void> {
    if (!this.#listener || !this.#live || this.#heard.delete(nonce)) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(nonce);
        resolve();
      }, HEARD_WAIT_MS);
      this.#waiting.set(nonce, () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** The database this cache listens to (null: PGlite, nothing to listen to). */
  get url(): string | null {
    return this.#url;
  }

  /** On PostgreSQL: connects the listener (again after a loss, every second until it is back). */
  async listen(onError: (err: unknown) => void = () => {}): Promise<void> {
    if (this.#url === null || this.#closed) return;
    const client = new pg.Client({ connectionString: this.#url });
    const lost = (err?: unknown) => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#live = false;
      this.forget(null);
      client.end().catch(() => {});
      if (err) onError(err);
      if (!this.#closed) setTimeout(() => this.listen(onError).catch(onError), 1_000).unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel !== SESSION_CHANNEL) return;
      const [user, nonce] = (n.payload ?? '').split(':');
      const id = Number(user);
      this.forget(Number.isInteger(id) && id > 0 ? id : null);
      if (!nonce) return;
      const heard = this.#waiting.get(nonce);
      if (heard) {
        this.#waiting.delete(nonce);
        heard();
        return;
      }
      const now = Date.now();
      for (const [k, at] of this.#heard) if (now - at > HEARD_WAIT_MS * 5) this.#heard.delete(k);
      this.#heard.set(nonce, now);
    });
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`listen ${SESSION_CHANNEL}`);
    } catch (err) {
      lost(err);
      return;
    }
    if (this.#listener === client) {
      // Anything kept before (nothing: not live until now) is dropped, and lookups start being kept.
      this.forget(null);
      this.#live = true;
    }
  }

  async close(): Promise<void> {
    all.delete(this as SessionCache<unknown>);
    this.#closed = true;
    this.#live = false;
    const client = this.#listener;
    this.#listener = null;
    for (const heard of this.#waiting.values()) heard();
    this.#waiting.clear();
    await client?.end().catch(() => {});
  }
}

/** The caches of each database handle (an app's; the tests build many apps in one process). */
const caches = new WeakMap<Db, Set<SessionCache<unknown>>>();

export function attachSessionCache<T>(db: Db, cache: SessionCache<T>): void {
  const set = caches.get(db) ?? new Set();
  set.add(cache as SessionCache<unknown>);
  caches.set(db, set);
}

export function detachSessionCache<T>(db: Db, cache: SessionCache<T>): void {
  caches.get(db)?.delete(cache as SessionCache<unknown>);
}

/** A new nonce for announceSessionChange's notification, to hand to sessionChanged after the commit. */
export const changeNonce = (): string => randomUUID();

/**
 * After the commit of a transaction that announced a change of the user's sessions
 * (announceSessionChange): forgets the user's cached lookups in this process and, on PostgreSQL,
 * waits until every listener of this process has heard the notification, which PostgreSQL sent to every
 * process's listener at the commit. A handle without a cache (a tool, the seed): nothing to forget.
 */
export async function sessionChanged(db: Db, userId: number, nonce: string): Promise<void> {
  const mine = [...(caches.get(db) ?? [])];
  for (const c of mine) c.forget(userId);
  const urls = new Set(mine.map((c) => c.url).filter((u): u is string => u !== null));
  if (urls.size === 0) return;
  await Promise.all([...all].filter((c) => c.url !== null && urls.has(c.url)).map((c) => c.heard(nonce)));
}
