import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { businessDayEvents, businessDays, cashDrawers, users } from '../../db/schema/index.ts';

export type DrawerRow = typeof cashDrawers.$inferSelect;
export type BusinessDayRow = typeof businessDays.$inferSelect;

const approver = alias(users, 'approver');
const closer = alias(users, 'closer');

/** A drawer with the names of its user, approver and closer, and its difference voucher's number. */
export interface DrawerRecord extends DrawerRow {
  username: string;
  approverName: string | null;
  closerName: string | null;
  differenceVoucherNumber: string | null;
}

function drawerSelect(db: DbOrTx) {
  return db
    .select({
      drawer: cashDrawers,
      username: users.username,
      approverName: approver.username,
      closerName: closer.username,
      differenceVoucherNumber: sql<
        string | null
      >`(select v.voucher_number from vouchers v where v.company_id = ${cashDrawers.companyId} and v.id = ${cashDrawers.differenceVoucherId})`,
    })
    .from(cashDrawers)
    .innerJoin(users, eq(users.id, cashDrawers.userId))
    .leftJoin(approver, eq(approver.id, cashDrawers.approvedBy))
    .leftJoin(closer, eq(closer.id, cashDrawers.closedBy));
}

type SelectedDrawer = {
  drawer: DrawerRow;
  username: string;
  approverName: string | null;
  closerName: string | null;
  differenceVoucherNumber: string | null;
};
const toRecord = (r: SelectedDrawer): DrawerRecord => ({
  ...r.drawer,
  username: r.username,
  approverName: r.approverName,
  closerName: r.closerName,
  differenceVoucherNumber: r.differenceVoucherNumber,
});

export async function findDrawerRecord(
  db: DbOrTx,
  companyId: number,
  id: number,
): Promise<DrawerRecord | undefined> {
  const rows = await drawerSelect(db).where(
    and(eq(cashDrawers.companyId, companyId), eq(cashDrawers.id, id)),
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** The user's drawer of a date (index cash_drawers_user_date_key). */
export async function findUserDrawerRecord(
  db: DbOrTx,
  companyId: number,
  userId: number,
  date: string,
): Promise<DrawerRecord | undefined> {
  const rows = await drawerSelect(db).where(
    and(
      eq(cashDrawers.companyId, companyId),
      eq(cashDrawers.userId, userId),
      eq(cashDrawers.businessDate, date),
    ),
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

/** Every drawer of a date, by user name (index cash_drawers_company_date_idx). */
export async function findDayDrawerRecords(
  db: DbOrTx,
  companyId: number,
  date: string,
): Promise<DrawerRecord[]> {
  const rows = await drawerSelect(db)
    .where(and(eq(cashDrawers.companyId, companyId), eq(cashDrawers.businessDate, date)))
    .orderBy(asc(users.username), asc(cashDrawers.id));
  return rows.map(toRecord);
}

/** The user's drawer of a date, locked for its close. */
export async function lockUserDrawer(
  tx: Tx,
  companyId: number,
  userId: number,
  date: string,
): Promise<DrawerRow | undefined> {
  const rows = await tx
    .select()
    .from(cashDrawers)
    .where(
      and(
        eq(cashDrawers.companyId, companyId),
        eq(cashDrawers.userId, userId),
        eq(cashDrawers.businessDate, date),
      ),
    )
    .for('update');
  return rows[0];
}

export async function insertDrawer(
  tx: Tx,
  values: Omit<typeof cashDrawers.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>,
): Promise<number | undefined> {
  const rows = await tx
    .insert(cashDrawers)
    .values(values)
    .onConflictDoNothing({
      target: [cashDrawers.companyId, cashDrawers.userId, cashDrawers.businessDate],
    })
    .returning({ id: cashDrawers.id });
  return rows[0]?.id;
}

export async function updateDrawer(
  tx: Tx,
  companyId: number,
  id: number,
  values: Partial<typeof cashDrawers.$inferInsert>,
): Promise<void> {
  await tx
    .update(cashDrawers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(cashDrawers.companyId, companyId), eq(cashDrawers.id, id)));
}

/** The users whose drawers of the date are still open (for DRAWERS_OPEN). */
export async function findOpenDrawerUsers(tx: Tx, companyId: number, date: string): Promise<string[]> {
  const rows = await tx
    .select({ username: users.username })
    .from(cashDrawers)
    .innerJoin(users, eq(users.id, cashDrawers.userId))
    .where(
      and(
        eq(cashDrawers.companyId, companyId),
        eq(cashDrawers.businessDate, date),
        eq(cashDrawers.status, 'open'),
      ),
    )
    .orderBy(asc(users.username));
  return rows.map((r) => r.username);
}

export {
  type CashMovement,
  cashMovementsQuery,
  findCashMovements,
} from '../vouchers/drawer-guard.ts';

/** A day with the names of who closed it (none: never closed). */
export async function findBusinessDay(
  db: DbOrTx,
  companyId: number,
  date: string,
): Promise<(BusinessDayRow & { closerName: string | null }) | undefined> {
  const rows = await db
    .select({ day: businessDays, closerName: users.username })
    .from(businessDays)
    .leftJoin(users, eq(users.id, businessDays.closedBy))
    .where(and(eq(businessDays.companyId, companyId), eq(businessDays.businessDate, date)));
  return rows[0] ? { ...rows[0].day, closerName: rows[0].closerName } : undefined;
}

export interface DayEventRecord {
  action: string;
  at: string;
  userId: number | null;
  username: string | null;
  reason: string | null;
}

/** Every close and reopen of the day, oldest first (index business_day_events_day_idx). */
export async function findDayEvents(db: DbOrTx, companyId: number, date: string): Promise<DayEventRecord[]> {
  return db
    .select({
      action: businessDayEvents.action,
      at: businessDayEvents.at,
      userId: businessDayEvents.userId,
      username: users.username,
      reason: businessDayEvents.reason,
    })
    .from(businessDayEvents)
    .leftJoin(users, eq(users.id, businessDayEvents.userId))
    .where(and(eq(businessDayEvents.companyId, companyId), eq(businessDayEvents.businessDate, date)))
    .orderBy(asc(businessDayEvents.id));
}

export async function upsertClosedDay(
  tx: Tx,
  companyId: number,
  date: string,
  userId: number,
): Promise<void> {
  await tx
    .insert(businessDays)
    .values({ companyId, businessDate: date, status: 'closed', closedAt: sql`now()`, closedBy: userId })
    .onConflictDoUpdate({
      target: [businessDays.companyId, businessDays.businessDate],
      set: { status: 'closed', closedAt: sql`now()`, closedBy: userId, updatedAt: sql`now()` },
    });
}

export async function markDayReopened(
  tx: Tx,
  companyId: number,
  date: string,
  userId: number,
  reason: string,
): Promise<void> {
  await tx
    .update(businessDays)
    .set({
      status: 'open',
      reopenedAt: sql`now()`,
      reopenedBy: userId,
      reopenReason: reason,
      updatedAt: sql`now()`,
    })
    .where(and(eq(businessDays.companyId, companyId), eq(businessDays.businessDate, date)));
}

export async function insertDayEvent(
  tx: Tx,
  values: {
    companyId: number;
    businessDate: string;
    action: 'close' | 'reopen';
    reason: string | null;
    userId: number;
  },
): Promise<void> {
  await tx.insert(businessDayEvents).values(values);
}
