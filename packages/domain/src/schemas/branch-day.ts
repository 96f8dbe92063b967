import { CASH_LIMIT_MODES } from '../cash/cash-limit.ts';
import {
  DENOMINATION_KEYS,
  DRAWER_SHORT_PAYOUT_MODES,
  MAX_NOTES_PER_KIND,
  NO_DRAWER_PAYOUT_MODES,
  unknownDenominationMessage,
} from '../cash/drawer.ts';
import { nonNegativeRupees, optionalText, plainDate, positiveRupees } from './common.ts';
import { z } from './zod.ts';

/** Request bodies of the branch's day. */

const noteCount = (note: number) =>
  z
    .number({ error: `Enter the count of ₹${note} notes` })
    .int({ error: `The count of ₹${note} notes must be a whole number` })
    .min(0, { error: `The count of ₹${note} notes cannot be negative` })
    .max(MAX_NOTES_PER_KIND, { error: `The count of ₹${note} notes is too large` })
    .default(0);

/**
 * A count of the drawer: notes by count, coins in rupees (every field 0 when left out). Any other key
 * is refused under its own name (`denominations.2000`), never dropped.
 */
export const denominationsSchema = z
  .looseObject({
    '500': noteCount(500),
    '200': noteCount(200),
    '100': noteCount(100),
    '50': noteCount(50),
    '20': noteCount(20),
    '10': noteCount(10),
    coins: nonNegativeRupees('Coins cannot be negative', 'Enter the coins in rupees').default(0),
  })
  .superRefine((count, ctx) => {
    for (const key of Object.keys(count)) {
      if (DENOMINATION_KEYS.includes(key)) continue;
      ctx.addIssue({ code: 'custom', path: [key], message: unknownDenominationMessage(key) });
    }
  });
export type DenominationsInput = z.input<typeof denominationsSchema>;

/** An admin's name and password typed on the closing user's screen to approve a difference. */
export const approverSchema = z.object({
  username: z.string({ error: 'Enter the approving admin’s username' }).trim().min(1).max(150),
  password: z.string({ error: 'Enter the approving admin’s password' }).min(1).max(256),
});

/** POST /cash-drawer/open: the counted float of the caller's drawer for a business date (default today). */
export const openCashDrawerSchema = z.object({
  business_date: plainDate('Business date must be a date').optional(),
  denominations: denominationsSchema,
  remarks: optionalText(500),
});
export type OpenCashDrawerInput = z.infer<typeof openCashDrawerSchema>;

/**
 * POST /cash-drawer/close: the count at the close. A difference from the expected cash needs an
 * admin's approval: the caller's own when they are an admin, otherwise `approver`.
 */
export const closeCashDrawerSchema = z.object({
  business_date: plainDate('Business date must be a date').optional(),
  denominations: denominationsSchema,
  remarks: optionalText(500),
  approver: approverSchema.nullable().optional(),
});
export type CloseCashDrawerInput = z.infer<typeof closeCashDrawerSchema>;

/** POST /days/{date}/close. */
export const closeDaySchema = z.object({ remarks: optionalText(500) });

/** POST /days/{date}/reopen: the reason is kept with the day. */
export const reopenDaySchema = z.object({
  reason: z
    .string({ error: 'Enter the reason for reopening the day' })
    .trim()
    .min(5, { error: 'Enter the reason for reopening the day (at least 5 characters)' })
    .max(500, { error: 'The reason must be at most 500 characters' })
    .refine((v) => !v.includes('\u0000'), { error: 'The reason contains an invalid character' }),
});
export type ReopenDayInput = z.infer<typeof reopenDaySchema>;

/**
 * PUT /companies/{id}/cash-settings: the cash limit, and the drawer rules of a cash payout (a rule
 * left out keeps its setting).
 */
export const cashSettingsSchema = z.object({
  cash_limit: positiveRupees('Cash limit must be above 0'),
  cash_limit_mode: z.enum(CASH_LIMIT_MODES, { error: "Cash limit mode must be 'warn' or 'block'" }),
  no_drawer_payout: z
    .enum(NO_DRAWER_PAYOUT_MODES, { error: "A payout without an open drawer must be 'warn' or 'block'" })
    .optional(),
  drawer_short_payout: z
    .enum(DRAWER_SHORT_PAYOUT_MODES, {
      error: "A payout larger than the drawer holds must be 'block' or 'admin'",
    })
    .optional(),
});
export type CashSettingsInput = z.infer<typeof cashSettingsSchema>;
