// Several server processes on one port, for PostgreSQL only: the embedded database is
// opened by one process (main.ts keeps it in one).
//
// The primary does what must happen once: it applies the migrations, creates the first company and
// admin on an empty database (printing the password), loads the demo data, and runs the periodic jobs
// (the idempotency key sweep). Then it forks WORKERS processes that build the app without any of that
// and listen on the shared port (node:cluster hands each connection to one of them). A worker keeps no
// state between requests: sessions, throttling, idempotency keys and files are in the database.
//
// SIGHUP: a rolling restart. The primary applies any new migrations, then replaces the workers one at a
// time: it forks the new one, waits until it listens, and only then asks the old one to stop, which
// finishes its requests in flight. SIGTERM or SIGINT: every worker stops that way, then the primary
// exits 0. A worker that dies on its own is replaced, later each time it keeps dying (back-off).
import { spawn } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, prepareDatabase } from './app.ts';
import type { Config } from './config.ts';
import { type OpenDb, openDb } from './db/open-db.ts';
import { REPO_DIR, RUNNING_FROM_BUILD } from './lib/paths.ts';
import {
  type BackupSchedule,
  backupSettings,
  startBackupSchedule,
} from './modules/backups/backup-schedule.ts';
import { IDEMPOTENCY_SWEEP_MS, sweepIdempotencyKeys } from './plugins/idempotency.ts';
import { exitIfShutdownHangs, listenOrExplain, printFirstStart, runningAt } from './serve.ts';

/**
 * `scripts/build-server.mjs --if-stale --no-empty-database` (PostgreSQL has no use for it) in a child process: the primary keeps handing connections to
 * the workers while it runs.
 */
function rebuildServerWhenStale(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(REPO_DIR, 'scripts/build-server.mjs'), '--if-stale', '--no-empty-database'],
      {
        cwd: REPO_DIR,
        stdio: ['ignore', 'inherit', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (b) => {
      stderr += b;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(stderr.trim() || `exit ${code}`)),
    );
  });
}

// The stop of a worker, between it and the primary: STOP (primary: stop listening, finish what is in
// flight), CLOSED (worker: done), EXIT (primary: you may go), BYE (worker: going). See drainAndClose.
const STOP_MESSAGE = 'pledge-desk:stop';
const CLOSED_MESSAGE = 'pledge-desk:closed';
const EXIT_MESSAGE = 'pledge-desk:exit';
const BYE_MESSAGE = 'pledge-desk:bye';
/** How long a stopping worker keeps the connections it was handed before closing idle ones. */
const DRAIN_MS = 1_000;
/** A worker that has not exited this long after being told to stop is killed. */
const STOP_TIMEOUT_MS = 20_000;
/** The first replacement after a crash waits this long, each further crash within a minute twice as long. */
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
const CRASH_WINDOW_MS = 60_000;

/**
 * How long to wait before replacing a worker, given when the crashes happened (a worker that died, or
 * a replacement that did not start): 1 s after one crash in the last minute, twice as long for each
 * more, at most 30 s.
 */
export function replacementDelayMs(crashTimes: readonly number[], now: number): number {
  const recent = crashTimes.filter((t) => now - t < CRASH_WINDOW_MS).length;
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, recent - 1));
}

// The primary's own log lines, in the shape of the workers' (JSON lines on stdout, pino's levels).
const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
type LogLevel = 'info' | 'warn' | 'error';

