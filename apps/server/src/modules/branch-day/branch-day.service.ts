import {
  type CloseCashDrawerInput,
  denominationsTotalPaise,
  drawerDifference,
  formatIndianDate,
  formatRupees,
  type OpenCashDrawerInput,
} from '@pledge-desk/domain';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { admitAttempt, admitSucceeded, throttleClock } from '../auth/throttle.ts';
import { voucherSnapshot } from '../daybook/daybook.service.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { DAY_MESSAGES, isDayClosed, lockDayExclusive, lockDayShared } from '../vouchers/day-guard.ts';
import { drawerHeldPaise } from '../vouchers/drawer-guard.ts';
import { DRAWER_SOURCE_KIND, postVoucher } from '../vouchers/vouchers.service.ts';
import {
  type DrawerRecord,
  findBusinessDay,
  findCashMovements,
  findDrawerRecord,
  findOpenDrawerUsers,
  findUserDrawerRecord,
  insertDayEvent,
  insertDrawer,
  lockUserDrawer,
  markDayReopened,
  updateDrawer,
  upsertClosedDay,
} from './branch-day.repository.ts';

export const BRANCH_DAY_MESSAGES = {
  futureDate: 'The business date cannot be after today.',
  drawerAlreadyOpen: (date: string) => `Your cash drawer of ${formatIndianDate(date)} is already open.`,
  drawerAlreadyClosed: (date: string) => `Your cash drawer of ${formatIndianDate(date)} is already closed.`,
  drawerNotOpen: (date: string) =>
    `You have no cash drawer open for ${formatIndianDate(date)}. Open the drawer first.`,
  needsApproval: (differencePaise: number) =>
    `The count differs from the expected cash by ${formatRupees(Math.abs(differencePaise), '₹')} (${differencePaise < 0 ? 'short' : 'over'}): an admin must approve the close. Enter the approving admin's username and password.`,
  approverWrong: 'The approver’s username or password is wrong.',
  tooManyAttempts: (seconds: number) => `Too many wrong approver passwords. Try again in ${seconds} seconds.`,
  drawersOpen: (users: readonly string[]) =>
    `Cash drawers still open: ${users.join(', ')}. Close them before closing the day.`,
  dayAlreadyClosed: (date: string) => `The day ${formatIndianDate(date)} is already closed.`,
  dayNotClosed: (date: string) => `The day ${formatIndianDate(date)} is not closed.`,
} as const;

/** Who acts, and the business day in the company's time zone. */
export interface DayActor {
  companyId: number;
  userId: number;
  role: string;
  today: string;
}

/** The business date of a drawer request: today unless sent, never after today (422). */
export function drawerDateOf(sent: string | undefined, today: string): string {
  const date = sent ?? today;
  if (date > today) throw AppError.field('business_date', BRANCH_DAY_MESSAGES.futureDate);
  return date;
}

/**
 * Opens the caller's drawer of a business date with its counted float (POST /cash-drawer/open): 409
 * DAY_CLOSED on a closed day, DRAWER_ALREADY_OPEN / DRAWER_ALREADY_CLOSED when the user has one.
 */
export async function openDrawer(db: Db, actor: DayActor, input: OpenCashDrawerInput): Promise<number> {
  const date = drawerDateOf(input.business_date, actor.today);
  const openingPaise = denominationsTotalPaise(input.denominations);
  return db.transaction(async (tx) => {
    // Under the day's shared lock: a day close waits for this drawer, or this drawer sees the close.
    await lockDayShared(tx, actor.companyId, date);
    if (await isDayClosed(tx, actor.companyId, date)) {
      throw AppError.conflict('DAY_CLOSED', DAY_MESSAGES.dayClosed(date));
    }
    const id = await insertDrawer(tx, {
      companyId: actor.companyId,
      userId: actor.userId,
      businessDate: date,
      status: 'open',
      openingDenominations: input.denominations,
      openingAmount: numericFromPaise(openingPaise),
      openingRemarks: input.remarks ?? null,
    });
    if (id !== undefined) {
      const after = await rowSnapshot(tx, 'cash_drawers', actor.companyId, id);
      await recordAudit(tx, { action: 'open', entity: 'cash_drawer', entityId: id, after });
      return id;
    }
    const existing = await findUserDrawerRecord(tx, actor.companyId, actor.userId, date);
    if (existing?.status === 'closed') {
      throw AppError.conflict('DRAWER_ALREADY_CLOSED', BRANCH_DAY_MESSAGES.drawerAlreadyClosed(date));
    }
    throw AppError.conflict('DRAWER_ALREADY_OPEN', BRANCH_DAY_MESSAGES.drawerAlreadyOpen(date));
  });
}

