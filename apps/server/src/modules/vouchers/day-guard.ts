import { formatIndianDate } from '@pledge-desk/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/open-db.ts';
import { businessDays, cashDrawers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The guards of the branch's day every voucher passes: a closed day takes no voucher
 * dated on it, and a user's closed drawer takes no more cash of that user dated on its day.
 *
 * Locking (docs/decisions.md, "A closed day and the vouchers racing it"): a voucher holds a SHARED
 * transaction-level advisory lock on (company, date) while it reads the day's status, and the day close
 * takes the same lock EXCLUSIVE before it checks the drawers and writes `closed`. Until the voucher
 * commits, the close waits; once the close has committed, the voucher (waiting on the lock) then reads
 * `closed` (READ COMMITTED: each statement sees what committed before it started). A row lock would not
 * do: a day never closed has no `business_days` row to lock. Vouchers share the lock, so they never wait
 * on each other. The two-int advisory key space is this guard's alone (bootstrap uses the bigint one).
 */

export const DAY_MESSAGES = {
  dayClosed: (date: string) =>
    `The day ${formatIndianDate(date)} is closed. An admin must reopen it before anything is entered on it.`,
  drawerClosed: (date: string) =>
    `This user's cash drawer of ${formatIndianDate(date)} is closed: no more cash can be entered for it on that day.`,
} as const;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date: the second half of the advisory key. */
export function dayNumber(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
}

/** The shared lock of a (company, date): held by whatever writes on the day, until its commit. */
export async function lockDayShared(tx: Tx, companyId: number, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${companyId}::int, ${dayNumber(date)}::int)`);
}

/** The exclusive lock of a (company, date): the day close and reopen; waits for every writer of it. */
export async function lockDayExclusive(tx: Tx, companyId: number, date: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, ${dayNumber(date)}::int)`);
}

/** Whether the day is closed (read under the day's lock, shared or exclusive, held by the caller). */
export async function isDayClosed(tx: Tx, companyId: number, date: string): Promise<boolean> {
  const rows = await tx
    .select({ status: businessDays.status })
    .from(businessDays)
    .where(and(eq(businessDays.companyId, companyId), eq(businessDays.businessDate, date)));
  return rows[0]?.status === 'closed';
}

/** 409 DAY_CLOSED when the day is closed; takes the day's shared lock first. */
export async function assertDayOpen(tx: Tx, companyId: number, date: string): Promise<void> {
  await lockDayShared(tx, companyId, date);
  if (await isDayClosed(tx, companyId, date)) {
    throw AppError.conflict('DAY_CLOSED', DAY_MESSAGES.dayClosed(date));
  }
}

/**
 * 409 DRAWER_CLOSED when the user's drawer of the date is closed. Reads the drawer row FOR SHARE, so a
 * drawer close (FOR UPDATE on the row) either waits for this voucher to commit and counts it, or has
 * committed first and this voucher is refused; a drawer never closes on a sum that misses a voucher.
 * No drawer at all is no refusal (docs/decisions.md: cash needs no open drawer).
 */
export async function assertDrawerNotClosed(
  tx: Tx,
  companyId: number,
  userId: number,
  date: string,
): Promise<void> {
  const rows = await tx
    .select({ status: cashDrawers.status })
    .from(cashDrawers)
    .where(
      and(
        eq(cashDrawers.companyId, companyId),
        eq(cashDrawers.userId, userId),
        eq(cashDrawers.businessDate, date),
      ),
    )
    .for('share');
  if (rows[0]?.status === 'closed') {
    throw AppError.conflict('DRAWER_CLOSED', DAY_MESSAGES.drawerClosed(date));
  }
}
