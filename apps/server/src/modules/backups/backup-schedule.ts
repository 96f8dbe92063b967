import type { Config } from '../../config.ts';
import type { OpenDb } from '../../db/open-db.ts';
import { lastStartAndClose } from './backups.repository.ts';
import {
  type BackupSettings,
  type BackupTrigger,
  markInterruptedRuns,
  runBackup,
} from './backups.service.ts';
import { localParts } from './business-clock.ts';

/** The backup settings of a configuration. */
export function backupSettings(config: Config): BackupSettings {
  return { ...config.backup, businessTimeZone: config.businessTimeZone };
}

/** How often the schedule looks whether a backup is due. */
export const SCHEDULE_TICK_MS = 60_000;

/**
 * The latest past moment the clock showed `at` ('HH:MM') in `timeZone`: today's if it has passed,
 * yesterday's otherwise.
 */
export function latestSlot(now: Date, at: string, timeZone: string): Date {
  const [h, m] = at.split(':').map(Number) as [number, number];
  const local = localParts(now, timeZone);
  const guess = Date.UTC(local.year, local.month - 1, local.day, h, m);
  // The instant whose local time is today's h:m: the zone's offset taken at that instant.
  let slot = new Date(guess - offsetMs(new Date(guess), timeZone));
  if (slot > now) slot = new Date(slot.getTime() - 24 * 3_600_000);
  return slot;
}

/** How far the zone's clock is ahead of UTC at `at`. */
function offsetMs(at: Date, timeZone: string): number {
  const p = localParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * What is due now: 'schedule' when no backup started since the latest BACKUP_AT (so a computer that
 * was off at that time backs up when it starts), 'day_close' when a branch closed its day after the
 * latest backup started; null otherwise.
 */
export async function dueBackup(
  database: OpenDb,
  settings: BackupSettings,
  now: Date,
): Promise<BackupTrigger | null> {
  if (!settings.at) return null;
  const { lastStarted, lastClose } = await lastStartAndClose(database.db);
  const slot = latestSlot(now, settings.at, settings.businessTimeZone);
  if (!lastStarted || lastStarted < slot) return 'schedule';
  if (lastClose && lastClose > lastStarted) return 'day_close';
  return null;
}

export interface BackupSchedule {
  stop(): void;
  /** One look now (the tests', and the CLI's request through the running server). */
  tick(): Promise<void>;
}

/**
 * Backs up on BACKUP_AT and after each day close while the server runs: looks every minute. Run by
 * the process that does the periodic jobs (the embedded server's one process; on PostgreSQL the
 * primary, cluster.ts). A failed backup is not retried until the next slot or day close; the admins'
 * banner says it failed.
 */
export function startBackupSchedule(
  currentDatabase: () => OpenDb,
  settings: BackupSettings,
  log: (level: 'info' | 'error', message: string) => void,
): BackupSchedule {
  let stopped = false;
  let busy: Promise<void> | null = null;
  const tick = async () => {
    if (stopped || busy) return busy ?? undefined;
    busy = (async () => {
      try {
        const database = currentDatabase();
        const due = await dueBackup(database, settings, new Date());
        if (due && !stopped) await runBackup(database, settings, due, log);
      } catch (err) {
        // A 409 (another process's backup running) or a database hiccup: the next look tries again.
        log('error', `backup schedule: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        busy = null;
      }
    })();
    return busy;
  };
  const started = markInterruptedRuns(currentDatabase()).then(tick);
  started.catch(() => {});
  const timer = setInterval(() => void tick(), SCHEDULE_TICK_MS);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
    tick,
  };
}
