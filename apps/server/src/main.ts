import cluster from 'node:cluster';
import path from 'node:path';
import { buildApp } from './app.ts';
import { runPrimary, runWorker } from './cluster.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseLockedError } from './db/open-db.ts';
import { answerBackupRequests } from './modules/backups/backup-requests.ts';
import { backupSettings, startBackupSchedule } from './modules/backups/backup-schedule.ts';
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

  // Backups on BACKUP_AT and after each day close, and `npm run backup`'s requests (SIGUSR2).
  const settings = backupSettings(config);
  const backupLog = (level: 'info' | 'error', message: string) => app.log[level](message);
  startBackupSchedule(() => app.database, settings, backupLog);
  const dataRoot = config.database.dataDir ? path.dirname(config.database.dataDir) : null;
  if (dataRoot) {
    process.on('SIGUSR2', () => {
      answerBackupRequests(dataRoot, app.database, settings, backupLog).catch((err: unknown) =>
        app.log.error({ err }, 'backup request failed'),
      );
    });
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DatabaseLockedError || err instanceof ListenError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
});
