import {
  DRAWER_PAYOUT_MESSAGES,
  drawerExpectedPaise,
  drawerPayoutVerdict,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { cashDrawers, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../accounts/accounts.repository.ts';
import { findCashLimit } from '../companies/cash-settings.ts';
import { DAY_MESSAGES } from './day-guard.ts';
import { numericFromPaise } from './vouchers.repository.ts';

/**
 * The drawer rules every cash voucher passes, in one place:
 * `postVoucher` calls `guardDrawerCash` for each voucher that touches 1000 Cash in Hand, whichever
 * module writes it (a pledge's payout, a renewal, an auction surplus paid out, a bank return, a manual
 * daybook entry), so no payout screen or service carries its own copy.
 *
 * Whose cash a drawer holds (docs/decisions.md, 2026-11-28): a voucher belongs to the drawer of the
 * user who wrote it, of the voucher's date, when it was written at or after that drawer was opened
 * (`vouchers.created_at >= cash_drawers.opened_at`). Several drawers open at once are several users'
 * (one drawer per user and date), so each holds only its own user's cash; what a user did on the day
 * before opening their drawer went through none, and is listed outside the drawers on the day sheet.
 */

/** The source kind of a drawer's difference voucher (5100 Cash Short / 4300 Cash Over). */
export const DRAWER_SOURCE_KIND = 'cash-drawer';

/**
 * Corrections, not cash across the counter: a reversal moves the drawer's figures (it is one of its
 * movements) but the payout rules do not refuse it: an admin undoing a wrong receipt is not paying out.
 */
const isReversal = (kind: string) => kind.endsWith('-reversal');

/** One group of cash movements: the vouchers of one writer, source kind and drawer. */
export interface CashMovement {
  userId: number | null;
  kind: string;
  /** The drawer that holds these vouchers' cash; null: written when their writer had none open. */
  drawerId: number | null;
  receipts: string;
  payouts: string;
  count: number;
}

/**
 * The cash movements of a day (Dr 1000 received, Cr 1000 paid out) grouped by who wrote the voucher,
 * its source kind and the drawer that holds it, leaving out the drawers' own difference vouchers; only
 * `userId`'s when given. Reads the lines of 1000 on the date through voucher_lines_account_date_idx.
 */
export function cashMovementsQuery(companyId: number, date: string, userId?: number): SQL {
  const byUser = userId === undefined ? sql`` : sql`and v.created_by = ${userId}`;
  return sql`
    select v.created_by as "userId", v.source_kind as kind,
           case when d.opened_at <= v.created_at then d.id end as "drawerId",
           coalesce(sum(l.debit), 0)::text as receipts, coalesce(sum(l.credit), 0)::text as payouts,
           count(distinct v.id)::int as count
      from voucher_lines l
      join vouchers v on v.company_id = l.company_id and v.id = l.voucher_id
      left join cash_drawers d
        on d.company_id = v.company_id and d.user_id = v.created_by and d.business_date = l.entry_date
     where l.company_id = ${companyId}
       and l.account_id = (select a.id from chart_accounts a
                            where a.company_id = ${companyId} and lower(a.account_code) = '1000')
       and l.entry_date = ${date}
       and v.source_kind <> ${DRAWER_SOURCE_KIND}
       ${byUser}
     group by 1, 2, 3
     order by v.source_kind, 3`;
}

export async function findCashMovements(
  db: DbOrTx,
  companyId: number,
  date: string,
  userId?: number,
): Promise<CashMovement[]> {
  return rowsOf<CashMovement>(await db.execute(cashMovementsQuery(companyId, date, userId)));
}

/** A drawer's figures as its rules need them: what it holds is its expected cash. */
export function drawerHeldPaise(
  drawer: { id: number; openingAmount: string; addedAmount: string },
  movements: readonly CashMovement[],
): number {
  return drawerExpectedPaise({
    openingPaise: rupeesToPaise(drawer.openingAmount),
    addedPaise: rupeesToPaise(drawer.addedAmount),
    movements: movements.map((m) => ({
      receiptsPaise: rupeesToPaise(m.receipts),
      payoutsPaise: rupeesToPaise(m.payouts),
      afterOpening: m.drawerId === drawer.id,
    })),
  });
}

/**
 * Checks one cash voucher against its writer's drawer of its date, inside the voucher's transaction:
 *
 * - a closed drawer takes no more cash of its user on its day (409 DRAWER_CLOSED);
 * - a payout (`cashOutPaise` > 0: its credits to 1000 less its debits) with no drawer open is refused
 *   when the company's `no_drawer_payout` is 'block' (409 DRAWER_NOT_OPEN), taken when 'warn' (the
 *   payout screen said so before);
 * - a payout larger than the drawer holds is refused (409 DRAWER_SHORT), or, with `drawer_short_payout`
 *   'admin' and an admin writing it, taken with the shortfall recorded on the drawer as added cash.
 *
 * Locking: the drawer row is read FOR SHARE, or FOR UPDATE for a payout (two payouts of one clerk
 * then queue, the second seeing the first's cash gone). A drawer close holds the row FOR UPDATE, so a
 * close either counts this voucher or has committed and this voucher is refused; a drawer never closes
 * on a sum that misses a voucher. `writtenAt`: a revised manual voucher keeps the drawer it was written
 * in (its created_at); a new one is written now.
 */
export async function guardDrawerCash(
  tx: Tx,
  v: {
    companyId: number;
    userId: number;
    date: string;
    cashOutPaise: number;
    sourceKind: string;
    writtenAt?: string;
  },
): Promise<void> {
  const isPayout = v.cashOutPaise > 0 && !isReversal(v.sourceKind);
  const select = tx
    .select({
      id: cashDrawers.id,
      status: cashDrawers.status,
      openingAmount: cashDrawers.openingAmount,
      addedAmount: cashDrawers.addedAmount,
      holds: sql<boolean>`${cashDrawers.openedAt} <= coalesce(${v.writtenAt ?? null}::timestamptz, now())`,
    })
    .from(cashDrawers)
    .where(
      and(
        eq(cashDrawers.companyId, v.companyId),
        eq(cashDrawers.userId, v.userId),
        eq(cashDrawers.businessDate, v.date),
      ),
    );
  const [drawer] = isPayout ? await select.for('update') : await select.for('share');
  if (drawer?.status === 'closed') {
    throw AppError.conflict('DRAWER_CLOSED', DAY_MESSAGES.drawerClosed(v.date));
  }
  if (!isPayout) return;
  const settings = await findCashLimit(tx, v.companyId);
  if (!settings) return;
  // A drawer opened while this voucher's transaction was already running does not hold it (the same
  // rule as the movements': written at or after the opening).
  const holding = drawer?.holds ? drawer : undefined;
  const heldPaise = holding
    ? drawerHeldPaise(holding, await findCashMovements(tx, v.companyId, v.date, v.userId))
    : null;
  const [writer] = await tx.select({ role: users.role }).from(users).where(eq(users.id, v.userId));
  const verdict = drawerPayoutVerdict({
    payoutPaise: v.cashOutPaise,
    heldPaise,
    noDrawerMode: settings.noDrawerPayout,
    shortMode: settings.drawerShortPayout,
    isAdmin: writer?.role === 'admin',
  });
  if (verdict.verdict === 'no-drawer') {
    throw AppError.conflict('DRAWER_NOT_OPEN', DRAWER_PAYOUT_MESSAGES.noDrawerBlock(v.date));
  }
  if (verdict.verdict === 'short') {
    throw AppError.conflict(
      'DRAWER_SHORT',
      DRAWER_PAYOUT_MESSAGES.short(verdict.heldPaise, v.cashOutPaise, settings.drawerShortPayout),
    );
  }
  if (verdict.addedPaise > 0 && holding) {
    await tx
      .update(cashDrawers)
      .set({
        addedAmount: sql`${cashDrawers.addedAmount} + ${numericFromPaise(verdict.addedPaise)}::numeric`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(cashDrawers.companyId, v.companyId), eq(cashDrawers.id, holding.id)));
  }
}
