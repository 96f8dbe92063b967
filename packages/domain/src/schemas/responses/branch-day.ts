import { CASH_LIMIT_MODES } from '../../cash/cash-limit.ts';
import { DRAWER_SHORT_PAYOUT_MODES, NO_DRAWER_PAYOUT_MODES } from '../../cash/drawer.ts';
import { z } from '../zod.ts';

/** Answers of the branch's day; money in rupees. */

export const denominationsViewSchema = z.object({
  '500': z.number().int(),
  '200': z.number().int(),
  '100': z.number().int(),
  '50': z.number().int(),
  '20': z.number().int(),
  '10': z.number().int(),
  coins: z.number(),
});

const userRef = z.object({ id: z.number().int(), username: z.string() }).nullable();

/**
 * The cash movements of a drawer by what wrote them (the voucher's source: 'pledge' payouts,
 * 'payment' receipts, 'payment-reversal', 'pledge-reversal', 'manual' daybook entries …), each with
 * the cash received (Dr 1000), paid out (Cr 1000) and the number of vouchers.
 */
export const drawerMovementSchema = z.object({
  kind: z.string(),
  receipts: z.number(),
  payouts: z.number(),
  count: z.number().int(),
});

export const cashDrawerSchema = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), username: z.string() }),
  business_date: z.string(),
  status: z.enum(['open', 'closed']),
  opening: z.object({ denominations: denominationsViewSchema, amount: z.number() }),
  opening_remarks: z.string().nullable(),
  opened_at: z.string(),
  /** Cash an admin added to the drawer from the safe to cover payouts it could not. */
  added: z.number(),
  /** Live while open; as fixed at the close once closed. */
  receipts: z.number(),
  payouts: z.number(),
  by_kind: z.array(drawerMovementSchema),
  expected: z.number(),
  counted: z.object({ denominations: denominationsViewSchema, amount: z.number() }).nullable(),
  /** counted − expected: negative a shortage, positive an excess; null while open. */
  difference: z.number().nullable(),
  difference_voucher: z.object({ id: z.number().int(), voucher_number: z.string() }).nullable(),
  approved_by: userRef,
  closed_by: userRef,
  closed_at: z.string().nullable(),
  close_remarks: z.string().nullable(),
});
export type CashDrawer = z.infer<typeof cashDrawerSchema>;

export const businessDaySchema = z.object({
  date: z.string(),
  status: z.enum(['open', 'closed']),
  closed_at: z.string().nullable(),
  closed_by: userRef,
  /** Every close and reopen, oldest first; a reopen carries its reason. */
  events: z.array(
    z.object({
      action: z.enum(['close', 'reopen']),
      at: z.string(),
      user: userRef,
      reason: z.string().nullable(),
    }),
  ),
});
export type BusinessDay = z.infer<typeof businessDaySchema>;

/** GET /cash-drawer/current?date=: the caller's drawer of the day (null before it is opened). */
export const currentCashDrawerSchema = z.object({
  date: z.string(),
  day: businessDaySchema,
  drawer: cashDrawerSchema.nullable(),
});
export type CurrentCashDrawer = z.infer<typeof currentCashDrawerSchema>;

/**
 * GET /days/{date} (admin): the day with every drawer, for the day close screen and the day-end
 * sheet; totals over the drawers.
 */
export const dayDetailSchema = z.object({
  company: z.object({
    id: z.number().int(),
    company_name: z.string(),
    address: z.string(),
    licence_no: z.string(),
  }),
  day: businessDaySchema,
  drawers: z.array(cashDrawerSchema),
  totals: z.object({
    opening: z.number(),
    /** Cash admins added to the drawers to cover payouts. */
    added: z.number().default(0),
    receipts: z.number(),
    payouts: z.number(),
    expected: z.number(),
    counted: z.number().nullable(),
    difference: z.number().nullable(),
  }),
  /** Cash vouchers of the day written by users without a drawer (an admin at the books, say). */
  outside_drawers: z.object({ receipts: z.number(), payouts: z.number(), count: z.number().int() }),
  /**
   * The day's cash receipts and payouts as the books have them (Cash in Hand, 1000), whether or not a
   * drawer was opened: the drawers' and the cash outside them together (a drawer's count difference is
   * not a receipt or a payout).
   */
  day_cash: z.object({ receipts: z.number(), payouts: z.number(), count: z.number().int() }),
});
export type DayDetail = z.infer<typeof dayDetailSchema>;

export const cashSettingsViewSchema = z.object({
  cash_limit: z.number(),
  cash_limit_mode: z.enum(CASH_LIMIT_MODES),
  /**
   * A cash payout by someone with no drawer open: the screen warns, or refuses. An
   * answer without it (a server before the setting) reads as the default.
   */
  no_drawer_payout: z.enum(NO_DRAWER_PAYOUT_MODES).default('warn'),
  /** A cash payout larger than the drawer holds: refused, or only an admin's. */
  drawer_short_payout: z.enum(DRAWER_SHORT_PAYOUT_MODES).default('block'),
});
export type CashSettings = z.infer<typeof cashSettingsViewSchema>;
