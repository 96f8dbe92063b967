import type pg from 'pg';

/**
 * The connection pool of the read-only report queries when REPORTS_DATABASE_URL names a streaming
 * replica: each query goes to the replica; when the replica cannot answer (refused, gone,
 * shutting down, still starting, or a query cancelled by a conflict with recovery) that query runs
 * again on the primary, a warning is logged, and the reports stay on the primary for `retryAfterMs`
 * before the replica is tried again. An error of the query itself (bad SQL, a constraint) is not the
 * replica's fault and is thrown as it is.
 *
 * Drizzle takes any client whose class name holds "Pool" for a pool: `query` for a statement,
 * `connect` for a transaction's own connection (a transaction started on the replica stays there; one
 * that cannot start there starts on the primary).
 */
export class ReportsPool {
  readonly #replica: pg.Pool;
  readonly #primary: pg.Pool;
  readonly #warn: (message: string, err: unknown) => void;
  readonly #retryAfterMs: number;
  #downUntil = 0;

  constructor(options: {
    replica: pg.Pool;
    primary: pg.Pool;
    warn: (message: string, err: unknown) => void;
    retryAfterMs?: number;
  }) {
    this.#replica = options.replica;
    this.#primary = options.primary;
    this.#warn = options.warn;
    this.#retryAfterMs = options.retryAfterMs ?? 30_000;
  }

  /** Whether the next report query goes to the replica. */
  get onReplica(): boolean {
    return Date.now() >= this.#downUntil;
  }

  #failed(err: unknown) {
    const wasUp = this.onReplica;
    this.#downUntil = Date.now() + this.#retryAfterMs;
    if (wasUp) {
      this.#warn(
        `reports database (REPORTS_DATABASE_URL) unavailable: reports run on the primary for the next ${Math.round(
          this.#retryAfterMs / 1000,
        )} s`,
        err,
      );
    }
  }

  // Drizzle calls query(text or config, values) and awaits it; the pool's callback forms are not used.
  query(...args: unknown[]): Promise<unknown> {
    const run = (pool: pg.Pool) => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    if (!this.onReplica) return run(this.#primary);
    return run(this.#replica).catch((err: unknown) => {
      if (!replicaUnavailable(err)) throw err;
      this.#failed(err);
      return run(this.#primary);
    });
  }

  async connect(): Promise<pg.PoolClient> {
    if (!this.onReplica) return this.#primary.connect();
    try {
      return await this.#replica.connect();
    } catch (err) {
      if (!replicaUnavailable(err)) throw err;
      this.#failed(err);
      return this.#primary.connect();
    }
  }

  async end(): Promise<void> {
    await this.#replica.end();
  }
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * Whether an error says the replica cannot answer now rather than that the query is wrong: a network
 * error, SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down, crashed, cannot connect
 * now: a standby still starting), 40001 (on a standby: cancelled by a conflict with recovery), or the
 * driver's own messages for a connection that ended or never came.
 */
export function replicaUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || code.startsWith('08')) return true;
    if (code === '57P01' || code === '57P02' || code === '57P03' || code === '40001') return true;
  }
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Connection refused/i.test(
      message,
    )
  );
}
