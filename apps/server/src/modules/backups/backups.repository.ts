import { desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-db.ts';
import { rowsOf } from '../../db/rows.ts';
import { backupRuns } from '../../db/schema/index.ts';

export type BackupRunRow = typeof backupRuns.$inferSelect;

/** The first branch's name (the installation's, in backup file names), or null on an empty database. */
export async function firstCompanyName(db: DbOrTx): Promise<string | null> {
  const [first] = rowsOf<{ company_name: string }>(
    await db.execute(sql`select company_name from companies order by id limit 1`),
  );
  return first?.company_name ?? null;
}

/** A run begun: 'running', its id. */
export async function insertRun(db: DbOrTx, trigger: string, folder: string): Promise<number> {
  const [created] = await db.insert(backupRuns).values({ trigger, status: 'running', folder }).returning();
  return (created as BackupRunRow).id;
}

/** A run ended, good or failed, now. */
export async function finishRun(
  db: DbOrTx,
  id: number,
  values: Partial<Omit<BackupRunRow, 'id' | 'startedAt' | 'finishedAt'>>,
): Promise<BackupRunRow> {
  const [row] = await db
    .update(backupRuns)
    .set({ ...values, finishedAt: sql`now()` })
    .where(eq(backupRuns.id, id))
    .returning();
  return row as BackupRunRow;
}

/** Every run still 'running': failed, interrupted (the caller holds the backup lock). */
export async function markRunningFailed(db: DbOrTx): Promise<void> {
  await db
    .update(backupRuns)
    .set({
      status: 'failed',
      finishedAt: sql`now()`,
      reasonCode: 'backups.failed.interrupted',
      reasonParams: {},
    })
    .where(eq(backupRuns.status, 'running'));
}

export function newestRuns(db: DbOrTx, limit: number): Promise<BackupRunRow[]> {
  return db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(limit);
}

export async function newestGoodRun(db: DbOrTx): Promise<BackupRunRow | null> {
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.status, 'good'))
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1);
  return row ?? null;
}

/** When the newest backup started and the newest day close happened (the schedule's look). */
export async function lastStartAndClose(
  db: DbOrTx,
): Promise<{ lastStarted: Date | null; lastClose: Date | null }> {
  const [row] = rowsOf<{ last_started: string | null; last_close: string | null }>(
    await db.execute(sql`select
        (select max(started_at) from backup_runs) as last_started,
        (select max(closed_at) from business_days) as last_close`),
  );
  return {
    lastStarted: row?.last_started ? new Date(row.last_started) : null,
    lastClose: row?.last_close ? new Date(row.last_close) : null,
  };
}