const approverError = () =>
  new AppError('VALIDATION', 422, BRANCH_DAY_MESSAGES.approverWrong, [
    { loc: ['body', 'approver', 'password'], msg: BRANCH_DAY_MESSAGES.approverWrong, type: 'value_error' },
  ]);

/**
 * The admin who approves a difference by typing their name and password on the clerk's screen: checked
 * as sign-in checks a password (argon2id, the sign-in throttle's budgets counted in their own
 * 'approval' scope, one answer whether the name or the password is wrong, or the user is no admin). Admins work for every company (docs/domain-rules.md §7.4).
 */
/**
 * A refused approver, answered out of the money transaction instead of thrown in it: the transaction
 * then commits what the check wrote (the throttle's count, the audit of the refusal) and nothing else,
 * since nothing of the money is written yet; the caller throws `error` after the commit
 * (`unlessRefused`). Every approval (a drawer's difference, a payment's discount or penalty, a
 * renewal's heavier article) is checked so, inside the transaction it allows (docs/domain-rules.md §7.4).
 */
export class RefusedApproval {
  constructor(readonly error: AppError) {}
}

/** The transaction's answer, or the refused approval it carried out thrown now that it has committed. */
export function unlessRefused<T>(outcome: T | RefusedApproval): T {
  if (outcome instanceof RefusedApproval) throw outcome.error;
  return outcome;
}

/** One drawer of the company: an admin sees every drawer, anyone else only their own (404 otherwise). */
export async function findVisibleDrawer(db: DbOrTx, actor: DayActor, id: number): Promise<DrawerRecord> {
  const d = await findDrawerRecord(db, actor.companyId, id);
  if (!d || (actor.role !== 'admin' && d.userId !== actor.userId)) throw AppError.notFound('Cash drawer');
  return d;
}

export async function verifyApprover(
  db: Db,
  approver: { username: string; password: string },
  ip: string,
): Promise<number> {
  // Counted apart from sign-ins: a clerk's wrong guesses never lock the admin out.
  const { waitSeconds, slowMs } = await admitAttempt(db, approver.username, ip, 'approval');
  if (waitSeconds > 0) {
    throw new AppError(
      'TOO_MANY_ATTEMPTS',
      429,
      BRANCH_DAY_MESSAGES.tooManyAttempts(waitSeconds),
      undefined,
      {
        'retry-after': String(waitSeconds),
      },
    );
  }
  if (slowMs > 0) await throttleClock.sleep(slowMs);
  const user = await findUserByUsername(db, approver.username);
  const ok = await verifyPassword(user?.passwordHash ?? null, approver.password);
  if (!user || !ok || user.role !== 'admin') {
    // Kept in the audit trail as a failed sign-in is: someone tried an approver's name with a wrong password,
    // or a name that cannot approve. The clerk who asked is the request's user; the row stands alone.
    await recordAudit(db, {
      action: 'approval_failed',
      entity: 'approval',
      after: {
        approver_username: approver.username,
        refused: !user || !ok ? 'wrong name or password' : 'not an admin',
      },
    });
    throw approverError();
  }
  await admitSucceeded(db, approver.username, ip, 'approval');
  return user.id;
}

/**
 * Closes the caller's drawer (POST /cash-drawer/close), in one transaction under the drawer's row lock:
 * expected = opening + the user's cash received − paid out on the day (the books' lines on 1000 of the
 * vouchers the user wrote), the count, the difference; a difference needs an admin's approval and is
 * posted as a Journal (docs/domain-rules.md §6.2: a shortage Dr 5100 Cr 1000, an excess Dr 1000 Cr 4300) dated on
 * the business date and written as the drawer's user's.
 *
 * The approver's password is checked inside the transaction once a difference is found, so the
 * approval and the close it allows are one; a refused approver is a RefusedApproval (its throttle count
 * and audit commit, the drawer stays open).
 */
