import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { runPrimary, runWorker } from './cluster.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/open-db.ts';
import { ListenError, listenOrExplain, printFirstStart, runningAt, stopGracefully } from './serve.ts';

async function main() {
  const config = loadConfig();
  // On PostgreSQL: a primary that does the one-time work, then WORKERS processes sharing the port.
  if (config.database.kind === 'postgres') {
    if (cluster.isPrimary) await runPrimary(config);
    else await runWorker(config);
    return;
  }

  // The embedded database is opened by one process only (db/lock-file.ts): one process serves.
  console.log(
    'One server process: the embedded database is opened by one process only (WORKERS applies with DATABASE_URL).',
  );
  const app = await buildApp(config);
  printFirstStart(config, app.bootstrap);
  stopGracefully(app);
  await listenOrExplain(app, config);
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(runningAt(config, port, 'one process'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof ListenError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
