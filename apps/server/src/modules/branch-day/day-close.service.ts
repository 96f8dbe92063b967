import type { Db, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { lockDayExclusive } from '../vouchers/day-guard.ts';
import {
  findBusinessDay,
  findOpenDrawerUsers,
  insertDayEvent,
  markDayReopened,
  upsertClosedDay,
} from './branch-day.repository.ts';
import { BRANCH_DAY_MESSAGES, type DayActor } from './branch-day-shared.ts';

// Closing a business day and reopening it (docs/domain-rules.md §9.3).

/** 422 on the path's date when it is after today (a day not yet come cannot be closed or reopened). */
function assertNotFuture(date: string, today: string): void {
  if (date > today) {
    const msg = BRANCH_DAY_MESSAGES.futureDate;
    throw new AppError('VALIDATION', 422, msg, [{ loc: ['path', 'date'], msg, type: 'value_error' }]);
  }
}

/** A business day's row as the audit trail keeps it (null: never closed before). */
const daySnapshot = (tx: Tx, companyId: number, date: string) =>
  rowSnapshot(tx, 'business_days', companyId, date, 'business_date');

/**
 * Closes a day (POST /days/{date}/close) under the day's exclusive lock, which waits for every voucher
 * and drawer of the day still being written: 409 DRAWERS_OPEN naming the users whose drawers are open,
 * 409 DAY_ALREADY_CLOSED; else the day is closed and the close kept as an event.
 */
export async function closeDay(db: Db, actor: DayActor, date: string, remarks: string | null): Promise<void> {
  assertNotFuture(date, actor.today);
  await db.transaction(async (tx) => {
    await lockDayExclusive(tx, actor.companyId, date);
    const day = await findBusinessDay(tx, actor.companyId, date);
    if (day?.status === 'closed') {
      throw AppError.conflict('DAY_ALREADY_CLOSED', BRANCH_DAY_MESSAGES.dayAlreadyClosed(date));
    }
    const open = await findOpenDrawerUsers(tx, actor.companyId, date);
    if (open.length > 0) throw AppError.conflict('DRAWERS_OPEN', BRANCH_DAY_MESSAGES.drawersOpen(open));
    const before = await daySnapshot(tx, actor.companyId, date);
    await upsertClosedDay(tx, actor.companyId, date, actor.userId);
    await insertDayEvent(tx, {
      companyId: actor.companyId,
      businessDate: date,
      action: 'close',
      reason: remarks,
      userId: actor.userId,
    });
    const after = await daySnapshot(tx, actor.companyId, date);
    await recordAudit(tx, {
      action: 'close',
      entity: 'business_day',
      entityId: date,
      before,
      after,
      reason: remarks,
    });
  });
}

/** Reopens a closed day (POST /days/{date}/reopen) with its reason kept; 409 DAY_NOT_CLOSED otherwise. */
export async function reopenDay(db: Db, actor: DayActor, date: string, reason: string): Promise<void> {
  assertNotFuture(date, actor.today);
  await db.transaction(async (tx) => {
    await lockDayExclusive(tx, actor.companyId, date);
    const day = await findBusinessDay(tx, actor.companyId, date);
    if (day?.status !== 'closed') {
      throw AppError.conflict('DAY_NOT_CLOSED', BRANCH_DAY_MESSAGES.dayNotClosed(date));
    }
    const before = await daySnapshot(tx, actor.companyId, date);
    await markDayReopened(tx, actor.companyId, date, actor.userId, reason);
    await insertDayEvent(tx, {
      companyId: actor.companyId,
      businessDate: date,
      action: 'reopen',
      reason,
      userId: actor.userId,
    });
    const after = await daySnapshot(tx, actor.companyId, date);
    await recordAudit(tx, {
      action: 'reopen',
      entity: 'business_day',
      entityId: date,
      before,
      after,
      reason,
    });
  });
}
