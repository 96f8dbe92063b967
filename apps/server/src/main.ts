import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/open-db.ts';
import { DEMO_CLERK_PASSWORD } from './seed/demo.ts';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);

  if (app.bootstrap.generatedAdminPassword) {
    // Printed once, on the first start only; it is not stored anywhere in clear.
    console.log(
      `\n  First start: created company "Main Branch" and user "admin".\n` +
        `  Admin password: ${app.bootstrap.generatedAdminPassword}\n` +
        `  Write it down now; it will not be shown again. Change it after signing in.\n`,
    );
  }

  if (config.demo && app.bootstrap.created) {
    console.log(
      `\n  Demo data loaded. Sign in as "admin" (password: ${config.adminPassword ?? app.bootstrap.generatedAdminPassword})` +
        ` or as the staff user "clerk" (password: ${DEMO_CLERK_PASSWORD}).\n`,
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, then closing the database');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(`Pledge Desk is running at http://${shown}:${port}  (database: ${where})`);
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
