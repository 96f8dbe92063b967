import type { Translate } from '@/lib/i18n/catalogue';
import type { BackupRun, Backups } from '../api/get-backups';
import type { backupAttentionText } from './i18n';

type AttentionKey = keyof (typeof backupAttentionText)['en'];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long ago `instant` was, in whole minutes (at least 1) below an hour, hours below two days, days
 * after: "3 hours", "27 hours", "3 days". Null for an unreadable instant.
 */
export function backupAge(
  t: Translate<AttentionKey>,
  instant: string,
  now: number = Date.now(),
): string | null {
  const at = new Date(instant).getTime();
  if (Number.isNaN(at)) return null;
  const elapsed = Math.max(0, now - at);
  if (elapsed < HOUR) return t('ageMinutes', { count: Math.max(1, Math.floor(elapsed / MINUTE)) });
  if (elapsed < 48 * HOUR) return t('ageHours', { count: Math.floor(elapsed / HOUR) });
  return t('ageDays', { count: Math.floor(elapsed / (24 * HOUR)) });
}

/** When a backup was done: its end, or its start while it has none. */
export const runInstant = (run: BackupRun) => run.finished_at ?? run.started_at;

/** The newest backup that has finished (good or failed), if any. */
export const latestFinished = (backups: Backups) => backups.runs.find((run) => run.status !== 'running');

type MessageText = (
  text: string,
  code?: string | null,
  params?: Readonly<Record<string, string>> | null,
) => string;

/**
 * Why the last backup failed, in the reader's language: the failed run's reason by its code (a code
 * without Tamil yet shows the server's English), else the server's attention sentence.
 */
export function failureReason(backups: Backups, messageText: MessageText): string {
  const run = latestFinished(backups);
  if (run?.status === 'failed' && run.reason) {
    return messageText(run.reason, run.reason_code, run.reason_params);
  }
  const attention = backups.attention;
  return attention ? messageText(attention.message, attention.message_code, attention.message_params) : '';
}
