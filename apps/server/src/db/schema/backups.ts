import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every backup the server or `npm run backup` took (modules/backups): when, why, the file it wrote
 * and whether its copy was restored and checked (status 'good') or what stopped it ('failed', with the
 * sentence code of what to do). Of the whole installation, not of a branch: a backup holds every
 * branch of the database.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    /** schedule (BACKUP_AT), day_close, manual (an admin's button), command (`npm run backup`). */
    trigger: text('trigger').notNull(),
    /** running, good, failed. */
    status: text('status').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'string' }),
    folder: text('folder').notNull(),
    fileName: text('file_name'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** From the start to the checked file in place. */
    durationMs: integer('duration_ms'),
    /** Of that, restoring the copy into a scratch database and checking it. */
    verifyMs: integer('verify_ms'),
    /** What went wrong, as a server sentence (packages/domain SENTENCES) and its values. */
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params'),
    /** Each table's rows at the copy, as the copy was checked against. */
    counts: jsonb('counts'),
  },
  (t) => [index('backup_runs_started_idx').on(t.startedAt)],
);