function primaryLogger(level: string) {
  const threshold = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const hostname = os.hostname();
  return (at: LogLevel, fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[at] < threshold) return;
    const line = {
      level: LEVELS[at],
      time: Date.now(),
      pid: process.pid,
      hostname,
      role: 'primary',
      ...fields,
      msg,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}

/** A log field for an error that says what happened without a stack or a query's parameters. */
function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export async function runPrimary(config: Config): Promise<void> {
  const log = primaryLogger(config.logLevel);
  const count = config.workers;

  // The one-time work, before any worker exists.
  let database: OpenDb = await openDb(config.database);
  try {
    printFirstStart(config, await prepareDatabase(database, config));
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
  const sweeper = setInterval(() => {
    sweepIdempotencyKeys(database.db).catch((err: unknown) =>
      log('warn', { err: errorText(err) }, 'idempotency key sweep failed'),
    );
  }, IDEMPOTENCY_SWEEP_MS);

  // Workers run this same entry (main.ts) with the same runtime flags (tsx) and environment.
  cluster.setupPrimary({ silent: false });

  /** Every worker alive, and those of them that listen (serve). */
  const alive = new Set<Worker>();
  const serving = new Set<Worker>();
  /** Workers the primary asked to stop: their exit is expected. */
  const retiring = new Set<Worker>();
  let stopping = false;
  let restarting = false;
  let port = config.port;
  let crashes: number[] = [];
  let replacement: NodeJS.Timeout | null = null;

  /** Forks a worker; resolves with it once it listens, or with null when it exits before. */
  const startWorker = (): Promise<Worker | null> => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.on('message', (message) => {
      if (message === CLOSED_MESSAGE && worker.isConnected()) worker.send(EXIT_MESSAGE);
    });
    return new Promise((resolve) => {
      const onListening = (address: { port: number }) => {
        worker.off('exit', onEarlyExit);
        port = address.port;
        serving.add(worker);
        log('info', { worker: worker.process.pid }, 'worker listening');
        resolve(worker);
      };
      const onEarlyExit = () => {
        worker.off('listening', onListening);
        resolve(null);
      };
      worker.once('listening', onListening);
      worker.once('exit', onEarlyExit);
    });
  };

  /** Asks a worker to finish its requests and exit; resolves when it has. */
  const retire = (worker: Worker): Promise<void> =>
    new Promise((resolve) => {
      retiring.add(worker);
      if (worker.isDead()) {
        resolve();
        return;
      }
      const kill = setTimeout(() => {
        log('error', { worker: worker.process.pid }, 'worker did not stop in time; killing it');
        worker.process.kill('SIGKILL');
      }, STOP_TIMEOUT_MS);
      worker.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      if (worker.isConnected())
        worker.send(STOP_MESSAGE, (err: Error | null) => err && worker.process.kill('SIGTERM'));
      else worker.process.kill('SIGTERM');
    });

  /** Workers that died on their own and are not replaced yet. */
  let missing = 0;
  let replacing = false;
  /**
   * Starts the replacements one at a time, each after a wait that doubles with every crash in the last
   * minute (a worker that dies, or a replacement that does not start), so a crash loop does not spin.
   */
  const replaceLater = () => {
    if (stopping || replacing || missing === 0) return;
    replacing = true;
    const now = Date.now();
    crashes = crashes.filter((t) => now - t < CRASH_WINDOW_MS);
    const delay = replacementDelayMs(crashes, now);
    log('warn', { in_ms: delay, missing }, 'starting a replacement worker');
    replacement = setTimeout(async () => {
      replacement = null;
      if (stopping) return;
      const worker = await startWorker();
      if (worker) missing -= 1;
      else crashes.push(Date.now());
      replacing = false;
      replaceLater();
    }, delay);
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    const wasServing = serving.delete(worker);
    if (retiring.delete(worker)) {
      log('info', { worker: worker.process.pid, code }, 'worker stopped');
      return;
    }
    if (stopping) return;
    log('error', { worker: worker.process.pid, code, signal }, 'worker exited unexpectedly');
    // One that never listened is its starter's to handle (startup, restart, or replaceLater).
    if (!wasServing) return;
    missing += 1;
    crashes.push(Date.now());
    replaceLater();
  });

  let schedule: BackupSchedule | null = null;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', { signal }, 'stopping: each worker finishes its requests');
    if (replacement) clearTimeout(replacement);
    clearInterval(sweeper);
    schedule?.stop();
    await Promise.all([...alive].map(retire));
    await database.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  let running = false;
  const rollingRestart = async () => {
    if (!running) {
      log('warn', {}, 'SIGHUP ignored: the workers are still starting');
      return;
    }
    if (stopping || restarting) return;
    restarting = true;
    try {
      log('info', { workers: count }, 'rolling restart: replacing the workers one by one');
      // Under `npm start` the new workers load the build: brought up to date with the sources first,
      // so they run the code on disk as they did when the server ran its TypeScript.
      if (RUNNING_FROM_BUILD) {
        try {
          await rebuildServerWhenStale();
        } catch (err) {
          log('error', { err: errorText(err) }, 'rolling restart abandoned: the server did not build');
          return;
        }
      }
      // New migrations first, as a start would apply them (reopening applies what is pending).
      try {
        const reopened = await openDb(config.database);
        const previous = database;
        database = reopened;
        await previous.close().catch(() => {});
      } catch (err) {
        log('error', { err: errorText(err) }, 'rolling restart abandoned: the migrations failed');
        return;
      }
      for (const old of [...serving]) {
        if (stopping) return;
        if (!serving.has(old)) continue; // died meanwhile, and is being replaced
        const fresh = await startWorker();
        if (!fresh) {
          if (stopping) return;
          log('error', {}, 'rolling restart abandoned: a new worker did not start; the others keep serving');
          return;
        }
        await retire(old);
      }
      log('info', { workers: [...serving].map((w) => w.process.pid) }, 'rolling restart done');
    } finally {
      restarting = false;
    }
  };
  process.on('SIGHUP', () => void rollingRestart());

  const started = await Promise.all(Array.from({ length: count }, startWorker));
  if (started.some((w) => w === null)) {
    console.error('\nA server process could not start (its error is above); stopping.\n');
    stopping = true;
    clearInterval(sweeper);
    await Promise.all([...alive].map(retire));
    await database.close().catch(() => {});
    process.exit(1);
  }
  running = true;
  console.log(runningAt(config, port, `${count} server process${count === 1 ? '' : 'es'}`));
  // Backups on BACKUP_AT and after each day close (a worker's day close is seen by the next look).
  schedule = startBackupSchedule(
    () => database,
    backupSettings(config),
    (level, message) => log(level, {}, message),
  );
}

