import {
  type CashLimitMode,
  type CashSettings,
  type CashSettingsInput,
  cashLimitMessage,
  cashLimitVerdict,
  type DrawerShortPayoutMode,
  type NoDrawerPayoutMode,
  paiseToRupees,
  rupeesToPaise,
} from '@pledge-desk/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/open-db.ts';
import { companies } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { numericFromPaise } from '../../lib/numeric.ts';

/** A company's cash limit in paise, its mode, and the drawer rules of a payout. */
export interface CashLimit {
  limitPaise: number;
  mode: CashLimitMode;
  noDrawerPayout: NoDrawerPayoutMode;
  drawerShortPayout: DrawerShortPayoutMode;
}

/** The columns of `companies` a cash limit is read from, as stored. */
export interface CashLimitColumns {
  limit: string;
  mode: string;
  noDrawer: string;
  short: string;
}

/** The company's row as a `CashLimit`. */
export const toCashLimit = (row: CashLimitColumns): CashLimit => ({
  limitPaise: rupeesToPaise(row.limit),
  mode: row.mode === 'block' ? 'block' : 'warn',
  noDrawerPayout: row.noDrawer === 'block' ? 'block' : 'warn',
  drawerShortPayout: row.short === 'admin' ? 'admin' : 'block',
});

export async function findCashLimit(db: DbOrTx, companyId: number): Promise<CashLimit | undefined> {
  const rows = await db
    .select({
      limit: companies.cashLimit,
      mode: companies.cashLimitMode,
      noDrawer: companies.noDrawerPayout,
      short: companies.drawerShortPayout,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  const row = rows[0];
  return row ? toCashLimit(row) : undefined;
}

export const toCashSettingsView = (c: CashLimit): CashSettings => ({
  cash_limit: paiseToRupees(c.limitPaise),
  cash_limit_mode: c.mode,
  no_drawer_payout: c.noDrawerPayout,
  drawer_short_payout: c.drawerShortPayout,
});

export async function updateCashLimit(tx: Tx, companyId: number, input: CashSettingsInput): Promise<void> {
  await tx
    .update(companies)
    .set({
      cashLimit: numericFromPaise(rupeesToPaise(input.cash_limit)),
      cashLimitMode: input.cash_limit_mode,
      // A rule left out keeps its setting (a screen or client that knows only the limit).
      ...(input.no_drawer_payout ? { noDrawerPayout: input.no_drawer_payout } : {}),
      ...(input.drawer_short_payout ? { drawerShortPayout: input.drawer_short_payout } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(companies.id, companyId));
}

/**
 * Refuses a cash amount the company's limit does not allow (the Income-tax Act's
 * ss. 269SS / 269T): 'block' mode → 422 under the method field, 'warn' mode unconfirmed → 422 under
 * `cash_limit_confirmed` with type `cash_limit_confirm` (the screen asks, then sends it again confirmed).
 * Answers whether the amount was at or over the limit (so a confirmation is worth recording).
 */
export async function assertCashLimit(db: DbOrTx, companyId: number, p: CashLimitCheck): Promise<boolean> {
  if (p.method !== 'cash') return false;
  return checkCashLimit(await findCashLimit(db, companyId), p);
}

export interface CashLimitCheck {
  amountPaise: number;
  method: string;
  confirmed: boolean;
  what: 'payout' | 'receipt';
  methodField: 'payout_method' | 'payment_method';
}

/** `assertCashLimit` on a limit the caller has read already (a single payment reads it with its lock). */
export function checkCashLimit(limit: CashLimit | undefined, p: CashLimitCheck): boolean {
  if (p.method !== 'cash' || !limit) return false;
  const verdict = cashLimitVerdict({
    amountPaise: p.amountPaise,
    method: p.method,
    limitPaise: limit.limitPaise,
    mode: limit.mode,
    confirmed: p.confirmed,
  });
  if (verdict === 'block') {
    const msg = cashLimitMessage('block', limit.limitPaise, p.what);
    throw new AppError('VALIDATION', 422, msg, [
      { loc: ['body', p.methodField], msg, type: 'cash_limit_block' },
    ]);
  }
  if (verdict === 'confirm') {
    const msg = cashLimitMessage('confirm', limit.limitPaise, p.what);
    throw new AppError('VALIDATION', 422, msg, [
      { loc: ['body', 'cash_limit_confirmed'], msg, type: 'cash_limit_confirm' },
    ]);
  }
  return p.amountPaise >= limit.limitPaise;
}
