import type { FastifyInstance } from 'fastify';
import type { BootstrapResult } from './bootstrap.ts';
import type { Config } from './config.ts';
import { DEMO_CLERK_PASSWORD } from './seed/demo.ts';

// What a server process says and does at start and stop, whether it runs alone (main.ts, the embedded
// database) or as one of several (cluster.ts, PostgreSQL).

/** The first start's admin password and the demo's sign-ins, printed once. */
export function printFirstStart(config: Config, bootstrap: BootstrapResult): void {
  if (bootstrap.generatedAdminPassword) {
    // Printed once, on the first start only; it is not stored anywhere in clear.
    console.log(
      `\n  First start: created company "Main Branch" and user "admin".\n` +
        `  Admin password: ${bootstrap.generatedAdminPassword}\n` +
        `  Write it down now; it will not be shown again. Change it after signing in.\n`,
    );
  }
  if (config.demo && bootstrap.created) {
    console.log(
      `\n  Demo data loaded. Sign in as "admin" (password: ${config.adminPassword ?? bootstrap.generatedAdminPassword})` +
        ` or as the staff user "clerk" (password: ${DEMO_CLERK_PASSWORD}).\n`,
    );
  }
}

/** The one line that says where the server answers. */
export function runningAt(config: Config, port: number, processes: string): string {
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `Pledge Desk is running at http://${shown}:${port}  (database: ${where}; ${processes})`;
}

/** A server that could not open its port, with what to do about it (printed without a stack trace). */
export class ListenError extends Error {}

/**
 * Listens on the configured host and port. A port taken, a port the user may not open, or a host that
 * is not this machine's becomes a ListenError that says what to do; anything else is thrown as it is.
 * The app (and its database) is closed first, so the embedded database's lock is let go.
 */
export async function listenOrExplain(app: FastifyInstance, config: Config): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const problem = listenProblem(err, config.host, config.port);
    if (!problem) throw err;
    await app.close().catch(() => {});
    throw new ListenError(problem);
  }
}

/** What a person can do about a listen error, or null when it is not one of those. */
export function listenProblem(err: unknown, host: string, port: number): string | null {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'EADDRINUSE') {
    return (
      `Port ${port} on ${host} is already in use (EADDRINUSE): another Pledge Desk, or another program, ` +
      `is listening there. Stop it, or start this one on another port, e.g. PORT=${port === 65535 ? 3000 : port + 1} npm start.`
    );
  }
  if (code === 'EACCES') {
    return (
      `Port ${port} on ${host} may not be opened by this user (EACCES): ports below 1024 need administrator ` +
      'rights. Use a port from 1024 up (PORT=3000), with a reverse proxy in front for port 80 or 443.'
    );
  }
  if (code === 'EADDRNOTAVAIL') {
    return (
      `HOST=${host} is not an address of this machine (EADDRNOTAVAIL). Use 0.0.0.0 for every address, ` +
      'or 127.0.0.1 for this machine only.'
    );
  }
  return null;
}

/** Exits 1 when a shutdown has not finished within 15 s (a request or the database hanging). */
export function exitIfShutdownHangs(app: FastifyInstance): void {
  const timer = setTimeout(() => {
    app.log.error('shutdown took longer than 15 s; exiting');
    process.exit(1);
  }, 15_000);
  timer.unref();
}

/**
 * Stops the app on SIGTERM or SIGINT, or when the returned function is called: requests in flight
 * finish (app.ts closes idle keep-alive connections), the database closes, and the process exits 0, or
 * 1 after 15 s.
 */
export function stopGracefully(app: FastifyInstance): (reason: string) => Promise<void> {
  let closing = false;
  const stop = async (reason: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ reason }, 'shutting down: finishing requests, then closing the database');
    exitIfShutdownHangs(app);
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return stop;
}