export async function closeDrawer(
  db: Db,
  actor: DayActor,
  input: CloseCashDrawerInput,
  ip: string | null,
): Promise<number> {
  const date = drawerDateOf(input.business_date, actor.today);
  const countedPaise = denominationsTotalPaise(input.denominations);
  const outcome = await db.transaction(async (tx: Tx): Promise<number | RefusedApproval> => {
    // The day's lock before the drawer's row, in the order every voucher takes them (no deadlock).
    await lockDayShared(tx, actor.companyId, date);
    if (await isDayClosed(tx, actor.companyId, date)) {
      throw AppError.conflict('DAY_CLOSED', DAY_MESSAGES.dayClosed(date));
    }
    const drawer = await lockUserDrawer(tx, actor.companyId, actor.userId, date);
    if (!drawer) throw AppError.conflict('DRAWER_NOT_OPEN', BRANCH_DAY_MESSAGES.drawerNotOpen(date));
    if (drawer.status === 'closed') {
      throw AppError.conflict('DRAWER_ALREADY_CLOSED', BRANCH_DAY_MESSAGES.drawerAlreadyClosed(date));
    }
    const before = await rowSnapshot(tx, 'cash_drawers', actor.companyId, drawer.id);
    // Only the cash moved after the drawer was opened: the same sum the payouts of
    // the day were checked against (drawer-guard.ts).
    const expectedPaise = drawerHeldPaise(
      drawer,
      await findCashMovements(tx, actor.companyId, date, drawer.userId),
    );
    const difference = drawerDifference({ expectedPaise, countedPaise });
    let voucherId: number | null = null;
    let approvedBy: number | null = null;
    if (difference.kind !== 'match') {
      if (actor.role === 'admin') approvedBy = actor.userId;
      else if (input.approver) {
        try {
          approvedBy = await verifyApprover(tx, input.approver, ip ?? '');
        } catch (err) {
          if (err instanceof AppError) return new RefusedApproval(err);
          throw err;
        }
      }
      if (approvedBy === null) {
        const msg = BRANCH_DAY_MESSAGES.needsApproval(difference.differencePaise);
        throw new AppError('VALIDATION', 422, msg, [
          { loc: ['body', 'approver'], msg, type: 'approval_required' },
        ]);
      }
      const what = difference.kind === 'shortage' ? 'shortage' : 'excess';
      const voucher = await postVoucher(tx, {
        companyId: actor.companyId,
        voucherType: 'Journal',
        entryDate: date,
        narration: `Cash drawer ${drawer.id} of ${formatIndianDate(date)}: ${what} of ${formatRupees(Math.abs(difference.differencePaise))} at the close`,
        referenceNumber: `DRAWER-${drawer.id}`,
        lines: difference.lines,
        source: { kind: DRAWER_SOURCE_KIND, id: drawer.id },
        createdBy: drawer.userId,
      });
      voucherId = voucher.id;
    }
    await updateDrawer(tx, actor.companyId, drawer.id, {
      status: 'closed',
      expectedAmount: numericFromPaise(expectedPaise),
      countedDenominations: input.denominations,
      countedAmount: numericFromPaise(countedPaise),
      differenceAmount: numericFromPaise(difference.differencePaise),
      differenceVoucherId: voucherId,
      approvedBy,
      closeRemarks: input.remarks ?? null,
      closedAt: new Date().toISOString(),
      closedBy: actor.userId,
    });
    // The drawer as closed, with who approved its difference and the voucher that posted it.
    const closed = await rowSnapshot(tx, 'cash_drawers', actor.companyId, drawer.id);
    const record = await findDrawerRecord(tx, actor.companyId, drawer.id);
    const after = closed && {
      ...closed,
      approver_username: record?.approverName ?? null,
      difference_voucher: voucherId === null ? null : await voucherSnapshot(tx, actor.companyId, voucherId),
    };
    await recordAudit(tx, {
      action: 'close',
      entity: 'cash_drawer',
      entityId: drawer.id,
      before,
      after,
      reason: input.remarks ?? null,
    });
    return drawer.id;
  });
  return unlessRefused(outcome);
}

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
