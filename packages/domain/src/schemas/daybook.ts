import { z } from 'zod';
import { rupeesToPaise } from '../money/money.ts';
import {
  id,
  MAX_VOUCHER_LINES,
  MAX_VOUCHER_RUPEES,
  nonNegativeRupees,
  optionalText,
  plainDate,
  requiredText,
  rupees,
} from './common.ts';

export const VOUCHER_TYPE_NAMES = ['Journal', 'Receipt', 'Payment', 'Contra'] as const;

export const DAYBOOK_MESSAGES = {
  noAmount: 'Please enter at least one debit or credit amount.',
  unbalanced: 'Total debits must equal total credits.',
  twoAccounts: 'At least two accounts must be involved in the entry.',
  bothSides: 'A line cannot have both a debit and a credit amount.',
  totalMismatch: 'Total amount must equal the total of the debits.',
  tooManyLines: `A voucher can have at most ${MAX_VOUCHER_LINES} lines.`,
  totalTooLarge: 'The total of this voucher is too large.',
} as const;

export const daybookDetailSchema = z.object({
  account_id: id('Please select an account'),
  debit_amount: nonNegativeRupees('Debit amount cannot be negative').default(0),
  credit_amount: nonNegativeRupees('Credit amount cannot be negative').default(0),
  narration: optionalText(500),
});
export type DaybookDetailInput = z.infer<typeof daybookDetailSchema>;

/**
 * POST/PUT /daybook-entries (shell-and-masters §5): at least two accounts, every line a debit or a
 * credit, debits equal to credits. The spec's 0.01 tolerance came from adding floats in rupees; in
 * whole paise the totals are exact, so they must be equal (a voucher must balance, DOMAIN-RULES §6).
 */
export const daybookEntrySchema = z
  .object({
    entry_date: plainDate('Entry date is required'),
    voucher_type: z.enum(VOUCHER_TYPE_NAMES, { error: 'Please select a voucher type' }),
    reference_number: optionalText(100),
    narration: requiredText('Narration is required', 500),
    total_amount: rupees('Total amount must be a number').optional(),
    company_id: id('No company selected. Please select a company.').optional(),
    details: z
      .array(daybookDetailSchema, { error: DAYBOOK_MESSAGES.twoAccounts })
      .max(MAX_VOUCHER_LINES, { error: DAYBOOK_MESSAGES.tooManyLines }),
  })
  .superRefine((entry, ctx) => {
    const lines = entry.details.filter((d) => d.debit_amount > 0 || d.credit_amount > 0);
    if (lines.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.noAmount });
      return;
    }
    entry.details.forEach((d, i) => {
      if (d.debit_amount > 0 && d.credit_amount > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['details', i, 'credit_amount'],
          message: DAYBOOK_MESSAGES.bothSides,
        });
      }
    });
    if (entry.details.length < 2 || new Set(lines.map((d) => d.account_id)).size < 2) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.twoAccounts });
    }
    let debit = 0;
    let credit = 0;
    try {
      for (const d of lines) {
        debit += rupeesToPaise(d.debit_amount);
        credit += rupeesToPaise(d.credit_amount);
      }
    } catch {
      return; // the amount checks above already name the bad line
    }
    if (debit > rupeesToPaise(MAX_VOUCHER_RUPEES)) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.totalTooLarge });
    } else if (debit !== credit) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: DAYBOOK_MESSAGES.unbalanced });
    } else if (entry.total_amount !== undefined && rupeesToPaiseSafe(entry.total_amount) !== debit) {
      ctx.addIssue({ code: 'custom', path: ['total_amount'], message: DAYBOOK_MESSAGES.totalMismatch });
    }
  });
export type DaybookEntryInput = z.infer<typeof daybookEntrySchema>;
/** What a form may send before defaults are applied. */
export type DaybookEntryFormInput = z.input<typeof daybookEntrySchema>;

function rupeesToPaiseSafe(value: number): number | undefined {
  try {
    return rupeesToPaise(value);
  } catch {
    return undefined;
  }
}