export async function runWorker(config: Config): Promise<void> {
  let stop: ((reason: string) => void) | null = null;
  process.on('message', (message) => {
    if (message === STOP_MESSAGE) {
      // Told to stop before it listens: nothing is in flight.
      if (stop) stop('primary');
      else process.exit(0);
    } else if (message === EXIT_MESSAGE) {
      // The callback runs once this message is written, and so every message before it (a connection
      // handed back to the primary among them).
      process.send?.(BYE_MESSAGE, () => process.exit(0));
    }
  });
  // A terminal's hang-up reaches the whole process group; restarts are the primary's to run.
  process.on('SIGHUP', () => {});

  const app = await buildApp(config, { worker: true });
  let stopping = false;
  stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    void drainAndClose(app, reason);
  };
  process.on('SIGTERM', () => stop?.('SIGTERM'));
  process.on('SIGINT', () => stop?.('SIGINT'));
  await listenOrExplain(app, config);
}

/**
 * A worker's graceful stop. It stops listening first and leaves its connections alone for DRAIN_MS: a
 * connection the primary handed over just before carries a request not read yet, and Node counts such
 * a connection idle, so closing the server at once (http's close() closes idle connections) would
 * reset it. Then app.close() finishes the requests in flight and closes the database. The worker exits
 * when the primary says so (EXIT_MESSAGE, after CLOSED_MESSAGE): a connection the primary was handing
 * over meanwhile comes first on the channel and is handed back to it, not lost with the process.
 */
async function drainAndClose(app: FastifyInstance, reason: string): Promise<void> {
  app.log.info(
    { reason },
    'shutting down: no new connections; finishing requests, then closing the database',
  );
  exitIfShutdownHangs(app);
  try {
    net.Server.prototype.close.call(app.server);
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
    await app.close();
  } catch (err) {
    app.log.error({ err }, 'error while shutting down');
    process.exit(1);
  }
  if (process.connected && process.send) process.send(CLOSED_MESSAGE);
  else process.exit(0);
}
