import {
  type CloseCashDrawerInput,
  denominationsTotalPaise,
  drawerDifference,
  formatIndianDate,
  formatRupees,
  type OpenCashDrawerInput,
  voucherNarration,
} from '@pledge-desk/domain';
import type { Db, DbOrTx, Tx } from '../../db/open-db.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';
import { recordAudit, rowSnapshot } from '../../plugins/audit.ts';
import { approverInTransaction, RefusedApproval, unlessRefused } from '../auth/approver.service.ts';
import { voucherSnapshot } from '../daybook/daybook.service.ts';
import { DAY_MESSAGES, isDayClosed, lockDayShared } from '../vouchers/day-guard.ts';
import { drawerHeldPaise } from '../vouchers/drawer-guard.ts';
import { DRAWER_SOURCE_KIND, postVoucher } from '../vouchers/vouchers.service.ts';
import {
  type DrawerRecord,
  findCashMovements,
  findDrawerRecord,
  findUserDrawerRecord,
  insertDrawer,
  lockUserDrawer,
  updateDrawer,
} from './branch-day.repository.ts';
import { BRANCH_DAY_MESSAGES, type DayActor, drawerDateOf } from './branch-day-shared.ts';

// A user's cash drawer: opened with its float, closed with its count (docs/domain-rules.md §9.2).

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

/** One drawer of the company: an admin sees every drawer, anyone else only their own (404 otherwise). */
export async function findVisibleDrawer(db: DbOrTx, actor: DayActor, id: number): Promise<DrawerRecord> {
  const d = await findDrawerRecord(db, actor.companyId, id);
  if (!d || (actor.role !== 'admin' && d.userId !== actor.userId)) throw AppError.notFound('Cash drawer');
  return d;
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
        const approver = await approverInTransaction(tx, input.approver, ip ?? '');
        if (approver instanceof RefusedApproval) return approver;
        approvedBy = approver;
      }
      if (approvedBy === null) {
        const msg = BRANCH_DAY_MESSAGES.needsApproval(difference.differencePaise);
        throw new AppError('VALIDATION', 422, msg, [
          { loc: ['body', 'approver'], msg, type: 'approval_required' },
        ]);
      }
      const voucher = await postVoucher(tx, {
        companyId: actor.companyId,
        voucherType: 'Journal',
        entryDate: date,
        ...voucherNarration(difference.kind === 'shortage' ? 'drawer_shortage' : 'drawer_excess', {
          drawer: String(drawer.id),
          date: formatIndianDate(date),
          amount: formatRupees(Math.abs(difference.differencePaise)),
        }),
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
